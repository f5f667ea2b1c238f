"""A hosted evening over loopback: driven clients and bots, registration, two Swiss rounds,
a drop and a return mid-match, final standings equal to the finished games' logs."""
from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from dominoes_tui.engine import load_match
from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.host.names import NameRegister
from dominoes_tui.net.server.server import Server
from tests.net.helpers import Driven, claim, key_of, play_out


@pytest.fixture
async def server(tmp_path: Path):
    # a stand-in waits 3 s: long enough for a dropped person to come back before the bots end the match
    # Ana claimed her name before the host named her an organizer (the claim is pinned at the start)
    claim(NameRegister(tmp_path / "server" / "names.json"), "Ana", ANA_SECRET)
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=3.0,
                 organizers={"Ana"})
    srv.tournament_host.arrival = 5.0  # no stand-in plays a whole match before its people sit down
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


ANA_SECRET, BEN_SECRET = "ana's secret, 16 chars or more", "ben's secret, 16 chars or more"


async def organizer(port: int) -> Driven:
    """Ana, with the secret of her claimed name (a guest who says "Ana" is not her)."""
    return Driven(await Connection.open("127.0.0.1", port, "Ana", key=key_of(ANA_SECRET)))


async def ben_with_his_secret(port: int) -> Driven:
    """Ben's own client: his claimed name is what brings him back to his entry."""
    return Driven(await Connection.open("127.0.0.1", port, "Ben", key=key_of(BEN_SECRET)))


SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 2, "target": 15, "fill_bots": True, "bot_level": "random"}


async def _sit(p: Driven, seat: dict) -> None:
    """Go to the seat the evening gave: leave the last table first, then join with the token."""
    if p.code is not None:
        await p.conn.request({"type": "leave"})
    p.states.clear()
    await p.join(seat["code"], token=seat["token"])


async def _seat_of(p: Driven, round_no: int, since: int = 0) -> dict:
    msg = await p.wait_for(lambda m: m.get("type") == "seated" and m["round"] == round_no, since=since)
    return msg


async def test_hosted_swiss_evening_two_rounds_with_a_drop_and_return(server: Server, tmp_path: Path) -> None:
    ana = await organizer(server.port)
    ben, cy = await ben_with_his_secret(server.port), await Driven.connect(server.port, "Cy")
    with pytest.raises(ServerRefused, match="organizers"):
        await ben.conn.request({"type": "tournament_open", "settings": SETTINGS})
    opened = await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})
    assert opened["tournament"]["state"] == "registering" and opened["you"]["organizer"]
    for p in (ana, ben, cy):
        answer = await p.conn.request({"type": "tournament_register"})
        assert answer["you"]["entered"]
    with pytest.raises(ServerRefused, match="organizers"):
        await ben.conn.request({"type": "tournament_start"})
    marks = [len(p.pushed) for p in (ana, ben, cy)]
    started = await ana.conn.request({"type": "tournament_start"})
    t = started["tournament"]
    assert t["state"] == "playing" and t["round"] == 1
    assert sorted(e["name"] for e in t["entrants"]) == ["Ana", "Ben", "Bot 1", "Cy"], "one bot fills the odd field"
    seats = [await _seat_of(p, 1, m) for p, m in zip((ana, ben, cy), marks)]
    for p, s in zip((ana, ben, cy), seats):
        await _sit(p, s)

    # Ben drops mid-match and comes back: the server tells him his seat again
    assert ben.states and ben.states[-1]["view"]["phase"] == "playing"
    await ben.close()
    ben = await ben_with_his_secret(server.port)
    status = await ben.conn.request({"type": "tournament"})
    assert status["you"]["seat"]["code"] == seats[1]["code"]
    await _sit(ben, status["you"]["seat"])

    marks = [len(p.pushed) for p in (ana, ben, cy)]
    await asyncio.gather(*(play_out([p]) for p in (ana, ben, cy)))
    seats = [await _seat_of(p, 2, m) for p, m in zip((ana, ben, cy), marks)]
    for p, s in zip((ana, ben, cy), seats):
        await _sit(p, s)
    await asyncio.gather(*(play_out([p]) for p in (ana, ben, cy)))
    final = await ana.wait_for(lambda m: m.get("type") == "tournament" and m["tournament"]["state"] == "over")
    t = final["tournament"]

    # The standings are what the finished games' logs say
    logs = [load_match(p) for p in sorted((tmp_path / "server" / "finished").glob("*.jsonl"))]
    assert len(logs) == 4
    wins: Counter[str] = Counter()
    met: Counter[frozenset[str]] = Counter()
    for m in logs:
        names = [s.name for s in m.seats]
        wins[names[m.verdict.winner]] += 1  # type: ignore[index]
        met[frozenset(names)] += 1
    assert max(met.values()) == 1, "Swiss never pairs the same two twice"
    assert {s["name"]: s["points"] for s in t["standings"]} == {n: wins[n] for n in ("Ana", "Ben", "Cy", "Bot 1")}
    assert sum(s["played"] for s in t["standings"]) == 8
    for p in (ana, ben, cy):
        await p.close()


async def test_strangers_and_bad_settings_are_refused(server: Server) -> None:
    eve = await Driven.connect(server.port, "Eve")
    with pytest.raises(ServerRefused, match="no tournament"):
        await eve.conn.request({"type": "tournament_register"})
    impostor = await Driven.connect(server.port, "Ana")  # no secret: a guest, whatever the name
    with pytest.raises(ServerRefused, match="organizers"):
        await impostor.conn.request({"type": "tournament_open", "settings": SETTINGS})
    await impostor.close()
    ana = await organizer(server.port)
    for bad, says in [({"rounds": "3"}, "wrong type"), ({"fill_bots": 1}, "wrong type"),
                      ({"variant": "chess"}, "unknown variant"), ({"bot_level": "cmd:rm -rf /"}, "unknown bot level"),
                      ({"round_minutes": 0}, "round clock"),
                      ({"variant": "partner", "format": "swiss"}, "rotation"), ({"rounds": 10**9}, "rounds")]:
        with pytest.raises(ServerRefused, match=says):
            await ana.conn.request({"type": "tournament_open", "settings": {**SETTINGS, **bad}})
    with pytest.raises(ServerRefused):
        await ana.conn.request({"type": "tournament_open", "settings": "swiss"})
    await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})
    with pytest.raises(ServerRefused, match="open already"):
        await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})
    with pytest.raises(ServerRefused, match="kept for bots"):
        await (await Driven.connect(server.port, "Bot 7")).conn.request({"type": "tournament_register"})
    with pytest.raises(ServerRefused, match="not entered"):
        await eve.conn.request({"type": "tournament_withdraw"})
    assert (await eve.conn.request({"type": "tournament"}))["you"]["organizer"] is False
    await eve.close()
    await ana.close()


async def test_when_the_round_clock_runs_out_bots_finish_the_round(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody plays a move: only the clock ends the round, and the next round has a clock of its own."""
    monkeypatch.setattr("dominoes_tui.net.evening.round_clock.CLOCK_BOT_DELAY", 0.0)
    server.tournament_host.arrival = 600.0  # no stand-in: without the clock the tables would wait
    host = server.tournament_host
    ana = await organizer(server.port)
    ben, cy = await ben_with_his_secret(server.port), await Driven.connect(server.port, "Cy")
    await ana.conn.request({"type": "tournament_open", "settings": {**SETTINGS, "round_minutes": 1}})
    for p in (ana, ben, cy):
        await p.conn.request({"type": "tournament_register"})
    marks = [len(p.pushed) for p in (ana, ben, cy)]
    started = await ana.conn.request({"type": "tournament_start"})
    deadline = started["tournament"]["round_deadline"]
    assert deadline is not None and deadline == host.clock.deadline
    for p, m in zip((ana, ben, cy), marks):
        await _sit(p, await _seat_of(p, 1, m))
    marks = [len(p.pushed) for p in (ana, ben, cy)]
    host.clock.ran_out()  # what the event loop calls a minute after the round opened
    told = await ana.wait_for(lambda m: m.get("type") == "notice", since=marks[0])
    assert "clock" in told["text"]
    for p, m in zip((ana, ben, cy), marks):
        await _seat_of(p, 2, m)  # the bots finished every table of round 1
    assert host.clock.deadline is not None and host.clock.deadline > deadline
    assert host.evening is not None and host.evening.tournament.current is not None
    assert host.evening.tournament.current.number == 2
    for p in (ana, ben, cy):
        await p.close()


async def test_after_a_restart_only_a_table_neither_back_nor_counted_is_called_unfinished(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A table of the round already counted is not "did not come back" (the warning was
    said before the tables were back, for every table of the round)."""
    from dominoes_tui.net.evening.evening import Evening, EveningSettings

    first = Server(tmp_path / "server", bot_delay=0.0, default_level="random")
    evening = Evening.open(EveningSettings(variant="draw", format="swiss", rounds=2, target=100), "Ana", seed=4)
    for name in ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay"):
        evening.register(name)
    for plan, code in zip(evening.start(), ("AAAA", "BBBB", "CCCC")):
        evening.opened(plan, code)
    evening.finished("AAAA", [100, 20])  # counted before the server went down
    first.tournament_host.evening = evening
    first.tournament_host.save()
    again = Server(tmp_path / "server", bot_delay=0.0, default_level="random")
    with caplog.at_level("WARNING", logger="dominoes_tui.net"):
        await again.start("127.0.0.1", 0)  # BBBB and CCCC were never kept as tables: neither comes back
    await again.close()
    said = [r.getMessage() for r in caplog.records if "did not come back" in r.getMessage()]
    assert len(said) == 2 and not any("AAAA" in s for s in said), said
