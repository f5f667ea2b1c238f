"""The bots' worker processes are shared fairly between the addresses that made the
tables: ten busy tables of search bots from one address once made a bot at another
address's table wait behind all of their moves (199 ms became 17.5 s a move)."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dominoes_tui.net.server.server import Server

from .helpers import WAIT, Driven

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

HARD = {"kind": "bot", "level": "hard"}


async def test_a_bot_at_another_address_waits_for_no_queue_but_its_own(limited) -> None:
    srv: Server = await limited(bot_workers=1, tables_per_conn=20)
    events: list[tuple[str, str]] = []  # ("ask" | "got", bot name), in the order they happened
    choose = srv.bots.choose

    async def recorded(level: str, seed: str, name: str, view: Any, *args: Any, **kw: Any) -> Any:
        events.append(("ask", name))
        move = await choose(level, seed, name, view, *args, **kw)
        events.append(("got", name))
        return move

    srv.bots.choose = recorded  # type: ignore[method-assign]
    maker = await Driven.connect(srv.port, "Maker")
    for i in range(10):  # the busy address: ten tables of search bots, all thinking at once
        await maker.pace()
        code = (await maker.create(seats=[{**HARD, "name": f"A{i}"}, {**HARD, "name": f"B{i}"}], sit=None))["code"]
        srv.tables[code].made_by = "192.0.2.66"
        await maker.conn.request({"type": "start", "code": code})
    await maker.pace()
    victim = (await maker.create(seats=[{**HARD, "name": "V1"}, {**HARD, "name": "V2"}], sit=None))["code"]
    srv.tables[victim].made_by = "192.0.2.7"
    await maker.conn.request({"type": "start", "code": victim})

    async def victim_moves(n: int) -> None:
        while sum(1 for kind, name in events if kind == "got" and name in ("V1", "V2")) < n:
            await asyncio.sleep(0.02)

    await asyncio.wait_for(victim_moves(4), WAIT * 3)
    waits = []  # for each of the victim's moves: the busy address's moves made while it waited
    asked = None
    for i, (kind, name) in enumerate(events):
        if name in ("V1", "V2"):
            if kind == "ask":
                asked = i
            elif asked is not None:
                waits.append(sum(1 for k, n in events[asked:i] if k == "got" and n not in ("V1", "V2")))
                asked = None
    assert len(waits) >= 4
    assert max(waits) <= 2, waits  # one move thinking when it asked, and at most one more
    await maker.close()


async def test_one_address_keeps_at_most_its_share_of_the_workers_busy(monkeypatch) -> None:
    """Two workers, and a busy address holds one of them: a move at another address's
    table finds the other free at once instead of waiting for a search to end."""
    import random
    import threading
    import time
    from collections import Counter
    from concurrent.futures import ThreadPoolExecutor

    from dominoes_tui.engine import Match, make_config, view_for
    from dominoes_tui.net.tables import bot_pool

    match = Match(make_config("draw", 2), random.Random(5))
    match.begin_round()
    view = view_for(match, match.to_act)
    lock, busy, peak = threading.Lock(), Counter(), Counter()

    def think(level: str, seed: str, name: str, view_json: dict) -> dict:  # the owner is the name's first letter
        with lock:
            busy[name[0]] += 1
            peak[name[0]] = max(peak[name[0]], busy[name[0]])
        time.sleep(0.02)
        with lock:
            busy[name[0]] -= 1
        return view.legal[0].to_json()

    monkeypatch.setattr(bot_pool, "think", think)
    pool = bot_pool.BotPool(workers=2, timeout=WAIT)
    pool._pool = ThreadPoolExecutor(2)  # type: ignore[assignment] - threads stand in for the processes here
    try:
        asks = [pool.choose("hard", str(i), f"A{i}", view, owner="192.0.2.66") for i in range(8)]
        asks += [pool.choose("hard", str(i), f"V{i}", view, owner="192.0.2.7") for i in range(2)]
        await asyncio.wait_for(asyncio.gather(*asks), WAIT)
    finally:
        pool._pool.shutdown()
    assert peak["A"] == 1 and peak["V"] == 1, peak
