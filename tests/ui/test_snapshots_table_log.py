"""Snapshots of the move log after the chain wrapped (a four-player Partner round at
80×24 and on a 200×60 projector) and of the walk-through's forced-draw step at 80×24.

Update with `pytest tests/ui/test_snapshots_table_log.py --snapshot-update`, then look
at the SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

import pytest

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from tests.ui.helpers import hinted_turns, no_toasts, quiet

from .helpers import make_app, press, settle


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_partner_log_after_the_chain_wrapped(snap_compare, size) -> None:
    # seed 4: by the person's seventh turn the chain has turned its corner at both sizes
    # (big tiles on the projector), and three bot moves since are marked new
    app = no_toasts(make_app("partner", players=4, seats="You", seed=4))
    assert snap_compare(app, terminal_size=size, run_before=hinted_turns(6))


def test_the_walkthroughs_forced_draw_step(snap_compare) -> None:
    app = no_toasts(DominoesApp(MatchSettings(), Prefs(speed="instant")))

    async def run_before(pilot) -> None:
        await settle(app, pilot)
        await press(pilot, "f2")
        for _ in range(4):  # play 3-5 (both ends: Enter twice), 3-6, then the drawn 1-4
            await settle(app, pilot)
            await press(pilot, "enter")
        await settle(app, pilot)
        quiet(app)
        await pilot.pause(0)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
