"""The puzzle trainer as it looks at 80×24 in English and German: a puzzle, its answer
shown, the filter and the sitting's summary; and a puzzle at 200×60, where the table
draws big tiles for a projector.

Update with `pytest tests/ui/puzzles/test_puzzle_snapshots.py --snapshot-update`, then look
at the SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

import pytest

from dominoes_tui import i18n
from dominoes_tui.ui.screens.puzzles.puzzle_dialogs import FilterScreen, SittingScreen

from ..helpers import wait_for
from .fixture import DRAW, ESTIMATE, EXACT, trainer_app


def stage(upto: str):
    async def run_before(pilot) -> None:
        pilot.app.notify = lambda *a, **k: None  # toasts come and go with time
        await pilot.pause()
        if upto == "puzzle":
            return
        if upto == "answer":
            await pilot.press("v")
        elif upto == "filter":
            await pilot.press("f")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, FilterScreen))
        else:
            await pilot.press("v", "q")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, SittingScreen))
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("upto", ["puzzle", "answer", "filter", "summary"])
def test_the_trainer_at_80x24(snap_compare, language: str, upto: str) -> None:
    i18n.use(language)  # the autouse fixture goes back to English afterwards
    assert snap_compare(trainer_app([EXACT, ESTIMATE, DRAW]), terminal_size=(80, 24), run_before=stage(upto))


def test_a_puzzle_on_a_projector(snap_compare) -> None:
    assert snap_compare(trainer_app([EXACT, ESTIMATE, DRAW]), terminal_size=(200, 60), run_before=stage("puzzle"))
