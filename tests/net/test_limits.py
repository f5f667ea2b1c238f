"""No resource is unbounded: each attack, made over loopback, runs into a limit and ends.
One test an attack."""
from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from tests.net.helpers import answer, closed, raw

from .helpers import WAIT, Driven

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

BOTS2 = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


async def hello(port: int, name: str = "x") -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    r, w = await raw(port)
    w.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": name}))
    assert (await answer(r))["type"] == "welcome"
    return r, w


async def test_blank_lines_count_towards_the_rate_limit(server: Server) -> None:
    r, w = await hello(server.port)
    w.write(b"\n" * 500)  # empty lines are messages too: skipped before counting, they would be free
    await w.drain()
    msg = await answer(r)
    assert msg["type"] == "error" and msg.get("fatal") and "too many" in msg["reason"]
    assert await closed(r)


async def fatal(r: asyncio.StreamReader) -> dict:
    """The server's last word (a fatal error), past anything pushed before it."""
    while True:
        msg = await answer(r)
        assert msg is not None, "closed without a word"
        if msg.get("fatal"):
            return msg


async def test_a_silent_connection_is_dropped_at_the_handshake_and_when_idle(limited) -> None:
    srv = await limited(handshake_timeout=0.3, idle_timeout=0.6)
    r, w = await raw(srv.port)  # says nothing at all
    assert "no hello" in (await fatal(r))["reason"]
    assert await closed(r)
    r, w = await hello(srv.port)  # says hello, then nothing
    assert "no message" in (await fatal(r))["reason"]
    assert await closed(r)
    assert not srv.conns


async def test_connections_are_limited_per_address_and_in_total(limited) -> None:
    srv = await limited(conns_per_address=3)
    held = [await raw(srv.port) for _ in range(3)]
    r, _ = await raw(srv.port)
    msg = await answer(r)
    assert msg["fatal"] and "your address" in msg["reason"]
    full = await limited(max_conns=2)
    held += [await raw(full.port) for _ in range(2)]
    r, _ = await raw(full.port)
    assert "full" in (await answer(r))["reason"]
    for _, w in held:
        w.close()


async def test_one_connection_cannot_make_every_table(limited) -> None:
    srv = await limited(tables_per_conn=3, tables_per_address=4)
    a = await Connection.open("127.0.0.1", srv.port, "A")
    for _ in range(3):  # bot-only tables, started: these count toward the limit too
        await a.request({"type": "create", "variant": "block", "players": 2, "seats": BOTS2, "sit": None,
                         "start": True, "target": 1000, "bot_delay": 1})
    with pytest.raises(ServerRefused, match="running or waiting"):
        await a.request({"type": "create", "variant": "block", "players": 2, "seats": BOTS2, "sit": None})
    b = await Connection.open("127.0.0.1", srv.port, "B")  # same address: one more, then no
    await b.request({"type": "create", "variant": "block", "players": 2, "sit": None})
    with pytest.raises(ServerRefused, match="your address"):
        await b.request({"type": "create", "variant": "block", "players": 2, "sit": None})
    await a.close()
    await b.close()


async def test_a_waiting_table_whose_creator_left_closes(limited) -> None:
    srv = await limited(waiting_timeout=0.3)
    maker = await Driven.connect(srv.port, "Maker")
    made = await maker.create(variant="draw", players=4, sit=None)
    guest = await Driven.connect(srv.port, "Guest")
    await guest.join(made["code"])  # someone sits: the table must still not wait for ever
    await maker.close()
    note = await guest.wait_for(lambda m: m.get("type") == "notice")
    assert "closed" in note["text"]
    for _ in range(int(WAIT / 0.05)):
        if made["code"] not in srv.tables:
            break
        await asyncio.sleep(0.05)
    assert made["code"] not in srv.tables
    await guest.close()


async def test_create_enforces_the_option_bounds_of_the_rules(server: Server) -> None:
    """docs/RULES.md v1.1 §4: a target past 1000 would make a match that never ends; the
    engine's own check (engine/options.py) refuses it on `create`."""
    a = await Connection.open("127.0.0.1", server.port, "A")
    for bad in ({"variant": "draw", "target": 10**9}, {"variant": "draw", "target": 1001},
                {"variant": "kozel", "players": 4, "target": 5000}, {"variant": "draw", "target": True}):
        with pytest.raises(ServerRefused):
            await a.request({"type": "create", "players": bad.pop("players", 2), "sit": None, **bad})
    assert not server.tables
    await a.close()


async def test_slow_readers_are_dropped_before_they_cost_much(limited) -> None:
    srv = await limited(max_unread=64 * 1024)
    owner = await Connection.open("127.0.0.1", srv.port, "Owner")
    made = await owner.request({"type": "create", "variant": "draw", "players": 4, "sit": None, "target": 1000,
                                "seats": BOTS2 * 2, "bot_delay": 0})
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", srv.port))
    sock.sendall(P.encode({"type": "hello", "protocol": 1, "name": "Sloth"}) + P.encode({"type": "watch", "code": made["code"]}))
    await owner.request({"type": "start", "code": made["code"]})
    for _ in range(int(WAIT * 3 / 0.05)):  # it never reads: the server hangs up on it
        if not any(c.name == "Sloth" for c in srv.conns):
            break
        await asyncio.sleep(0.05)
    assert not any(c.name == "Sloth" for c in srv.conns)
    sock.close()
    await owner.close()


async def test_wrong_types_are_refused_and_deep_json_is_a_counted_mistake(server: Server) -> None:
    a = await Driven.connect(server.port, "A")
    made = await a.create(variant="draw", players=4, sit=None)
    r, w = await hello(server.port, "B")
    async def reply() -> dict:
        while True:  # the lobby's pushes come in between
            got = await answer(r)
            if got.get("type") not in ("tables", "table"):
                return got

    for msg in ({"type": "join", "code": made["code"], "seat": True},  # a boolean is no seat number (True would be seat 1)
                {"type": "join", "code": made["code"], "token": 12345},  # a token that is no string is refused, not ignored
                {"type": "create", "variant": "draw", "players": True},
                {"type": "ping", "id": True}):
        w.write(P.encode(msg))
        got = await reply()
        assert got["type"] in ("refused", "error"), (msg, got)
    assert not any(s.taken for s in server.tables[made["code"]].slots)
    deep = b"[" * 5000 + b"]" * 5000  # 10 KB: under the line limit, over the JSON reader's depth
    for _ in range(P.MAX_ERRORS):
        w.write(deep + b"\n")
        got = await reply()
        if got.get("fatal"):
            break
        assert got["type"] == "error" and "server error" not in got["reason"]
    assert got.get("fatal")  # every one counted as a mistake
    assert await closed(r)
    await a.close()


async def test_lobby_updates_reach_only_clients_in_the_lobby(server: Server) -> None:
    seated = await Driven.connect(server.port, "Seated")
    made = await seated.create(variant="draw", players=4)
    lobby = await Driven.connect(server.port, "Lobby")
    other = await Connection.open("127.0.0.1", server.port, "Other")
    await other.request({"type": "create", "variant": "block", "players": 2, "sit": None})
    await lobby.wait_for(lambda m: m.get("type") == "tables" and len(m["tables"]) == 2)
    assert not any(m.get("type") == "tables" for m in seated.pushed), made["code"]
    for c in (seated, lobby):
        await c.close()
    await other.close()


async def test_the_turn_clock_lets_the_stand_in_play_and_says_why(limited) -> None:
    srv = await limited(turn_time=0.4)
    ana = await Driven.connect(srv.port, "Ana")
    made = await ana.create(variant="block", players=2, seats=[{"kind": "human"}, {"kind": "bot"}])
    assert made["table"]["turn_time"] == 0.4
    note = await ana.wait_for(lambda m: m.get("type") == "notice")  # Ana never moves
    assert "Ana ran out of time" in note["text"] and "bot played" in note["text"]
    table = srv.tables[made["code"]]
    assert any(e.get("seat") == ana.seat for e in table.match.events if e["event"] in ("play", "pass", "draw"))
    await ana.close()


async def test_the_turn_clock_also_bounds_the_wait_for_ready_after_a_round(limited) -> None:
    """Without it, a person who walked away held the table two minutes after every round."""
    srv = await limited(turn_time=0.1)
    ana = await Driven.connect(srv.port, "Ana")
    made = await ana.create(variant="block", players=2, target=200, seats=[{"kind": "human"}, {"kind": "bot"}])
    note = await ana.wait_for(lambda m: m.get("type") == "notice" and "ready" in m["text"])  # Ana never says ready
    assert "Ana did not say ready within 0.1 s" in note["text"] and "next round" in note["text"]
    await ana.wait_for(lambda m: m.get("type") == "state" and m["view"]["round"] == 2 and m["view"]["phase"] == "playing")
    assert srv.tables[made["code"]].match.round_no >= 2
    await ana.close()


async def test_a_torn_log_is_cut_back_and_the_table_resumes(tmp_path) -> None:
    data = tmp_path / "server"
    first = Server(data, bot_delay=0.0, default_level="random", standin_delay=600)
    await first.start("127.0.0.1", 0)
    ana = await Driven.connect(first.port, "Ana")
    made = await ana.create(variant="draw", players=2, seats=[{"kind": "human"}, {"kind": "bot"}])
    await ana.close()
    await first.close()
    log = data / "tables" / f"{made['code']}.jsonl"
    whole = log.read_bytes()
    with log.open("ab") as f:  # a full disk: half an event, cut inside a UTF-8 character
        f.write(b'{"event": "play", "seat": 0, "name": "\xc3')
    second = Server(data, bot_delay=0.0, default_level="random", standin_delay=600)
    await second.start("127.0.0.1", 0)
    try:
        assert made["code"] in second.tables  # back, not moved to broken/
        assert not (data / "broken").exists()
        assert log.read_bytes() == whole and (data / "tables" / f"{made['code']}.jsonl.torn").exists()
    finally:
        await second.close()


def test_a_failed_append_leaves_no_torn_line(tmp_path, monkeypatch) -> None:
    from dominoes_tui.net.tables import table_files

    log = tmp_path / "ABCD.jsonl"
    table_files.write_whole_log(log, [{"event": "match_start", "n": 1}])
    before = log.read_bytes()

    def disk_full(path: Path, text: str) -> None:
        with path.open("a", encoding="utf-8") as f:
            f.write(text[: len(text) // 2])  # half of it reached the disk
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table_files, "append_private", disk_full)
    with pytest.raises(OSError):
        table_files.append_log(log, [{"event": "play", "seat": 0, "tile": "3-5"}, {"event": "pass", "seat": 1}])
    assert log.read_bytes() == before  # cut back: the next save appends every unsaved event again


async def test_hard_bots_think_in_worker_processes_not_on_the_event_loop(limited) -> None:
    """Hard bots think in a bounded pool of worker processes: on the server's event loop (or
    a thread beside it) twenty tables of hard bots would slow every other table."""
    import os

    srv = await limited(bot_workers=1)
    owner = await Driven.connect(srv.port, "Owner")
    made = await owner.create(variant="block", players=2, sit=None, start=True, target=20,
                              seats=[{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "hard"}], bot_delay=0)
    await owner.watch(made["code"])
    await owner.wait_for(lambda m: m.get("type") == "state" and len(m["view"]["history"]) >= 2)
    pool = srv.bots._pool
    assert pool is not None  # the moves so far came from the pool ...
    workers = list(pool._processes.values())
    assert len(workers) == 1 and all(p.pid != os.getpid() for p in workers)  # ... of one worker process, as set
    await owner.close()
