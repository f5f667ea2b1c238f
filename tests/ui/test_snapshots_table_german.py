"""Snapshots of the table in German at 80×24: a four-player Partner round with its move
log, and a round's summary with its sums (issue 27).

Update with `pytest tests/ui/test_snapshots_table_german.py --snapshot-update`, then look
at the SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.ui.screens.table.summary import RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.ui.helpers import hinted_turns, no_toasts, quiet

from .helpers import make_app, press, settle


def test_a_partner_table_and_its_move_log_in_german(snap_compare) -> None:
    i18n.use("de")  # the autouse fixture goes back to English afterwards
    # the same seed and turns as the English snapshot: the chain has turned its corner,
    # three bot moves since the person's last are marked new
    app = no_toasts(make_app("partner", players=4, seats="You", seed=4))
    assert snap_compare(app, terminal_size=(80, 24), run_before=hinted_turns(6))


def test_a_partner_round_summary_in_german(snap_compare) -> None:
    i18n.use("de")
    app = no_toasts(make_app("partner", players=4, seats="You", seed=4))

    async def run_before(pilot) -> None:
        for _ in range(400):  # the hinted move on each turn, until the round is counted
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, RoundSummaryScreen):
                break
            if isinstance(screen, TableScreen) and screen.my_turn():
                await press(pilot, "h", "enter")
                if screen.end_cursor is not None:
                    await press(pilot, "enter")
        else:
            raise AssertionError("the round never ended")
        quiet(app)
        await pilot.pause(0)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
