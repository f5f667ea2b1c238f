"""The table server over loopback: full matches, refusals, spectators, drops, restarts."""
from __future__ import annotations

import asyncio
import json
import re

import pytest

from dominoes_tui.engine import load_match
from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.server.server import Server

from .helpers import WAIT, Driven, play_out

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

TILE = re.compile(r'"(\d-\d)"')
TWO_AND_TWO = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}]


async def two_humans(server: Server, target: int = 30, **kw) -> tuple[Driven, Driven]:
    ana = await Driven.connect(server.port, "Ana")
    made = await ana.create(variant="draw", players=4, target=target, seats=TWO_AND_TWO, **kw)
    assert made["seat"] == 0 and made["table"]["started"] is False
    ben = await Driven.connect(server.port, "Ben")
    joined = await ben.join(ana.code)  # the last free human seat: the table starts
    assert joined["seat"] == 1 and joined["table"]["started"] is True
    await ana.wait_for(lambda m: m.get("type") == "state")
    return ana, ben


def public_tiles(view: dict) -> set[str]:
    lay = view["layout"]
    return {p[0] for p in (*lay["line"], *lay["up"], *lay["down"])}


async def test_full_match_two_people_two_bots_and_a_spectator(server: Server, tmp_path) -> None:
    ana = await Driven.connect(server.port, "Ana")
    await ana.create(variant="draw", players=4, target=30, seats=TWO_AND_TWO)
    lobby = await ana.conn.request({"type": "list"})
    assert [t["code"] for t in lobby["tables"]] == [ana.code]
    assert lobby["tables"][0]["free"] == [1]
    watcher = await Driven.connect(server.port, "Wes")
    await watcher.watch(ana.code)
    ben = await Driven.connect(server.port, "Ben")
    await ben.join(ana.code)
    last = await play_out([ana, ben])
    await watcher.wait_for(lambda m: m.get("type") == "state" and m["view"]["phase"] == "match_over")

    # Each person saw only their own seat, with their own hand.
    assert all(s["view"]["seat"] == 0 for s in ana.states)
    assert all(s["view"]["seat"] == 1 for s in ben.states)
    assert last["rounds"] and last["rounds"][-1]["match_over"]
    # The spectator saw no hidden tile while a round was played ...
    rounds_seen = 0
    for st in watcher.states:
        v = st["view"]
        assert v["hand"] == [] and v["legal"] == []
        if v["phase"] == "playing":
            assert set(TILE.findall(json.dumps(st))) <= public_tiles(v)
            assert all(e.get("tile") is None for e in v["history"] if e["event"] == "draw")
        else:  # ... and every hand once it was over
            rounds_seen += 1
            assert st["rounds"][-1]["hands"]
    assert rounds_seen >= 1
    # The match is filed as a game log that replays.
    logs = list((tmp_path / "server" / "finished").glob("*.jsonl"))
    assert len(logs) == 1 and load_match(logs[0]).phase == "match_over"
    assert [s["name"] for s in last["seats"]] == ["Ana", "Ben", "Bot 3", "Bot 4"]
    for c in (ana, ben, watcher):
        await c.close()


async def test_refusals_change_nothing(server: Server) -> None:
    ana, ben = await two_humans(server)
    watcher = await Driven.connect(server.port, "Wes")
    await watcher.watch(ana.code)
    table = server.tables[ana.code]
    m = table.match
    # Let the bots move until a person is to act.
    people = {0: ana, 1: ben}
    for _ in range(2000):  # bounded: bots move in milliseconds
        if m.to_act in people:
            break
        await asyncio.sleep(0.01)
    mover, other = people[m.to_act], people[1 - m.to_act]
    await mover.wait_for(lambda s: s.get("type") == "state" and s["view"]["to_act"] == mover.seat)
    legal = mover.view["legal"]
    before = list(m.events)

    cases = [
        (other, {"move": legal[0]}, "turn"),  # out of turn
        (mover, {"move": legal[0], "seat": other.seat}, "you sit in seat"),  # for another seat
        (other, {"move": legal[0], "seat": mover.seat}, "you sit in seat"),
        (watcher, {"move": legal[0]}, "spectators"),
        (mover, {"move": {"tile": "9-9", "end": None}}, "bad move"),
        (mover, {"move": "nonsense"}, "bad move"),
    ]
    hand = set(mover.view["hand"])
    not_mine = next(t for t in (f"{a}-{b}" for a in range(7) for b in range(a, 7)) if t not in hand)
    cases.append((mover, {"move": {"tile": not_mine, "end": "left"}}, ""))  # a tile not in the hand
    if m.layout.line:
        unfit = [t for t in mover.view["hand"] if not any(x["tile"] == t for x in legal)]
        if unfit:
            cases.append((mover, {"move": {"tile": unfit[0], "end": "left"}}, ""))  # does not fit
    for who, body, words in cases:
        with pytest.raises(ServerRefused) as err:
            await who.conn.request({"type": "play", **body})
        assert words in str(err.value)
        assert m.events == before
    # a legal move after all that still goes through
    mover.conn.send({"type": "play", "move": legal[0]})
    await mover.wait_for(
        lambda s: s.get("type") == "state" and s["seq"] > mover.states[-2]["seq"] if len(mover.states) > 1 else True)
    for c in (ana, ben, watcher):
        await c.close()


async def test_lobby_refusals(server: Server) -> None:
    ana = await Driven.connect(server.port, "Ana")
    with pytest.raises(ServerRefused, match="no open table"):
        await ana.join("ZZZZ")
    with pytest.raises(ServerRefused, match="unknown bot level"):
        await ana.create(variant="draw", players=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "cmd:rm -rf /"}])
    with pytest.raises(ServerRefused, match="played by"):
        await ana.create(variant="draw", players=7)
    made = await ana.create(variant="draw", players=3, sit=None)
    ben = await Driven.connect(server.port, "Ben")
    with pytest.raises(ServerRefused, match="only the person who made"):
        await ben.join(made["code"], seat=2)
        await ben.conn.request({"type": "start"})
    with pytest.raises(ServerRefused, match="not free"):
        await (await Driven.connect(server.port, "Cy")).join(made["code"], seat=2)
    await ana.conn.request({"type": "start", "code": made["code"]})  # the creator starts; seats 0 and 1 go to bots
    state = await ben.wait_for(lambda s: s.get("type") == "state")
    assert [s["kind"] for s in state["seats"]] == ["bot", "bot", "human"]
    with pytest.raises(ServerRefused, match="started"):
        await (await Driven.connect(server.port, "Di")).join(made["code"])
    for c in (ana, ben):
        await c.close()


async def test_drop_and_rejoin_mid_round(server: Server) -> None:
    ana, ben = await two_humans(server, target=100)
    table = server.tables[ana.code]
    m = table.match
    token = ben.token
    await ben.close()
    # A bot stands in for Ben: the match goes on past his turns.
    for _ in range(2000):
        if table.slots[1].conn is None and any(e["event"] == "play" and e.get("seat") == 1 for e in m.round_events()):
            if m.to_act == 0 or m.phase != "playing":
                break
        if m.to_act == 0 and m.phase == "playing" and ana.states and ana.view["to_act"] == 0:
            ana.conn.send({"type": "play", "move": ana.view["legal"][0]})
            n = len(ana.pushed)
            await ana.wait_for(lambda s: s.get("type") == "state", since=n)
        else:
            await asyncio.sleep(0.01)
    assert any(e["event"] == "play" and e.get("seat") == 1 for e in m.events)
    # Ben comes back with his token and has his seat (and his hand) again.
    ben2 = await Driven.connect(server.port, "Ben")
    joined = await ben2.join(ana.code, token=token)
    assert joined["rejoin"] and joined["seat"] == 1
    assert sorted(joined["state"]["view"]["hand"]) == sorted(str(t) for t in m.hands[1])
    with pytest.raises(ServerRefused, match="token"):
        await (await Driven.connect(server.port, "Eve")).join(ana.code, token="not-his")
    last = await play_out([ana, ben2])
    assert last["view"]["phase"] == "match_over"
    for c in (ana, ben2):
        await c.close()


async def test_server_restart_mid_match(tmp_path) -> None:
    data = tmp_path / "server"
    first = Server(data, bot_delay=0.0, default_level="random", standin_delay=600)
    await first.start("127.0.0.1", 0)
    # more points than one round can give (DRAW-8: at most the set's 168 pips), so the match
    # is still on when the server goes down, however the bots' first round goes
    ana, ben = await two_humans(first, target=200)
    table = first.tables[ana.code]
    for _ in range(3):  # a few moves by people (and bots between them)
        for p in (ana, ben):
            st = p.states[-1]["view"]
            if st["phase"] == "playing" and st["to_act"] == p.seat:
                n = len(p.pushed)
                p.conn.send({"type": "play", "move": st["legal"][0]})
                await p.wait_for(lambda s: s.get("type") == "state", since=n)
        await asyncio.sleep(0.05)
    events = list(table.match.events)
    code, tokens = ana.code, (ana.token, ben.token)
    await first.close()
    for c in (ana, ben):
        await c.close()
    with (data / "tables" / f"{code}.jsonl").open("a", encoding="utf-8") as f:
        f.write('{"event": "play", "seat": 0, "ti')  # the server was killed in the middle of an append

    second = Server(data, bot_delay=0.0, default_level="random", standin_delay=600)
    await second.start("127.0.0.1", 0)
    try:
        back = second.tables[code]
        assert back.match.events == events  # nothing lost
        ana2 = await Driven.connect(second.port, "Ana")
        ben2 = await Driven.connect(second.port, "Ben")
        assert (await ana2.join(code, token=tokens[0]))["seat"] == 0
        assert (await ben2.join(code, token=tokens[1]))["seat"] == 1
        # the table plays on with them to the end of the round (the next one if it was over)
        ends = back.match.round_no + (back.match.phase != "playing")
        last = await play_out([ana2, ben2], until=lambda v: v["round"] >= ends and v["phase"] == "round_over")
        assert last["view"]["scores"] != [0, 0, 0, 0]
        for c in (ana2, ben2):
            await c.close()
    finally:
        await second.close()


async def test_bot_only_table_plays_itself(server: Server) -> None:
    w = await Driven.connect(server.port, "Wes")
    made = await w.create(variant="block", players=2, target=20, seats=[{"kind": "bot"}, {"kind": "bot"}], sit=None)
    await w.watch(made["code"])
    await w.conn.request({"type": "start", "code": made["code"]})
    await w.wait_for(lambda s: s.get("type") == "state" and s["view"]["phase"] == "match_over", timeout=WAIT)
    await w.close()


async def test_a_seat_left_past_the_grace_time_stays_with_the_bot(tmp_path) -> None:
    srv = Server(tmp_path / "server", grace=0.0, bot_delay=0.0, default_level="random", standin_delay=0.0)
    await srv.start("127.0.0.1", 0)
    try:
        ana, ben = await two_humans(srv, target=200)
        token = ben.token
        await ben.close()
        for _ in range(200):
            if srv.tables[ana.code].slots[1].conn is None:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.01)
        back = await Driven.connect(srv.port, "Ben")
        with pytest.raises(ServerRefused, match="away too long"):
            await back.join(ana.code, token=token)
        for c in (ana, back):
            await c.close()
    finally:
        await srv.close()


async def test_a_bot_that_crashes_or_a_failing_step_does_not_stop_the_table(server: Server, monkeypatch) -> None:
    from dominoes_tui.net.tables import bot_pool

    class Broken:
        def choose(self, view):
            raise RuntimeError("bot bug")

        def close(self) -> None:
            pass

    monkeypatch.setattr(bot_pool, "make_bot", lambda *a, **k: Broken())
    w = await Driven.connect(server.port, "Wes")
    made = await w.create(variant="block", players=2, target=10, seats=[{"kind": "bot"}, {"kind": "bot"}], sit=None)
    await w.watch(made["code"])
    table = server.tables[made["code"]]
    plain_step, failed = table.step, []

    async def step_failing_once() -> bool:
        if not failed and table.match is not None and len(table.match.events) > 3:
            failed.append(True)
            raise RuntimeError("a bug in one step")
        return await plain_step()

    monkeypatch.setattr(table, "step", step_failing_once)
    await w.conn.request({"type": "start", "code": made["code"]})
    await w.wait_for(lambda s: s.get("type") == "state" and s["view"]["phase"] == "match_over")
    assert failed
    await w.close()



async def test_a_table_file_that_cannot_be_read_is_kept_aside_on_restart(tmp_path) -> None:
    data = tmp_path / "server"
    tables = data / "tables"
    tables.mkdir(parents=True)
    (tables / "ZZZZ.json").write_text('{"code": "ZZZZ", "variant": "draw", "play', encoding="utf-8")
    (tables / "ZZZZ.jsonl").write_text('{"event": "match_start"}\n', encoding="utf-8")
    srv = Server(data, bot_delay=0.0)
    await srv.start("127.0.0.1", 0)
    try:
        assert "ZZZZ" not in srv.tables  # the server runs on without it
        kept = sorted(p.suffix for p in (data / "broken").iterdir())
        assert kept == [".json", ".jsonl"]  # both files, as they were
        assert not list(tables.glob("ZZZZ*"))
    finally:
        await srv.close()


async def test_leaving_after_the_match_ended_says_so_not_that_a_bot_stands_in(server: Server, caplog) -> None:
    ana, ben = await two_humans(server, target=10)
    await play_out([ana, ben])
    await ben.wait_for(lambda m: m.get("type") == "state" and m["view"]["phase"] == "match_over")
    caplog.set_level("INFO", logger="dominoes_tui.net")
    await ben.close()
    for _ in range(200):  # the server hears the hang-up on its own time: wait for its word
        if any("Ben left table" in r.getMessage() for r in caplog.records):
            break
        await asyncio.sleep(0.01)
    said = [r.getMessage() for r in caplog.records if "Ben left table" in r.getMessage()]
    assert said == [f"Ben left table {ana.code} after its match ended"]
    await ana.close()
