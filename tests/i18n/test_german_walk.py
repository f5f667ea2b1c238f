"""The German walk: every screen in German at 80×24, driven with Textual's Pilot, and not
one English sentence on any of them, nor one sentence looked up that the German catalog
lacks (issue 27's acceptance test).

Each walk switches to German (`i18n.use("de")`), records the sentences the catalog had
to fall back for (`i18n.record_misses()`), and reads every screen it stops at for the
catalog's English and for English words (tests/i18n/walk.py, itself tested below).
"""
from __future__ import annotations

import re
from pathlib import Path

from dominoes_tui import i18n
from dominoes_tui.engine import VARIANTS, dumps
from dominoes_tui.engine.gamelog import parse_lines, replay, split_matches
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.help_text import COMMON
from dominoes_tui.ui.screens.help import HelpScreen
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.ui.helpers import make_app, press, settle

from .walk import Walk, english_fragments, english_on

SIZE = (80, 24)
PEOPLE = ("Ana", "Ben", "Cleo", "Bot 1", "Bot 2", "Bot 3")


async def wait_for(pilot, condition, what: str, tries: int = 500) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never got to {what}")


async def read_scrolling(walk: Walk, app, pilot, where: str, pages: int = 40, until: str = "") -> None:
    """Every page of a screen that scrolls (the help, the round log): Page Down until the
    screen stops changing, or shows `until` (where the rest was read before). Pilot's own
    press: it waits for the page to be drawn (with `press` the look read the page before,
    the same, and the walk stopped at the first)."""
    before = walk.look(app, where)
    for page in range(pages):
        if until and until in "\n".join(before):
            return
        await pilot.press("pagedown")
        after = walk.look(app, f"{where}, page {page + 2}")
        if after == before:
            return
        before = after


def shared_help() -> str:
    """Where the part of the help every variant shares begins: after a variant's rules,
    the same words and keys, read whole in the help from the settings."""
    return i18n._(COMMON).split("**")[1]


def german() -> None:
    i18n.use("de")
    assert i18n.language() == "de"


async def test_the_settings_the_help_of_every_variant_and_the_walkthrough_in_german() -> None:
    german()
    walk = Walk(allowed=PEOPLE)
    with i18n.record_misses() as missed:
        app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            walk.look(app, "the settings")
            for _ in range(12):  # every field of the form in turn, its help line with it
                await press(pilot, "down")
                walk.look(app, "the settings, a field further")
            await press(pilot, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            await read_scrolling(walk, app, pilot, "the help from the settings")
            await press(pilot, "escape")
            for variant in VARIANTS:
                app.push_screen(HelpScreen(variant))
                await settle(app, pilot)
                await read_scrolling(walk, app, pilot, f"the help of {variant}", until=shared_help())
                app.pop_screen()
                await settle(app, pilot)
            await press(pilot, "f2")
            for step in range(30):
                await settle(app, pilot)
                walk.look(app, f"the walk-through, step {step + 1}")
                if isinstance(app.screen, MatchEndScreen):
                    break
                await press(pilot, "enter")
            assert isinstance(app.screen, MatchEndScreen), "the walk-through did not end"
    assert len(walk.seen) > 20
    assert not (problems := walk.verdict(missed)), problems


async def test_a_table_its_summaries_the_scoresheet_and_the_round_log_in_german() -> None:
    german()
    walk = Walk(allowed=PEOPLE)
    with i18n.record_misses() as missed:
        # targets the first round reaches (a summary that goes on to a next round is read
        # in test_german_walk_more.py, in each variant)
        for variant, players, seats, target in (("draw", 2, "Ana,easy", 10), ("allfives", 3, "Ana,easy,medium", 20)):
            app = make_app(variant, players=players, seats=seats, target=target, seed=7)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                summaries = moves = 0
                for _ in range(600):
                    await settle(app, pilot)
                    screen = app.screen
                    if isinstance(screen, MatchEndScreen):
                        walk.look(app, f"{variant}: the match summary")
                        await press(pilot, "s")
                        walk.look(app, f"{variant}: the scoresheet at the end")
                        break
                    if isinstance(screen, RoundSummaryScreen):
                        summaries += 1
                        walk.look(app, f"{variant}: a round summary")
                        if summaries == 1:
                            await press(pilot, "s")
                            walk.look(app, f"{variant}: the scoresheet")
                            await press(pilot, "escape")
                        await press(pilot, "enter")
                        continue
                    if isinstance(screen, TableScreen) and screen.my_turn():
                        moves += 1
                        walk.look(app, f"{variant}: the table, move {moves}")
                        if moves == 1:
                            await press(pilot, "h")
                            walk.look(app, f"{variant}: a hint")
                            await press(pilot, "g")
                            await read_scrolling(walk, app, pilot, f"{variant}: the round log")
                            await press(pilot, "escape")
                            await press(pilot, "question_mark")
                            await read_scrolling(walk, app, pilot, f"{variant}: the help at the table",
                                                 until=shared_help())
                            await press(pilot, "escape")
                        await press(pilot, "enter")
                        if isinstance(app.screen, TableScreen) and app.screen.end_cursor is not None:
                            walk.look(app, f"{variant}: choosing an end")
                            await press(pilot, "enter")
                assert isinstance(app.screen, MatchEndScreen) or summaries, f"{variant}: the match did not get on"
                assert moves >= 3
    assert not (problems := walk.verdict(missed)), problems


async def test_resuming_a_saved_match_a_hotseat_handover_and_quitting_in_german() -> None:
    from dominoes_tui.ui.screens.confirm import ConfirmScreen
    from dominoes_tui.ui.screens.resume import ResumeScreen
    from dominoes_tui.ui.screens.table.handover import HandoverScreen
    from tests.ui.helpers import leave_unfinished

    await leave_unfinished("block", players=3, seed=2)
    german()
    walk = Walk(allowed=PEOPLE)
    with i18n.record_misses() as missed:
        app = make_app("partner", seats="Ana,random,Cleo,random", target=50, seed=6)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, ResumeScreen)
            walk.look(app, "the question to resume a saved match")
            await press(pilot, "n")  # the new Partner match, with two people at one keyboard
            handovers = 0
            for _ in range(40):
                await settle(app, pilot)
                if isinstance(app.screen, HandoverScreen):
                    handovers += 1
                    walk.look(app, "the handover between two people")
                    await press(pilot, "enter")
                    if handovers == 2:
                        break
                elif isinstance(app.screen, TableScreen) and app.screen.my_turn():
                    walk.look(app, "a Partner table")
                    await press(pilot, "enter")
                    if isinstance(app.screen, TableScreen) and app.screen.end_cursor is not None:
                        await press(pilot, "enter")
            assert handovers == 2
            await press(pilot, "escape")
            await settle(app, pilot)
            if isinstance(app.screen, ConfirmScreen):
                walk.look(app, "the question before leaving the table")
    assert not (problems := walk.verdict(missed)), problems


async def test_the_records_the_player_page_and_the_replays_in_german(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    from dominoes_tui.records import Records, summarize
    from dominoes_tui.records.source import LocalSource
    from dominoes_tui.ui.records_app import RecordsApp
    from dominoes_tui.ui.screens.records.leaderboard import LeaderboardScreen
    from dominoes_tui.ui.screens.records.player import PlayerScreen
    from dominoes_tui.ui.screens.records.records_reader import LocalReader
    from dominoes_tui.ui.screens.replay.replay import ReplayScreen
    from dominoes_tui.ui.screens.replay.replay_list import ReplayListScreen
    from tests.records.helpers import people, play

    german()
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    with Records.open(url) as records:
        for i, level in enumerate(["easy", "medium", "easy"]):
            records.record(summarize(play("draw", 2, people("Ana", level), seed=50 + i)))
        records.record(summarize(play("allfives", 3, people("Ana", "Ben", "medium"), seed=7)))
    walk = Walk(allowed=(*PEOPLE, "records.sqlite", "evening.jsonl"))
    with i18n.record_misses() as missed:
        app = RecordsApp(lambda: LeaderboardScreen(LocalReader(LocalSource(tmp_path, url))))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            # each look waits for the state it reads (a list loaded, a page shown) and then
            # for the screen to be drawn with it (settle), never for a fixed time: a look
            # before the redraw read a note's new words against the old screen, as cut
            board = app.screen.query_one("#board", DataTable)
            await wait_for(pilot, lambda: board.row_count > 0, "the leaderboard")
            await settle(app, pilot)
            walk.look(app, "the leaderboard")
            await pilot.press("right")
            await wait_for(pilot, lambda: app.screen.variant == "draw", "the Draw list")
            await settle(app, pilot)
            walk.look(app, "the leaderboard of Draw")
            await pilot.press("left")
            await wait_for(pilot, lambda: board.row_count > 0, "the whole list again")
            await settle(app, pilot)
            ana = next(i for i in range(board.row_count) if "Ana" in map(str, board.get_row_at(i)))
            board.move_cursor(row=ana)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, PlayerScreen) and app.screen.page, "Ana's page")
            await settle(app, pilot)
            walk.look(app, "a player's page, overview")
            await press(pilot, "2")
            walk.look(app, "a player's page, rating")
            await press(pilot, "3")
            walk.look(app, "a player's page, matches")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay viewer")
            await settle(app, pilot)
            for step in range(6):
                walk.look(app, f"the replay, step {step + 1}")
                await press(pilot, "right")
            await press(pilot, "end")
            walk.look(app, "the replay at its end")
            await press(pilot, "v")
            walk.look(app, "the replay, another view")
            await press(pilot, "s")
            walk.look(app, "the replay's scoresheet")
    chunks = [chunk for chunk in split_matches(parse_lines(
        "".join(dumps(play("draw", 2, people("Ana", "Ben"), seed=40 + i).events) for i in range(3))))]
    matches = [replay(c) for c in chunks]
    with i18n.record_misses() as missed_too:
        listing = RecordsApp(lambda: ReplayListScreen(chunks, matches, title="evening.jsonl"))
        async with listing.run_test(size=SIZE, notifications=True) as pilot:
            await settle(listing, pilot)
            walk.look(listing, "the list of a log's matches")
    assert not (problems := walk.verdict(missed | missed_too)), problems


async def test_the_lobby_and_the_evening_in_german(tmp_path: Path) -> None:
    from dominoes_tui.net.server.server import Server
    from dominoes_tui.ui.remote_app import RemoteApp
    from dominoes_tui.ui.screens.hosted.evening import EveningScreen, OpenTournament
    from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
    from tests.net.helpers import Driven

    german()
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=30.0,
                    organizers={"Ana"})
    await server.start("127.0.0.1", 0)
    walk = Walk(allowed=PEOPLE)
    try:
        ben = await Driven.connect(server.port, "Ben")
        await ben.create(variant="draw", players=4, target=30,
                         seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
        assert ben.code is not None
        walk.allowed = (*walk.allowed, ben.code)  # a random code, not a word: it once drew RANK
        with i18n.record_misses() as missed:
            app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"),
                            organizer_secret=server.tournament_host.organizer_secret)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.lobby.tables, "the lobby")
                await pilot.pause(0.1)
                walk.look(app, "the lobby")
                await pilot.press("ctrl+p")
                await pilot.pause(0.3)
                walk.look(app, "the palette in the lobby")
                await pilot.press("escape")
                await pilot.press("m")
                await pilot.pause(0.3)
                walk.look(app, "the form to find a match")
                await pilot.press("escape")
                await pilot.pause(0.1)
                await pilot.press("t")
                await wait_for(pilot, lambda: isinstance(app.screen, EveningScreen), "the evening")
                await pilot.pause(0.2)
                walk.look(app, "the evening, nothing open")
                await pilot.press("o")
                await wait_for(pilot, lambda: isinstance(app.screen, OpenTournament), "the form to open one")
                await pilot.pause(0.1)
                walk.look(app, "the form to open a tournament")
                await pilot.press("1", "tab", "tab", "2", "0", "enter")
                await wait_for(pilot, lambda: app.evening.tournament is not None, "the tournament to open")
                await pilot.press("r")
                await wait_for(pilot, lambda: app.evening.you.get("entered"), "Ana to be entered")
                await pilot.pause(0.1)
                walk.look(app, "the evening, Ana entered")
                await pilot.press("escape")
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
                await pilot.pause(0.1)
                walk.look(app, "the lobby with a tournament open")
                await pilot.press("enter")  # join Ben's table: its waiting room
                await pilot.pause(0.5)
                walk.look(app, "a table's waiting room")
        await ben.close()
    finally:
        await server.close()
    assert not (problems := walk.verdict(missed)), problems


# -- the walk's own eyes: they see what they are meant to see ---------------------------------


def test_the_eyes_find_a_sentence_of_the_catalog_left_in_english() -> None:
    fragment = next(f for f in english_fragments() if "data folder" in f)  # one of the catalog's English
    assert english_on(["  ╭──────╮", f"  │ {fragment} │"]) != []
    i18n.use("de")
    assert english_on([f"  {i18n._('the data folder is read-only')}"]) == []


def test_the_eyes_find_english_words_but_not_german_names_or_variants() -> None:
    assert english_on(["Ana wins the round with 12 points"]) != []
    assert english_on(["Press Enter to start"]) != []
    assert english_on(["Ana gewinnt die Runde mit 12 Punkten", "Draw · Block · All Fives · Partner · Kozel",
                       "Hand: 3-5 6-6  Enter Anlegen  Esc Zurück"]) == []
    assert english_on(["Ben (the table's owner)"], allowed=["Ben"]) != []
    assert english_on(["Cleo Wins"], allowed=["Cleo Wins"]) == []  # a player's name is theirs


def test_the_eyes_see_a_sentence_wrapped_over_two_lines_of_a_box() -> None:
    fragment = max(english_fragments(), key=len)
    cut = len(fragment) // 2
    cut = fragment.rfind(" ", 0, cut) if " " in fragment[:cut] else cut
    lines = [f"│ {fragment[:cut]} │", f"│ {fragment[cut:].strip()} │"]
    assert any(fragment in item for item in english_on(lines))


async def test_a_walk_fails_on_a_screen_left_in_english_and_on_a_sentence_the_catalog_lacks() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Untranslated(App[None]):
        def compose(self) -> ComposeResult:
            yield Static(i18n._("Vereinsarchiv of the club"))  # looked up, lacking from the catalog
            yield Static("the data folder is read-only")  # never looked up: English as written

    german()
    walk = Walk()
    with i18n.record_misses() as missed:
        app = Untranslated()
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            walk.look(app, "a screen left in English")
    verdict = walk.verdict(missed)
    assert "Vereinsarchiv of the club" in verdict
    assert "the data folder is read-only" in verdict
    assert re.search(r"word: 'the'", verdict)
