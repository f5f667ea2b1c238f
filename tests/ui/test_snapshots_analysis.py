"""The analysed replay viewer, as it looks (issue 28): at 80×24 on a blunder (its mark, the
best move beside it, the win chance before and after), and at 200×60 with the move list
and the win-chance plot beside the table.

Update with `pytest tests/ui/test_snapshots_analysis.py --snapshot-update`, then look at
the SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

import json

import pytest

from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from tests.ui.screens.replay.helpers import Shelf, made_up, the_steps


def analysed_viewer() -> RecordsApp:
    steps = the_steps()
    shelf = Shelf(json.dumps(made_up(steps).to_json(full=True)))  # kept: no search, the same every time
    return RecordsApp(lambda: ReplayScreen(steps, title="club.jsonl", shelf=shelf))


async def on_the_blunder(pilot) -> None:
    for _ in range(500):
        if pilot.app.screen.analysis is not None:
            break
        await pilot.pause(0.02)
    await pilot.press("n")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
def test_the_analysed_viewer(snap_compare, size) -> None:
    assert snap_compare(analysed_viewer(), terminal_size=size, run_before=on_the_blunder)
