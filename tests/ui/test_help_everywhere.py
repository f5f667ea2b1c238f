"""? and F1 open the help wherever a newcomer may look for it: between rounds, at the end
of a match and in the replay viewer (with the viewer's own keys); the help names the
match end's `a` and says what a hint does now."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.engine import dumps
from dominoes_tui.engine.gamelog import parse_lines
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.help import HelpScreen
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from tests.records.helpers import people, play

from .helpers import make_app, markdown_of, press, settle, shown_help, wait_for


async def test_question_mark_and_f1_open_the_help_between_rounds_and_at_the_end() -> None:
    app = make_app("draw", seats="Ana,random", target=1, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(app, pilot)
            if isinstance(app.screen, RoundSummaryScreen | MatchEndScreen):
                break
            await press(pilot, "enter")
        assert isinstance(app.screen, RoundSummaryScreen)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = markdown_of(app.screen)
        assert "a to go through the match move by move with an analysis" in text
        assert "a move at once with its reason, then every move's chance to win" in text
        await press(pilot, "escape")
        await press(pilot, "enter")
        assert isinstance(app.screen, MatchEndScreen)
        for key in ("question_mark", "f1"):
            await press(pilot, key)
            assert isinstance(app.screen, HelpScreen), key
            await press(pilot, "escape")
            assert isinstance(app.screen, MatchEndScreen)


async def test_the_help_shown_again_is_the_one_made_before_at_its_top_and_in_the_language_now() -> None:
    """A help is made once an app: made anew at each ?, its widgets took half a second to
    style. Shown again it opens at its top, and in the language the person reads now."""
    app = make_app("draw", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        first = await shown_help(pilot)
        await press(pilot, "end")
        await wait_for(pilot, lambda: first.query_one("#help").scroll_y > 0)  # scrolled once laid out
        await press(pilot, "escape", "question_mark")
        assert app.screen is first
        await wait_for(pilot, lambda: first.query_one("#help").scroll_y == 0)
        await press(pilot, "escape")
        i18n.use("de")
        again = await shown_help(pilot)
        assert again is not first and "Tasten am Tisch" in markdown_of(again)


async def test_f1_in_the_replay_viewer_lists_the_viewers_keys() -> None:
    log = dumps(play("draw", 2, people("You", "Bot 2"), seed=3).events)
    app = RecordsApp(lambda: ReplayScreen(ReplaySteps(parse_lines(log))))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("f1")
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        text = markdown_of(app.screen)
        assert "Keys in the replay viewer" in text and "`n`: Next mistake" in text and "`v`: View" in text
        assert "Choose again" not in text  # the table's keys are not the viewer's
        # the marks the analysis puts on moves, as `dominoes analyze` names them
        assert "?! inaccuracy (a loss of 5% or more), ? mistake (10%), ?? blunder (20%)" in text
        assert "≈ an estimate" in text


async def test_the_help_asked_for_again_over_a_screen_covering_it_is_a_new_one() -> None:
    """The round ends while the table's help is up, its summary covers the help, and ? on
    the summary asks for the same help: the kept one is in the stack already, and a screen
    twice in it drew the one behind for ever (RecursionError)."""
    from textual.screen import ModalScreen

    from dominoes_tui.ui.screens.help import open_help

    app = make_app("draw", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        first = await shown_help(pilot)
        await app.push_screen(ModalScreen())  # what a round's summary is: a modal over the help
        open_help(app, app.client.config.variant)  # the summary's ? (screens/table/summary.py)
        await settle(app, pilot)
        assert isinstance(app.screen, type(first)) and app.screen is not first
        assert len(app.screen_stack) == len(set(app.screen_stack))
