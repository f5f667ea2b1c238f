"""Rated play a person cannot farm or dodge on a hosted server: the same two names get a
few rated matches an hour against each other, from one address or two, and one name a
few with anyone (fresh sock names do not help), then matches are kept unrated; a match
bots finish for its people (they left, the round clock ran out) stays theirs."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from dominoes_tui.net.records.finished import Keeping
from dominoes_tui.net.server.server import Server
from dominoes_tui.records import Records
from dominoes_tui.records.schema import match_seats, matches, players
from tests.net.helpers import Driven, key_of, open_from, play_out


@pytest.fixture
async def server(tmp_path):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0,
                 records_url=f"sqlite:///{tmp_path / 'records.sqlite'}")
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def claimed(port: int, name: str, source: str = "127.0.0.1") -> Driven:
    return Driven(await open_from(source, port, name, key=key_of(f"{name}'s secret, 16 chars or more")))


async def duel(a: Driven, b: Driven) -> None:
    """One short rated match between two seated people, then both back in the lobby."""
    a.states.clear()
    b.states.clear()
    await a.create(variant="draw", players=2, target=10, seats=[{"kind": "human"}, {"kind": "human"}])
    # the match's first state comes once b has joined; the lobby's own pushes may come
    # after it before the join is answered, so the wait reads everything since the join
    since = len(a.pushed)
    await b.join(a.code)
    await a.wait_for(lambda m: m.get("type") == "state", since=since)
    await play_out([a, b])
    await a.conn.request({"type": "leave"})
    await b.conn.request({"type": "leave"})


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
        await duel(ana, ben)
    rows = await recorded(server, bound + 2)
    rated = {mid: r for mid, r, _key in rows}
    assert sorted(rated.values()).count(True) == bound and len(rated) == bound + 2
    assert {key for _m, _r, key in rows} == {"hosted:name:Ana", "hosted:name:Ben"}  # kept, and theirs
    await ana.close()
    await ben.close()


async def test_a_second_address_does_not_farm_rating(server: Server):
    bound = Keeping().rated_per_pair
    ana, ben = await claimed(server.port, "Ana"), await claimed(server.port, "Ben", source="127.0.0.2")
    for _ in range(bound + 1):
        await duel(ana, ben)
    rows = await recorded(server, bound + 1)
    assert sorted({mid: r for mid, r, _key in rows}.values()).count(True) == bound
    await ana.close()
    await ben.close()


async def test_fresh_sock_names_do_not_farm_rating(server: Server):
    bound = Keeping().rated_per_person
    ana = await claimed(server.port, "Ana")
    for i in range(bound + 1):  # a new claimed name each match, each from an address of its own
        sock = await claimed(server.port, f"Sock{i}", source=f"127.0.1.{i + 1}")
        await duel(ana, sock)
        await sock.close()
    rows = await recorded(server, bound + 1)
    rated = {mid: r for mid, r, _key in rows}
    assert sorted(rated.values()).count(True) == bound and len(rated) == bound + 1


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
