"""A quick match is two strangers: the table has a turn clock even when the host set none,
so a staller who never moves holds nobody for long."""
from __future__ import annotations

import pytest

from dominoes_tui.net.server import quick_match
from dominoes_tui.net.server.server import Server

from .helpers import Driven


async def test_a_quick_match_table_runs_a_turn_clock_by_default(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    assert server.limits.turn_time is None  # the host set no clock
    monkeypatch.setattr(quick_match, "QUICK_TURN_TIME", 0.5, raising=False)  # quick, for the test
    ana, staller = [await Driven.connect(server.port, n) for n in ("Ana", "Stall")]
    for p in (ana, staller):
        await p.conn.request({"type": "quick_match", "variant": "draw", "players": 2, "bots": False})
    seats = [await p.wait_for(lambda m: m.get("type") == "seated") for p in (ana, staller)]
    joined = [await p.join(s["code"], token=s["token"]) for p, s in zip((ana, staller), seats)]
    assert joined[0]["table"]["turn_time"] == 0.5
    # the staller never moves: when it is their turn, the clock runs out and a bot plays it
    notice = await ana.wait_for(lambda m: m.get("type") == "notice" and "ran out of time" in m.get("text", ""))
    assert "Stall" in notice["text"] or "Ana" in notice["text"]
    for p in (ana, staller):
        await p.close()
