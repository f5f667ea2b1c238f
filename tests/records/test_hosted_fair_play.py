"""Rated play a person cannot farm or dodge on a hosted server: two names claimed from
one address get a few rated matches an hour against each other, then kept unrated; a
match bots finish for its people (they left, the round clock ran out) stays theirs."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from dominoes_tui.net.client import Connection
from dominoes_tui.net.finished import Keeping
from dominoes_tui.net.server import Server
from dominoes_tui.records import Records
from dominoes_tui.records.schema import match_seats, matches, players
from tests.net.helpers import Driven, key_of, play_out


@pytest.fixture
async def server(tmp_path):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0,
                 records_url=f"sqlite:///{tmp_path / 'records.sqlite'}")
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def claimed(port: int, name: str) -> Driven:
    return Driven(await Connection.open("127.0.0.1", port, name, key=key_of(f"{name}'s secret, 16 chars or more")))


async def recorded(server: Server, count: int) -> list[tuple]:
    """(match id, rated, player key) per seat, once `count` matches are in (recording runs in the background)."""
    for _ in range(400):
        with Records.open(server.records.url) as records, records.connect() as conn:
            rows = conn.execute(select(matches.c.id, matches.c.rated, players.c.key)
                                .join(match_seats, match_seats.c.match_id == matches.c.id)
                                .join(players, players.c.id == match_seats.c.player_id)
                                .order_by(matches.c.id)).all()
        if len({r[0] for r in rows}) >= count:
            return [tuple(r) for r in rows]
        await asyncio.sleep(0.05)
    raise AssertionError("the matches never reached the records")


async def test_two_names_from_one_address_get_a_few_rated_matches_an_hour(server: Server):
    bound = Keeping().rated_per_pair
    ana, ben = await claimed(server.port, "Ana"), await claimed(server.port, "Ben")
    for _ in range(bound + 2):
        ana.states.clear()
        ben.states.clear()
        await ana.create(variant="draw", players=2, target=10, seats=[{"kind": "human"}, {"kind": "human"}])
        await ben.join(ana.code)
        await ana.wait_for(lambda m: m.get("type") == "state", since=len(ana.pushed) - 1)
        await play_out([ana, ben])
        await ana.conn.request({"type": "leave"})
        await ben.conn.request({"type": "leave"})
    rows = await recorded(server, bound + 2)
    rated = {mid: r for mid, r, _key in rows}
    assert sorted(rated.values()).count(True) == bound and len(rated) == bound + 2
    assert {key for _m, _r, key in rows} == {"hosted:name:Ana", "hosted:name:Ben"}  # kept, and theirs
    await ana.close()
    await ben.close()


async def test_a_match_bots_finish_for_its_people_stays_theirs_and_rated(server: Server):
    ana, ben = await claimed(server.port, "Ana"), await claimed(server.port, "Ben")
    await ana.create(variant="draw", players=2, target=30, seats=[{"kind": "human"}, {"kind": "human"}])
    await ben.join(ana.code)
    await ana.wait_for(lambda m: m.get("type") == "state")
    table = server.tables[ana.code]
    for slot in table.slots:  # what the round clock does (tournament_host.clock_ran_out): bots finish it
        slot.kind, slot.level = "bot", "random"
    table.wake.set()
    await ana.wait_for(lambda m: m.get("type") == "state" and m["view"]["phase"] == "match_over", timeout=60)
    rows = await recorded(server, 1)
    assert {key for _m, _r, key in rows} == {"hosted:name:Ana", "hosted:name:Ben"}
    assert all(r for _m, r, _k in rows)
    await ana.close()
    await ben.close()
