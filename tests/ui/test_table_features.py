"""The readable table: the move log, the highlight, hints, the walk-through,
projector mode, theme and bell, why someone leads, the end choice's counts, the palette."""
from __future__ import annotations

import re

from rich.style import Style

from dominoes_tui.engine import Move, parse_tile
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.chain_render import EARLIER, NEWEST, render_chain
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.narrate import log_entries
from dominoes_tui.ui.render import Look
from dominoes_tui.ui.screens.table.hints import hint
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.screens.table.walkthrough_text import BOTH_DREW, BOTH_ENDS, CLOSING, MATCH, SCORED, WELCOME, YOU_DREW
from tests.ui.helpers import _view, my_turn, my_turns, play

from .helpers import make_app, press, settle


def test_the_log_keeps_all_fives_points_beside_the_play() -> None:
    history = [
        {"event": "play", "seat": 0, "tile": "5-5", "end": None},
        {"event": "score", "seat": 0, "points": 10, "reason": "ends"},
        {"event": "draw", "seat": 1, "tile": None},
        {"event": "draw", "seat": 1, "tile": None},
        {"event": "play", "seat": 1, "tile": "0-5", "end": "right"},
        {"event": "pass", "seat": 0},
    ]
    entries = log_entries(history, ["Ana", "Bob"], "allfives")
    assert [e.text for e in entries] == [
        "Ana led 5-5: the ends count 10, +10", "Bob drew 2 tiles and played 0-5 on the right", "Ana passed",
    ]
    assert entries[0].points == 10


def test_the_tile_just_placed_is_highlighted_and_the_one_before_fainter() -> None:
    layout = play("draw", [("3-5", None), ("5-6", "right"), ("1-3", "left")])
    lines = render_chain(layout, Look(), 80, 5, highlight=("1-3", "5-6")).lines
    newest, earlier = Style.parse(NEWEST), Style.parse(EARLIER)
    styles = {span.style for line in lines for span in line.spans}
    assert newest in styles and earlier in styles
    row = next(line for line in lines if "│1│3│" in line.plain)
    start = row.plain.index("│1│3│")
    assert any(span.style == newest and span.start <= start < span.end for span in row.spans)


async def test_a_four_player_log_shows_everything_since_the_persons_last_turn() -> None:
    app = make_app("block", players=4, seats="Ana", seed=41)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        await press(pilot, "enter")
        screen = await my_turn(app, pilot)
        log = str(screen.query_one("#log").render())
        rows = log.splitlines()
        assert len(rows) >= 4  # never two lines while rows stand empty
        for name in ("Bot 2", "Bot 3", "Bot 4"):  # every move since Ana's last turn, marked as new
            assert any(r.startswith("▶") and name in r for r in rows), log
        assert "on the" in log


async def test_g_opens_the_whole_rounds_log() -> None:
    from dominoes_tui.ui.screens.table.round_log import RoundLogScreen

    app = make_app("draw", players=3, seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        await press(pilot, "g")
        assert isinstance(app.screen, RoundLogScreen)
        assert len(app.screen.lines) == len(log_entries(screen.view_.history, screen.view_.names))
        await press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)


async def test_h_hints_the_medium_bots_move_with_a_reason() -> None:
    app = make_app("allfives", players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        move, reason = hint(screen.view_)  # type: ignore[misc]
        await press(pilot, "h")
        prompt = str(screen.query_one("#prompt").render())
        assert prompt.startswith(f"Hint: {move.tile}") and reason in prompt
        assert screen.view_.hand[screen.selected] == move.tile  # type: ignore[index]


def test_hint_reasons_are_words() -> None:
    from dominoes_tui.ui.screens.table.hints import reason

    app_view = _view("allfives", [("5-5", None)], hand=("0-5", "1-2"), legal=[Move(parse_tile("0-5"), "left")])
    assert "scores 10" in reason(app_view, Move(parse_tile("0-5"), "left"))
    view = _view("draw", [("3-4", None)], hand=("4-6", "0-1"), legal=[Move(parse_tile("4-6"), "right")])
    assert "heaviest" in reason(view, Move(parse_tile("4-6"), "right"))


async def test_the_walkthrough_explains_each_step_and_ends_in_the_settings() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    seen: set[str] = set()
    examples: list[tuple[str, str]] = []  # (the coach's example of an end, the left end as it lies)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "f2")
        for _ in range(80):
            await settle(app, pilot)
            screen = app.screen
            table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None:
                coach = str(table.query_one("#coach").render())
                seen.update(coach.splitlines())
                if (example := re.search(r"l:(\d) is the left end, showing (\d)", coach)) and table.view_ is not None:
                    examples.append((example.group(1) + example.group(2), str(table.view_.layout.end_value("left")) * 2))
            seen.update(str(note.render()) for note in screen.query(".note"))  # the summary's and the end's
            name = type(screen).__name__
            if name == "MatchEndScreen":
                await press(pilot, "n")
                break
            await press(pilot, "enter")
        await settle(app, pilot)
        assert type(app.screen).__name__ == "SettingsScreen"
        assert not (app.client.save_to)  # type: ignore[union-attr]  # nothing to resume
    assert {BOTH_ENDS, YOU_DREW, BOTH_DREW, SCORED, CLOSING} <= seen
    # the example names the left end as it lies (it said l:5 with the ends at l:1 and 3:r)
    assert WELCOME.format(left=5) in seen and any(MATCH.format(left=n) in seen for n in range(7)), seen
    assert len(examples) >= 2 and all(said == lies for said, lies in examples), examples
    assert app.prefs.walkthrough_offered


async def test_projector_size_draws_big_tiles_and_b_and_w_switch() -> None:
    app = make_app("allfives", players=4, seats="Ana", seed=1)
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await my_turn(app, pilot)
        assert screen.look.big and screen.has_class("-big")
        hand = str(screen.query_one("#hand").render())
        assert "┃   ┃" in hand or "│   │" in hand  # a three-row face
        await press(pilot, "b")  # auto -> on -> off
        await press(pilot, "b")
        assert not screen.look.big
        await press(pilot, "w")
        assert app.theme == "textual-light" and app.prefs.theme == "light"


async def test_the_bell_rings_when_it_becomes_the_persons_turn() -> None:
    app = make_app("draw", seed=11)
    app.prefs.bell = True
    rang: list[int] = []
    app.bell = lambda: rang.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(app, pilot)
        assert rang


async def test_why_someone_leads_and_the_one_tile_that_may_lead() -> None:
    app = make_app("duel", seed=26)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        text = str(screen.query_one("#log").render()) + str(screen.query_one("#prompt").render())
        assert "highest double" in text


async def test_choosing_an_end_in_all_fives_shows_each_counts() -> None:
    app = make_app("allfives", players=2, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            screen = await my_turn(app, pilot)
            several = [i for i in screen.playable() if len(screen.moves_for(i)) > 1]
            if several:
                screen.choose_tile(several[0])
                await press(pilot, "enter")
                prompt = str(screen.query_one("#prompt").render())
                assert "count" in prompt and screen.end_cursor is not None
                return
            await press(pilot, "enter")
        raise AssertionError("no tile ever fitted two ends")


async def test_the_command_palette_offers_the_tables_actions() -> None:
    from dominoes_tui.ui.palette import GameCommands

    app = make_app("draw", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        provider = GameCommands(screen)
        names = [hit.text or str(hit.display) async for hit in provider.discover()]
        assert {"Scoresheet", "Hint", "Bot speed", "Theme: light or dark", "Round log"} <= set(names)
        assert names[-1] == "Quit"
        hits = [hit async for hit in provider.search("hint")]
        hits[0].command()
        await settle(app, pilot)
        assert str(screen.query_one("#prompt").render()).startswith("Hint:")


async def test_the_new_round_line_says_you_lead_not_you_leads() -> None:
    # found playing as a new user: the default person is called "You"
    app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"), start_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        log = str(screen.query_one("#log").render())
        assert "New round: You lead (chosen by lot)." in log and "You leads" not in log


async def test_the_log_never_hides_moves_while_the_chain_stands_half_empty() -> None:
    # found following a four-player All Fives match at 80x24: with the spinner's arms laid
    # sideways the chain was sized as if they stood, six rows stood empty, and the log
    # showed two lines ("2 more moves since your turn")
    from dominoes_tui.ui.widgets.chain import Chain

    app = make_app("allfives", players=4, seats="Ana", seed=6)  # eight such turns among its first twelve
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        async for screen in my_turns(app, pilot, turns=12):
            log = str(screen.query_one("#log").render())
            chain = str(screen.query_one(Chain).render()).split("\n")
            blank = sum(1 for line in chain if not line.strip())
            if "more moves since your turn" in log:
                assert blank <= 1, "\n".join(chain) + "\n---\n" + log
            checked += "u:" in "".join(chain) and "d:" in "".join(chain)
    assert checked >= 5  # turns with both spinner arms on the table were seen


async def test_a_projectors_chain_shrinks_to_normal_tiles_before_compact_ones() -> None:
    # found on a 200x60 projector: long All Fives arms did not fit at double size, and the
    # chain fell straight to one-row tiles with rows standing empty under the log
    import re

    from dominoes_tui.ui.chain_render import chain_height
    from dominoes_tui.ui.widgets.chain import Chain

    app = make_app("allfives", players=4, seats="Ana", seed=6)  # such a turn in its first round
    compact_turns = 0
    async with app.run_test(size=(200, 60)) as pilot:
        async for screen in my_turns(app, pilot, turns=5):
            chain = screen.query_one(Chain)
            drawn = str(chain.render()).split("\n")
            if re.search(r"\[\d│\d\]", "".join(drawn)):  # one-row tiles: the compact drawing
                compact_turns += 1
                log = str(screen.query_one("#log").render()).split("\n")
                room = chain.size.height + screen.query_one("#log").size.height - sum(1 for line in log if line.strip())
                normal = chain_height(screen.view_.layout, chain.content_size.width, compact=False)
                assert normal > room, f"normal tiles ({normal} rows) would fit in the {room} rows left"
    assert compact_turns  # the arms did grow too long for normal tiles at some turn


async def test_b_at_80x24_keeps_the_big_hand_on_the_screen() -> None:
    # found pressing b at 80x24: the chain and log kept the rows they had, and the bigger
    # hand and prompt were pushed off the screen until the next move
    from dominoes_tui.ui.widgets.hand import Hand

    app = make_app("block", players=4, seats="Ana", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        await press(pilot, "b")  # auto -> on
        await pilot.pause(0.1)
        await settle(app, pilot)
        assert screen.look.big
        hand, footer = screen.query_one(Hand), screen.query_one("Footer")
        assert hand.region.height >= 6 and hand.region.bottom <= footer.region.y  # all of it, above the keys
        assert screen.query_one("#prompt").region.bottom <= hand.region.y
