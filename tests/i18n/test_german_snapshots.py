"""What a German player sees at 80×24, kept as snapshots: the command palette at the
table, the settings with the heaviest-first bot in a seat, and a match's end with the
club records' line."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.widgets.choice import Choice
from tests.ui.helpers import make_app, next_turn, press, settle

SIZE = (80, 24)


def test_the_palette_at_the_table_in_german(snap_compare) -> None:
    i18n.use("de")
    app = make_app("draw", seats="Ana,easy", seed=3)

    async def run_before(pilot) -> None:
        from textual.command import CommandList

        await next_turn(app, pilot)
        await press(pilot, "ctrl+p")
        for _ in range(100):  # every command found (the palette gathers them in the background)
            await pilot.pause(0.05)
            lists = app.screen.query(CommandList)
            if lists and lists.first().option_count >= 10:
                break
        from textual.widgets import Input

        for field in app.screen.query(Input):  # its cursor shown, not caught mid-blink on a busy machine
            field.cursor_blink = False
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_the_settings_with_the_heaviest_first_bot_in_a_seat_in_german(snap_compare) -> None:
    i18n.use("de")
    app = DominoesApp(MatchSettings(), Prefs(speed="instant", language="de"))

    async def run_before(pilot) -> None:
        await settle(app, pilot)
        kind = app.screen.query_one("#seat-kind-1", Choice)
        kind.value = "heaviest"
        kind.focus()
        await settle(app, pilot)
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_the_match_end_with_the_club_records_line_in_german(snap_compare) -> None:
    i18n.use("de")
    app = make_app("duel", seats="Ana,heaviest", target=50, seed=8)

    async def run_before(pilot) -> None:
        for _ in range(400):
            await settle(app, pilot)
            if isinstance(app.screen, RoundSummaryScreen) and app.screen.report.match_over:
                break
            await press(pilot, "enter")
        for _ in range(200):  # the recording runs in a thread: its line, once it has spoken
            if app.__dict__.get("records_said"):
                break
            await pilot.pause(0.05)
        await press(pilot, "enter")
        assert isinstance(app.screen, MatchEndScreen)
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
