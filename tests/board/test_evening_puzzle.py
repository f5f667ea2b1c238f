"""A whole club evening run headless at a loopback server: people (driven clients) and
bots play its rounds, a board client follows it, and between two rounds the board shows
the puzzle of the evening from a match just finished, then its answer once the minute
has passed (a clock the test turns). A board client, hostile or flooding, is never sent
the answer before it is due."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.host.names import NameRegister
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.ui.render import Look, plain
from dominoes_tui.ui.screens.hosted.board_render import render_board
from tests.net.helpers import Driven, claim, key_of, play_out

from .puzzle_fixtures import ANSWER_FIELDS, Clock

ANA_SECRET = "ana's secret, 16 chars or more"
PEOPLE = ["Ben", "Cy", "Dee", "Eli", "Flo"]
SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 4, "target": 30, "fill_bots": True, "bot_level": "random"}
HARVEST_WAIT = 600  # tenths of a second a round's matches may take to be harvested (a busy test machine)


@pytest.fixture
async def server(tmp_path: Path):
    claim(NameRegister(tmp_path / "server" / "names.json"), "Ana", ANA_SECRET)
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0, organizers={"Ana"})
    srv.tournament_host.arrival = 600.0  # nobody stands in: a round waits for its people
    srv.tournament_host.puzzle_search.nice = 0  # a niced worker on a busy test machine waits for minutes
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def _sit_and_play(people: list[Driven], round_no: int, marks: list[int]) -> list[int]:
    """Everyone to their seat of `round_no` and the matches played out; where each one's
    next seat will be told (the next round is paired as its last match ends)."""
    for p, mark in zip(people, marks):
        seat = await p.wait_for(lambda m: m.get("type") == "seated" and m["round"] == round_no, since=mark)
        if p.code is not None:
            await p.conn.request({"type": "leave"})
        p.states.clear()
        await p.join(seat["code"], token=seat["token"])
    marks = [len(p.pushed) for p in people]
    await asyncio.gather(*(play_out([p]) for p in people))
    return marks


async def _raw_board(port: int) -> bytes:
    """A board client of its own making: the bytes the server sends to a `board` request."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_CLIENT_LINE)
    try:
        writer.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "Stranger"}))
        writer.write(P.encode({"type": "board", "id": 7}))
        for _ in range(20):
            line = await asyncio.wait_for(reader.readline(), 10)
            if line.startswith(b'{"type":"board"'):
                return line
        raise AssertionError("no board answer")
    finally:
        writer.close()


async def test_between_two_rounds_the_board_shows_the_puzzle_of_the_evening_then_its_answer(server: Server) -> None:
    clock = Clock()
    server.tournament_host.puzzle.clock = clock
    ana = Driven(await Connection.open("127.0.0.1", server.port, "Ana", key=key_of(ANA_SECRET)))
    people = [ana] + [await Driven.connect(server.port, n) for n in PEOPLE]
    await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})
    for p in people:
        await p.conn.request({"type": "tournament_register"})
    board = await Connection.open("127.0.0.1", server.port, "Board")
    marks = [len(p.pushed) for p in people]
    await ana.conn.request({"type": "tournament_start"})
    shown: dict[str, Any] | None = None
    # about half the matches of random bots give a puzzle: three rounds (nine matches) before
    # the last leave one run in several hundred without one, two left one in sixty
    for round_no in (1, 2, 3):
        marks = await _sit_and_play(people, round_no, marks)
        # the round is over at every table and the next one is under way (its people have
        # not sat down yet): the board shows the puzzle once a match of the evening gave one
        search = server.tournament_host.puzzle_search
        for _ in range(HARVEST_WAIT):
            answer = await board.request({"type": "board"})
            # every match of the round filed and harvested (the evening as pushed lags a moment)
            paired = (answer["tournament"] or {}).get("round") == round_no + 1
            none = not server.tournament_host.puzzle.waiting and server.tournament_host.puzzle.shown is None
            if paired and (answer.get("puzzle") or search.idle and none):
                break
            await asyncio.sleep(0.1)
        shown = answer.get("puzzle")
        if shown is not None:
            break
    assert shown is not None, "no match of three rounds gave a puzzle"
    tour = answer["tournament"]
    assert tour["state"] == "playing" and tour["round"] == round_no + 1, "between two rounds"
    assert shown["round"] == round_no and shown["name"] in ["Ana", *PEOPLE] + [e["name"] for e in tour["entrants"]]
    assert shown["table"] in _finished_codes(server), "a finished match's"
    assert not ANSWER_FIELDS & set(shown) and shown["answer_in"] == 60
    raw = await _raw_board(server.port)
    assert b'"puzzle"' in raw and b'"answer"' not in raw and b'"solved"' not in raw, "no answer before its minute"
    text = plain(render_board(answer, 80, 24, Look()))
    assert "Puzzle of the evening:" in text and "The answer in 1:00" in text

    clock.now += 60  # the minute has passed
    for _ in range(50):  # a built board is kept for half a second
        answer = await board.request({"type": "board"})
        if "answer" in answer["puzzle"]:
            break
        await asyncio.sleep(0.1)
    due = answer["puzzle"]
    assert due["id"] == shown["id"] and due["answer"] and isinstance(due["solved"], bool)
    assert "Answer: " in plain(render_board(answer, 200, 60, Look()))
    clock.now += 45
    for _ in range(50):
        answer = await board.request({"type": "board"})
        if "puzzle" not in answer:
            break
        await asyncio.sleep(0.1)
    assert "puzzle" not in answer, "the board goes back to the tables"
    for c in [*people]:
        await c.close()
    await board.close()


def _finished_codes(server: Server) -> set[str]:
    """The codes of the tables whose matches are over, from the files of finished matches."""
    found = set()
    for path in (server.data_dir / "finished").glob("*.json"):  # type: ignore[operator]
        try:
            found.add(json.loads(path.read_text())["code"])
        except (ValueError, KeyError):
            continue
    return found


async def test_a_board_client_flooding_requests_never_reads_the_answer_early(server: Server) -> None:
    from .puzzle_fixtures import harvested

    clock = Clock()
    server.tournament_host.puzzle.clock = clock
    server.tournament_host.puzzle.found(harvested()[0])
    server.tournament_host.puzzle.round_over()
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, limit=P.MAX_CLIENT_LINE)
    writer.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "Flood"}))
    for i in range(500):  # as fast as the socket takes them, never reading
        writer.write(P.encode({"type": "board", "id": i, "feature": "X" * 40 if i % 2 else None}))
    await writer.drain()
    clock.now += 59  # still within the minute
    got = b""
    try:
        while True:
            line = await asyncio.wait_for(reader.readline(), 2)
            if not line:
                break
            got += line
    except TimeoutError:
        pass
    finally:
        writer.close()
    assert got.count(b'"puzzle"') >= 1, "the board was answered (the rest refused or dropped)"
    assert b'"answer"' not in got and b'"solved"' not in got and b"2-2 left" not in got
    other = await Driven.connect(server.port, "Ana")  # the server still answers (the flood's address is
    await other.conn.request({"type": "ping"})      # out of work budget for a moment: boards wait, pings not)
    await other.close()
