"""Learn from your mistakes, as it looks at 80×24 in English and German: a question (the
position as You saw it, the move played and its mark), its answer (the best move found),
and the summary; and a question at 200×60, where the table draws big tiles for a
projector.

Update with `pytest tests/ui/learn/test_learn_snapshots.py --snapshot-update`, then look
at the SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

import pytest

from dominoes_tui import i18n
from dominoes_tui.ui.screens.learn.learn import LearnSummaryScreen
from tests.ui.helpers import wait_for
from tests.ui.learn.helpers import choose, open_lesson, viewer

from .fixture import BEST, PLIES


def stage(upto: str):
    async def run_before(pilot) -> None:
        pilot.app.notify = lambda *a, **k: None  # toasts come and go with time
        screen = await open_lesson(pilot)
        if upto == "question":
            return
        await choose(pilot, screen, BEST[PLIES[0]])
        if upto == "answer":
            return
        for _ in PLIES:
            await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, LearnSummaryScreen))
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("upto", ["question", "answer", "summary"])
def test_a_lesson_at_80x24(snap_compare, language: str, upto: str) -> None:
    i18n.use(language)  # the autouse fixture goes back to English afterwards
    assert snap_compare(viewer(), terminal_size=(80, 24), run_before=stage(upto))


def test_a_question_on_a_projector(snap_compare) -> None:
    assert snap_compare(viewer(), terminal_size=(200, 60), run_before=stage("question"))
