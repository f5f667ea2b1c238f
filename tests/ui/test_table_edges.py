"""The table's rough edges as a person meets them (the move log, notices, the help, the
dialogs, the projector's chain), each at the terminal size where it shows. First of
all: the newest move is always in sight on the person's turn, whatever the chain's height."""
from __future__ import annotations

import pytest

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs, parse_seats
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import next_turn, press, screen_lines, settle


def last_log_row(app: DominoesApp, screen: TableScreen) -> str:
    """The log's last row with something on it, as the terminal shows it."""
    region = screen.query_one("#log").region
    rows = screen_lines(app)[region.y : region.bottom]
    return next((row for row in reversed(rows) if row.strip()), "")


def medium_table(variant: str, players: int, seed: int) -> DominoesApp:
    settings = MatchSettings(variant, players, parse_seats("You", players), seed=seed)
    return DominoesApp(settings, Prefs(speed="instant"), start_now=True)


async def play_and_check(app: DominoesApp, pilot, turns: int) -> int:
    """Play the move under the cursor each turn (the hint's search would only add its
    second of thinking a turn); on every turn the row above the prompt must be the newest
    line of the round's log."""
    checked = 0
    for _ in range(turns):
        screen = await next_turn(app, pilot)
        if screen is None:
            break
        await pilot.pause(0)
        lines = screen.log_lines(screen.view_)
        if lines:
            newest = lines[-1][0].plain
            shown = last_log_row(app, screen)
            assert newest in shown, f"round {screen.view_.round}: {shown!r} is on show, not {newest!r}"
            assert "▶" in shown
            # and it stands next to the prompt, where the eye goes on one's turn
            assert shown == screen_lines(app)[screen.query_one("#prompt").region.y - 1]
            checked += 1
        await press(pilot, "enter")
        if screen.end_cursor is not None:
            await press(pilot, "enter")
    return checked


# Tables where a log sized too short would keep older lines on show: a Partner chain turning
# its corner at 80x24, three-player Draw, and All Fives arms growing at 200x60.
TABLES = [("partner", 4, 5, (80, 24)), ("draw", 3, 2, (80, 24)), ("allfives", 4, 4, (200, 60))]


@pytest.mark.parametrize("variant,players,seed,size", TABLES, ids=lambda v: str(v))
async def test_the_newest_move_is_the_last_log_line(variant, players, seed, size) -> None:
    app = medium_table(variant, players, seed=seed)
    async with app.run_test(size=size) as pilot:
        assert await play_and_check(app, pilot, 14) >= 4


async def test_the_passed_notice_goes_once_someone_else_moves() -> None:
    """While the bots move, the notice that the person passed stays only until the next
    move: a notice is about the newest event, and never lingers into the round's count."""
    from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen

    from .helpers import make_app

    app = make_app("block", players=4, seats="Ana", target=30, seed=4)
    seen: list[tuple[bool, str]] = []  # (was the person's pass the newest move?, the prompt)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await next_turn(app, pilot)
        assert screen is not None
        advance = screen.client.advance

        async def watched_advance() -> bool:
            # the screen was just redrawn for the bot about to move: what does it say?
            moves = [e for e in screen.client.view(0).history if e["event"] in ("play", "pass")]
            newest_is_my_pass = bool(moves) and moves[-1]["event"] == "pass" and moves[-1]["seat"] == 0
            seen.append((newest_is_my_pass, str(screen.query_one("#prompt").render())))
            return await advance()

        screen.client.advance = watched_advance  # type: ignore[method-assign]
        counted = 0
        for _ in range(400):
            await settle(app, pilot)
            if isinstance(app.screen, MatchEndScreen):
                break
            if isinstance(app.screen, RoundSummaryScreen):
                prompt = str(screen.query_one("#prompt").render())
                assert "Counting the round" not in prompt and "passed" not in prompt, prompt  # the summary says it all
                counted += 1
                if any(newest and "passed" in prompt for newest, prompt in seen):
                    break  # a round with the person's pass, the moves after it and its count: the rest is alike
                await press(pilot, "enter")
            elif screen.my_turn():
                await press(pilot, "enter")
        assert counted
    lingering = [prompt for newest, prompt in seen if "passed" in prompt and not newest]
    assert any(newest and "passed" in prompt for newest, prompt in seen), "the person never passed"
    assert not lingering, lingering[0]


async def test_ctrl_p_opens_nothing_over_the_too_small_notice() -> None:
    from textual.command import CommandPalette

    from .helpers import make_app

    app = make_app("draw", seed=11)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(app, pilot)
        await press(pilot, "ctrl+p")
        await pilot.pause(0)
        assert not CommandPalette.is_open(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0)
        await press(pilot, "ctrl+p")  # with room again, the palette opens
        await pilot.pause(0)
        assert CommandPalette.is_open(app)


async def test_escape_on_the_round_summary_goes_on_like_enter() -> None:
    from dominoes_tui.ui.screens.table.summary import RoundSummaryScreen

    from .helpers import make_app

    app = make_app("block", players=2, target=200, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await settle(app, pilot)
            if isinstance(app.screen, RoundSummaryScreen):
                break
            await press(pilot, "enter")
        assert isinstance(app.screen, RoundSummaryScreen)
        await press(pilot, "escape")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.view_.round == 2


async def test_escape_on_the_match_end_asks_before_quitting() -> None:
    from dominoes_tui.ui.screens.confirm import ConfirmScreen
    from dominoes_tui.ui.screens.table.summary import MatchEndScreen

    from .helpers import make_app, match_end

    app = make_app("block", players=2, target=10, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await match_end(app, pilot, "block", 2, seed=3)  # the question is the end's, not the match's
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")  # stay: the result is still on show
        assert isinstance(app.screen, MatchEndScreen)
        await press(pilot, "escape")
        await press(pilot, "y")
        await settle(app, pilot)
    assert not app.is_running


async def test_escape_on_the_resume_prompt_quits_and_keeps_the_save() -> None:
    from dominoes_tui.table import saves
    from dominoes_tui.ui.screens.resume import ResumeScreen

    from .helpers import leave_unfinished, make_app

    await leave_unfinished("draw", seed=11)
    saved = saves.save_path().read_bytes()
    again = make_app("draw", seed=11)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        assert isinstance(again.screen, ResumeScreen)
        await press(pilot, "escape")
        assert again._exit  # the app is closing: Esc left the question unanswered
    assert saves.save_path().read_bytes() == saved  # nothing resumed, replaced or filed
    assert saves.load_unfinished() is not None


async def test_the_help_lists_every_key_the_table_and_the_app_offer() -> None:
    from dominoes_tui.ui.key_help import key_label

    from .helpers import make_app, shown_help

    app = make_app("draw", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await next_turn(app, pilot)
        screen = await shown_help(pilot)
        markdown = screen.query_one("Markdown")._markdown  # type: ignore[attr-defined]
        for binding in [*TableScreen.BINDINGS, *app.BINDINGS]:
            if binding.description:  # type: ignore[union-attr]
                assert key_label(binding.key) in markdown, binding  # type: ignore[union-attr]
        for key in ("`h`", "`g`", "`b`", "`w`", "`Ctrl+P`", "`!`", "`(`", "`Ctrl+Q`"):
            assert key in markdown
        # what the other screens do, said as it is
        assert "Enter opens a list" not in markdown and "Esc quits" not in markdown
        assert "← → change a value, Enter starts" in " ".join(markdown.split())


async def test_a_projectors_chain_falls_back_to_digits_not_braille() -> None:
    # Big tiles show real pips; when long All Fives arms make the chain fall back to
    # normal or one-row tiles, Braille pips (⠕) cannot be read across a room: digits can.
    from dominoes_tui.ui.widgets.chain import Chain
    from tests.ui.helpers import my_turns

    from .helpers import make_app

    app = make_app("allfives", players=4, seats="Ana", seed=6)
    app.prefs.pips = True
    fallen = 0
    async with app.run_test(size=(200, 60)) as pilot:
        async for screen in my_turns(app, pilot, turns=6):  # the chain falls back on the 4th and 6th
            assert screen.look.big
            drawn = str(screen.query_one(Chain).render())
            assert not any(0x2800 <= ord(c) <= 0x28FF for c in drawn), drawn
            fallen += "●" not in drawn and bool(screen.view_.layout.line)
    assert fallen  # the chain did fall back from big tiles on some turn


async def test_a_long_hint_is_read_in_full_at_80x24() -> None:
    # found following a Partner match at 80x24: "Hint: 2-3 on the left: it is your
    # heaviest playable tile (5 pips): pips left" and the rest of the reason cut off
    from tests.ui.helpers import on_screen

    app = medium_table("partner", 4, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            screen = await next_turn(app, pilot)
            assert screen is not None, "no hint was ever longer than a line"
            await press(pilot, "h")
            await pilot.pause(0)
            if len(screen.hint_text) > 78:
                break
            await press(pilot, "enter")
            if screen.end_cursor is not None:
                await press(pilot, "enter")
        await pilot.pause(0)
        assert " ".join(screen.hint_text.split()) in on_screen(app, within="#prompt")
        hand, footer = screen.query_one("Hand"), screen.query_one("Footer")
        assert hand.region.bottom <= footer.region.y  # the hand still all in sight


async def test_the_all_fives_end_question_is_read_in_full_at_80x24() -> None:
    # found following an All Fives match at 80x24: with each end's count the question ran
    # past the edge, and "Enter plays · ←→ switch · l/r · Esc back" was cut off
    from tests.ui.helpers import on_screen

    from .helpers import make_app

    app = make_app("allfives", players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            screen = await next_turn(app, pilot)
            assert screen is not None, "no tile ever fitted two ends"
            several = [i for i in screen.playable() if len(screen.moves_for(i)) > 1]
            if several:
                screen.choose_tile(several[0])
                await press(pilot, "enter")
                break
            await press(pilot, "enter")
        await pilot.pause(0)
        question = " ".join(str(screen.query_one("#prompt").render()).split())
        assert "count" in question and "Esc back" in question
        assert question in on_screen(app, within="#prompt")
