"""The last round's summary and the match's end, in the walk-through (one round, then
the end): the footer says what Enter does, the prompt line under them is quiet, and
the totals show no target the learner has no use for."""
from __future__ import annotations

from textual.widgets import Static

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import press, screen_lines, settle


async def walk_to_the_summary(app: DominoesApp, pilot) -> None:
    await settle(app, pilot)
    await press(pilot, "f2")
    for _ in range(12):
        await settle(app, pilot)
        await pilot.pause(0)
        if isinstance(app.screen, RoundSummaryScreen):
            return
        await press(pilot, "enter")
    raise AssertionError("the walk-through's round never ended")


def prompt_under(app: DominoesApp) -> str:
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    return str(table.query_one("#prompt").render())


def sums_line(app: DominoesApp) -> str:
    """The line of totals on the top screen (it may be scrolled out of sight)."""
    said = [str(w.render()) for w in app.screen.query(Static)]
    return next(line for line in said if line.startswith("Totals:"))


async def test_the_last_round_and_the_end_say_what_enter_does_count_nothing_and_show_no_target() -> None:
    """One walk-through for the three: each looks at the last round's summary, then the end."""
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await walk_to_the_summary(app, pilot)
        footer = screen_lines(app)[-1]
        assert "See who won" in footer and "Next round" not in footer, footer
        assert "Counting" not in prompt_under(app)
        assert "target" not in sums_line(app)
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MatchEndScreen)
        assert "Counting" not in prompt_under(app)
        assert "target" not in sums_line(app)
