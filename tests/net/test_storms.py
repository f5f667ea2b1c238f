"""Storms from one address that once became everyone's work: spectators toggling
watch/leave (190 pushes a second to the seated player), a register/withdraw storm (the
evening rebuilt for every request) and board and lobby floods (every answer built
anew). Pushes are coalesced, the shared views built once and kept, and each address has
one work budget for all its connections."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dominoes_tui.net.evening import evening as evening_module
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.tables.table import Table

from .helpers import WAIT, Driven, open_from

SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 2, "players": 2, "fill_bots": True, "bot_level": "random"}


async def test_a_watch_leave_storm_reaches_the_seated_player_as_a_few_pushes(server: Server) -> None:
    ana = await Driven.connect(server.port, "Ana")
    await ana.create(variant="draw", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    storm = [await Driven.connect(server.port, f"Spec{i}") for i in range(30)]
    before = len(ana.pushed)
    refused = 0

    def count(msg: dict[str, Any]) -> None:
        nonlocal refused
        refused += msg.get("say") == "your address asks for too much at once; wait a moment"

    for s in storm:
        s.conn.on_push = count
    loop = asyncio.get_running_loop()
    end = loop.time() + 2.0
    while loop.time() < end:  # each spectator within its own connection's rate limit
        for s in storm:
            s.conn.send({"type": "watch", "code": ana.code})
            s.conn.send({"type": "leave"})
        await asyncio.sleep(0.25)
    await asyncio.sleep(0.5)
    pushes = [m for m in ana.pushed[before:] if m.get("type") == "table"]
    assert len(pushes) <= 2.5 / 0.25 + 2, len(pushes)  # at most one every 0.25 s
    assert refused > 0  # the address's watch and leave are rate-limited
    other = await open_from("127.0.0.2", server.port, "Other")
    assert (await asyncio.wait_for(other.request({"type": "ping"}), WAIT))["type"] == "pong"
    for c in [ana, *storm]:
        await c.close()
    await other.close()


async def test_a_register_withdraw_storm_builds_the_evening_once_per_push(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    builds, pushes = 0, 0
    public = evening_module.Evening.public

    def counted(self: Any) -> dict[str, Any]:
        nonlocal builds
        builds += 1
        return public(self)

    monkeypatch.setattr(evening_module.Evening, "public", counted)
    org = Driven(await open_from("127.0.0.1", server.port, "Org", secret=server.tournament_host.organizer_secret))
    await org.conn.request({"type": "tournament_organize", "secret": server.tournament_host.organizer_secret})
    await org.conn.request({"type": "tournament_open", "settings": SETTINGS})
    people = [Driven(await open_from(f"127.0.0.{10 + i}", server.port, f"P{i}")) for i in range(12)]
    org_pushes = len(org.pushed)
    builds = 0
    asks = []
    for kind in ("tournament_register", "tournament_withdraw", "tournament_register", "tournament"):
        asks += [p.conn.request({"type": kind}) for p in people]
    answers = await asyncio.wait_for(asyncio.gather(*asks), WAIT)
    assert all(a["you"]["entered"] for a in answers[24:36])  # each change is answered with its result
    await asyncio.sleep(0.6)
    pushes = sum(1 for m in org.pushed[org_pushes:] if m.get("type") == "tournament")
    assert builds <= pushes + 1, (builds, pushes)  # not one per request (48 requests here)
    for c in [org, *people]:
        await c.close()


async def test_board_and_lobby_floods_are_built_once_and_budgeted_per_address(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    try:  # where the server builds its board from
        views = importlib.import_module("dominoes_tui.net.server.views")
    except ImportError:  # a server before the views were kept
        views = importlib.import_module("dominoes_tui.net.server.server")
    boards = infos = 0
    board, info = views.board, Table.info

    def counted_board(*args: Any, **kw: Any) -> dict[str, Any]:
        nonlocal boards
        boards += 1
        return board(*args, **kw)

    def counted_info(self: Table) -> dict[str, Any]:
        nonlocal infos
        infos += 1
        return info(self)

    monkeypatch.setattr(views, "board", counted_board)
    monkeypatch.setattr(Table, "info", counted_info)
    maker = await Driven.connect(server.port, "Maker")
    for _ in range(4):
        await maker.create(variant="draw", players=2, seats=[{"kind": "bot", "level": "random"}] * 2, start=True,
                           sit=None, bot_delay=1.0)
    flood = [await Driven.connect(server.port, f"F{i}") for i in range(20)]
    boards = infos = 0
    asks = [c.conn.request({"type": kind}) for c in flood for kind in ("board", "list")]
    answers = await asyncio.gather(*asks, return_exceptions=True)
    done = [a for a in answers if not isinstance(a, BaseException)]
    assert done and len(done) == 40  # within the address's burst: all answered ...
    assert boards <= 2 and infos <= 8, (boards, infos)  # ... from views built once
    more = await asyncio.gather(*(c.conn.request({"type": "list"}) for c in flood for _ in range(3)),
                                return_exceptions=True)
    assert any(isinstance(a, BaseException) for a in more)  # past the burst: the address waits
    other = await open_from("127.0.0.2", server.port, "Other")
    assert (await other.request({"type": "list"}))["type"] == "tables"  # another address's budget is its own
    for c in [maker, *flood]:
        await c.close()
    await other.close()
