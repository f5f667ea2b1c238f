"""The projector board: what it draws (pure and in snapshots at 200×60 and 80×24), its
keys, and that the server's board answer holds no hidden tile."""
from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.ui.board_app import BoardApp
from dominoes_tui.ui.render import Look, plain
from dominoes_tui.ui.screens.hosted.board_render import render_board
from tests.net.helpers import Driven, raw
from tests.net.helpers import answer as read_answer

from .fixtures import CODES, sample_board

SIZES = [(200, 60), (80, 24)]
TILE = re.compile(r'"(\d-\d)"')


class FixedSource:
    """A board that never changes, remembering which table was asked for."""

    where = "127.0.0.1:11200"

    def __init__(self) -> None:
        self.asked: list[str | None] = []

    async def fetch(self, pinned: str | None) -> dict[str, Any]:
        self.asked.append(pinned)
        return sample_board(pinned)

    async def close(self) -> None:
        pass


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_shows_every_table_the_standings_and_this_round(size: tuple[int, int]) -> None:
    board = sample_board()
    text = plain(render_board(board, *size, Look(), "127.0.0.1:11200"))
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    assert "round 2 of 3" in lines[0]
    for code in CODES:
        assert code in text, "every live table is on the board"
    assert f"Table {board['featured']}" in text and "Standings" in text and "Recent results" in text
    assert "Hal 101 v Eli 47" in text


BIG_TILE_TOP = "┌───┬───┐"  # a lengthwise tile at projector size: 3×3 faces
SMALL_TILE_TOP = "┌─┬─┐"


def test_the_featured_table_uses_projector_size_tiles_at_200x60() -> None:
    board = sample_board()
    text = plain(render_board(board, 200, 60, Look(), "127.0.0.1:11200"))
    assert BIG_TILE_TOP in text and SMALL_TILE_TOP not in text
    ascii_text = plain(render_board(board, 200, 60, Look(ascii=True)))
    assert "+---+---+" in ascii_text, "the big tiles in ASCII as well"


def test_the_featured_table_falls_back_to_small_tiles_where_big_ones_do_not_fit() -> None:
    text = plain(render_board(sample_board(), 80, 24, Look()))
    assert SMALL_TILE_TOP in text and BIG_TILE_TOP not in text


def test_the_featured_table_shows_the_tiles_in_each_hand_but_no_tile_of_them() -> None:
    board = sample_board()
    featured = next(t for t in board["tables"] if t["code"] == board["featured"])
    text = plain(render_board(board, 200, 60, Look()))
    names = [s["name"] for s in featured["seats"]]
    counts = ", ".join(f"{n} {c}" for n, c in zip(names, featured["hand_sizes"]))
    assert f"in hand: {counts} · boneyard {featured['boneyard']}" in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_club_leaderboard_is_shown_when_there_is_room(size: tuple[int, int]) -> None:
    board = sample_board()
    board["tournament"] = None  # no evening: the column has room at any size
    board["leaderboard"]["variant"] = "all"
    text = plain(render_board(board, *size, Look()))
    assert "Club leaderboard (all variants)" in text
    assert re.search(r"1 Hal +1312  +9/14", text) and re.search(r"3 Dora +1190\? +2/3", text)


def test_the_leaderboard_gives_way_to_the_evening_on_a_small_screen() -> None:
    board = sample_board()
    small = plain(render_board(board, 80, 24, Look()))
    assert "Recent results" in small and "Club leaderboard" not in small
    assert "Club leaderboard (Draw)" in plain(render_board(board, 200, 60, Look()))


def test_an_empty_leaderboard_says_so() -> None:
    board = sample_board(leaders=[])
    assert "no rated matches yet" in plain(render_board(board, 200, 60, Look()))
    board = sample_board(leaders=None)  # not read yet
    assert "reading the records" in plain(render_board(board, 200, 60, Look()))


def test_leaderboard_names_are_plain_text() -> None:
    board = sample_board()
    board["leaderboard"]["rows"][0]["name"] = "[blink]Mal\x1b]0;x\x07"
    text = plain(render_board(board, 200, 60, Look()))
    assert "[blink]Mal" in text and "\x1b" not in text and "\x07" not in text


def test_more_tables_than_fit_say_how_many_are_left_out() -> None:
    board = sample_board()
    extra = [dict(board["tables"][0], code=f"X{i:03d}") for i in range(30)]
    board["tables"] = board["tables"] + extra
    for size in SIZES:
        text = plain(render_board(board, *size, Look()))
        assert re.search(r"… and \d+ more table\(s\)", text), size
        assert len(text.splitlines()) == size[1]


def test_names_from_the_network_are_plain_text() -> None:
    board = sample_board()
    board["tables"][0]["seats"][0]["name"] = "[bold red]Mal\x1b[2J\x07"
    text = plain(render_board(board, 200, 60, Look()))
    assert "[bold red]Mal" in text and "\x1b" not in text and "\x07" not in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_snapshot(snap_compare, size: tuple[int, int]) -> None:
    app = BoardApp(FixedSource(), poll=3600)

    async def run_before(pilot) -> None:
        for _ in range(50):
            await pilot.pause(0.05)
            if app.board is not None:
                break
        app.draw()
        await pilot.pause(0)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_keys_pick_the_large_table_and_a_goes_back_to_auto() -> None:
    source = FixedSource()
    app = BoardApp(source, poll=0.05)
    async with app.run_test(size=(200, 60)) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if app.board is not None:
                break
        auto = app.board["featured"]  # type: ignore[index]
        await pilot.press("right")
        picked = app.pinned
        assert picked is not None and picked != auto
        for _ in range(100):
            await pilot.pause(0.05)
            if source.asked and source.asked[-1] == picked and app.board["featured"] == picked:  # type: ignore[index]
                break
        assert app.board["featured"] == picked and app.board["auto"] is False  # type: ignore[index]
        assert f"Table {picked} (picked)" in str(app.query_one("#board").render())
        await pilot.press("a")
        assert app.pinned is None
        for _ in range(100):
            await pilot.pause(0.05)
            if source.asked[-1] is None and app.board["featured"] == auto:  # type: ignore[index]
                break
        assert app.board["featured"] == auto


@pytest.fixture
async def server(tmp_path: Path):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def test_the_board_carries_the_club_leaderboard_once_matches_are_rated(server: Server) -> None:
    watcher = await Driven.connect(server.port, "Eve")
    first = await watcher.conn.request({"type": "board"})
    assert first["leaderboard"]["variant"] == "all" and first["leaderboard"]["rows"] in (None, [])
    maker = await Driven.connect(server.port, "Ana")
    bots = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "heaviest"}]
    await maker.create(variant="draw", players=2, target=20, seats=bots, start=True, bot_delay=0.0)
    rows: list[dict[str, Any]] | None = None
    for _ in range(600):  # the match is played, recorded in the background, then read again
        rows = (await watcher.conn.request({"type": "board"}))["leaderboard"]["rows"]
        if rows:
            break
        await asyncio.sleep(0.05)
    assert rows and {r["name"] for r in rows} == {"bot:easy", "bot:heaviest"}
    assert set(rows[0]) == {"place", "name", "kind", "rating", "provisional", "matches", "wins"}
    await maker.close()
    await watcher.close()


async def test_the_board_answer_holds_no_hidden_tile(server: Server) -> None:
    maker = await Driven.connect(server.port, "Ana")
    bots = [{"kind": "bot", "level": "random"}] * 4
    # the longest match the rules allow, so a slow machine's 45 looks all fall inside it
    await maker.create(variant="allfives", players=4, target=1000, seats=bots, start=True, bot_delay=0.02)
    reader, stranger = await raw(server.port)  # the board as it crosses the wire, every field of it
    stranger.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "Eve"}))
    assert (await read_answer(reader) or {}).get("type") == "welcome"
    tiles_seen = 0
    for look in range(45):
        await asyncio.sleep(0.1)  # within one address's work budget (10 a second)
        stranger.write(P.encode({"type": "board", "id": look}))
        answer = await read_answer(reader)
        while answer is not None and answer.get("id") != look:  # the lobby's pushes come here too
            answer = await read_answer(reader)
        assert answer is not None
        assert [t["code"] for t in answer["tables"]] == [maker.code] and answer["featured"] == maker.code
        view = answer["view"]
        assert view["hand"] == [] and view["legal"] == []
        assert all(e.get("tile") is None for e in view["history"] if e["event"] == "draw")
        assert "token" not in json.dumps(answer)
        if view["phase"] != "playing":
            continue  # a finished round shows its hands to everyone (the scoring)
        lay = view["layout"]
        public = {p[0] for p in (*lay["line"], *lay["up"], *lay["down"])}
        assert set(TILE.findall(json.dumps(answer))) <= public, "nothing but the tiles on the table"
        tiles_seen = max(tiles_seen, len(public))
    assert tiles_seen >= 4, "the match was watched while tiles were on the table"
    await maker.close()
    stranger.close()


async def test_boards_asking_every_second_read_the_records_once_in_a_while(tmp_path: Path) -> None:
    from dominoes_tui.net.records.records_service import ServerRecords

    records = ServerRecords(tmp_path)
    reads: list[str] = []

    def standings(variant: str) -> list[dict[str, Any]]:
        reads.append(variant)
        return []

    records.source.standings = standings  # type: ignore[method-assign]
    assert records.board_top("draw") is None, "nothing read yet: the board says so and does not wait"
    for _ in range(100):
        await asyncio.sleep(0.01)
        if records.board_top("draw") == []:
            break
    for _ in range(20):
        assert records.board_top("draw") == []
        await asyncio.sleep(0)
    assert reads == ["draw"]
    assert records.board_top("no such list") is None  # read as the overall list
    for _ in range(100):
        await asyncio.sleep(0.01)
        if records.board_top("all") == []:
            break
    assert reads == ["draw", "all"]
    await records.close()


def _main_area(text: str) -> str:
    """The words of the big area (left of the column), wrapped lines joined."""
    return " ".join(" ".join(line.split("│")[0].split()) for line in text.splitlines()[1:]).strip()


def _evening_board(play_all: bool) -> dict[str, Any]:
    """A board with no live table: an evening registering, or played to its end."""
    from dominoes_tui.net.evening.board_feed import board
    from dominoes_tui.net.evening.evening import Evening, EveningSettings

    from .fixtures import FakeHost

    evening = Evening.open(EveningSettings(variant="draw", format="swiss", rounds=2, target=100), "Ana", seed=4)
    for name in ("Ana", "Ben", "Cy", "Dora"):
        evening.register(name)
    if play_all:
        plans = evening.start()
        while plans:
            codes = [f"T{p.round}{p.table}" for p in plans]
            for plan, code in zip(plans, codes):
                evening.opened(plan, code)
            new: list[Any] = []
            for plan, code in zip(plans, codes):
                new = evening.finished(code, [100, 10 * plan.table]) or new
            plans = new
        assert evening.state == "over"
    return board({}, FakeHost(evening), None, lambda variant: [])  # type: ignore[arg-type]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_during_registration_the_board_lists_who_entered_and_how_to_enter(size: tuple[int, int]) -> None:
    text = plain(render_board(_evening_board(play_all=False), *size, Look()))
    assert "Entered (4)" in text and "Standings" not in text
    assert "Join the server's lobby and press t to enter; Ana starts it." in _main_area(text)
    for name in ("Ana", "Ben", "Cy", "Dora"):
        assert f"  {name}" in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_the_end_the_board_says_who_won_the_evening(size: tuple[int, int]) -> None:
    board = _evening_board(play_all=True)
    winner = board["tournament"]["standings"][0]
    text = plain(render_board(board, *size, Look()))
    assert f"The evening is over. {winner['name']} wins it ({winner['shown']} pts)." in _main_area(text)
    assert "No table is being played" not in text


def test_a_matchs_rounds_are_called_deals_beside_the_tournaments_rounds() -> None:
    board = sample_board()
    text = plain(render_board(board, 200, 60, Look()))
    assert "Draw, deal 1, target 100" in text and "Draw · deal 1" in text and "Draw r1" not in text
    assert "round 2 of 3" in text.splitlines()[0]
    from dominoes_tui.net.evening.board_feed import last_move

    from .fixtures import _table

    assert last_move(_table("ZZZZ", ["Ana", "Ben"], 3, 0)) == "deal 1: tiles dealt"


def test_the_automatic_choice_is_one_of_the_evenings_tables() -> None:
    """Tried as a new user: a quick match at 0-0 beside the evening took the big screen
    from the tournament's tables."""
    board = sample_board(quick_match=True)
    assert "QQQQ" in [t["code"] for t in board["tables"]]
    assert board["featured"] in CODES and board["auto"] is True
    assert sample_board(feature="QQQQ", quick_match=True)["featured"] == "QQQQ", "picked by hand, it is shown"


def test_the_evenings_end_says_1_pt_not_1_pts() -> None:
    from dominoes_tui.ui.screens.hosted.board_render import _idle_rows

    rows = [{"rank": 1, "name": "Ana", "shown": "2", "opponents_score": 1},
            {"rank": 2, "name": "Bot 1", "shown": "1", "opponents_score": 2},
            {"rank": 3, "name": "Ben", "shown": "½", "opponents_score": 2}]
    text = "\n".join(_idle_rows({"tournament": {"state": "over", "standings": rows}}))
    assert "wins it (2 pts)" in text and "Bot 1  1 pt, opponents' score 2" in text and "Ben  ½ pts," in text


def test_the_headline_names_the_variant_as_everywhere_else() -> None:
    """The board said "draw swiss, round 1 of 2" where every other screen says "Draw"."""
    from dominoes_tui.ui.screens.hosted.board_render import headline

    tour = {"state": "playing", "round": 1, "settings": {"variant": "draw", "format": "swiss", "rounds": 2}}
    assert "Draw, Swiss, round 1 of 2" in headline({"tables": [], "tournament": tour}, "club:7788")


class RefusingSource(FixedSource):
    """A server that has gone: every fetch is refused."""

    async def fetch(self, pinned: str | None) -> dict[str, Any]:
        raise ConnectionRefusedError(111, "Connection refused")


async def test_a_board_whose_server_went_says_why_in_words_not_a_class_name() -> None:
    app = BoardApp(RefusingSource(), poll=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):
            await pilot.pause(0.02)
            if app.status:
                break
        assert "127.0.0.1:11200" in app.status and "Error" not in app.status, app.status


class BlurredBoard(BoardApp):
    """The board as a browser tab starts it: textual's web driver tells the app at once
    that it has no focus, and a projector's tab may never be clicked to give it one."""

    def on_load(self) -> None:
        from textual import events

        self.call_later(self.post_message, events.AppBlur())


async def test_the_boards_keys_show_in_a_browser_tab_that_never_had_the_focus() -> None:
    """Tried as a club would, with `dominoes web --board`: the footer stayed empty (its
    background, no key), before a key was pressed and after."""
    from textual.widgets._footer import FooterKey

    app = BlurredBoard(FixedSource(), poll=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.02)
            if app.query(FooterKey):
                break
        assert not app.app_focus, "the tab is still without the focus"
        assert "next table" in [key.description for key in app.query(FooterKey)]
