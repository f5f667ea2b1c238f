"""A hosted table's match goes into the server's records when it ends, and any client
reads them with the `records` message (docs/PROTOCOL.md). People the server does not
vouch for are guests: kept, never rated."""
from __future__ import annotations

import asyncio

import pytest

from dominoes_tui.engine import dumps, load_matches
from dominoes_tui.net.server.server import Server
from dominoes_tui.records.queries import totals
from tests.net.helpers import Driven, key_of, play_out


@pytest.fixture
async def server(tmp_path, db_url):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0, records_url=db_url)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def ask(client: Driven, **fields) -> dict:
    return await client.conn.request({"type": "records", **fields})


async def board_when(client: Driven, count: int) -> list[dict]:
    """The leaderboard once `count` players are on it (recording runs in the background)."""
    for _ in range(400):
        rows = (await ask(client, what="leaderboard", variant="all"))["leaderboard"]
        if len(rows) >= count:
            return rows
        await asyncio.sleep(0.05)
    raise AssertionError("the match never reached the records")


async def test_a_bot_table_is_recorded_and_read_back_over_the_protocol(server: Server):
    maker = await Driven.connect(server.port, "Mia")
    await maker.create(variant="draw", players=2, sit=None, start=True,
                       seats=[{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "heaviest"}])
    await maker.watch(maker.code)
    await maker.wait_for(lambda m: m.get("type") == "state" and m["view"]["phase"] == "match_over")
    rows = await board_when(maker, 2)
    assert {r["name"] for r in rows} == {"bot:easy", "bot:heaviest"} and all(r["matches"] == 1 for r in rows)
    page = (await ask(maker, what="player", player_id=rows[0]["player_id"], variant="draw"))["player"]
    assert page["name"] == rows[0]["name"] and page["recent"][0]["variant"] == "draw"
    events = (await ask(maker, what="match", match_id=page["recent"][0]["match_id"]))["log"]
    assert load_matches(dumps(events))[0].is_over
    assert (await ask(maker, what="player", player_id=999))["player"] == {}
    await maker.close()


async def test_guests_are_recorded_but_not_rated(server: Server):
    ana = await Driven.connect(server.port, "Ana")
    await ana.create(variant="draw", players=2, target=20, seats=[{"kind": "human"}, {"kind": "human"}])
    ben = await Driven.connect(server.port, "Ben")
    await ben.join(ana.code)  # the last free seat: the table starts
    await ana.wait_for(lambda m: m.get("type") == "state")
    await play_out([ana, ben])
    for _ in range(400):  # recording runs in the background
        with server.records.source._open().connect() as conn:
            if totals(conn)["matches"]:
                break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the match never reached the records")
    assert (await ask(ana, what="leaderboard", variant="all"))["leaderboard"] == []  # nobody rated
    await ana.close()
    await ben.close()


@pytest.mark.parametrize("request_", [
    {"what": "everything"}, {"what": "leaderboard", "variant": "chess"}, {"what": "player", "player_id": "1"},
    {"what": "player", "player_id": True}, {"what": "match", "match_id": -4}, {"what": "match"},
])
async def test_a_malformed_records_request_is_the_senders_mistake(server: Server, request_: dict):
    client = await Driven.connect(server.port, "Zed")
    with pytest.raises(Exception, match="is|what"):
        await ask(client, **request_)
    assert (await ask(client, what="leaderboard"))["leaderboard"] == []  # and the connection goes on
    await client.close()


async def test_people_who_proved_their_names_are_rated(server: Server):
    from dominoes_tui.net.client.client import Connection

    ana = Driven(await Connection.open("127.0.0.1", server.port, "Ana", key=key_of("ana-secret-" + "x" * 20)))
    await ana.create(variant="draw", players=2, target=20, seats=[{"kind": "human"}, {"kind": "human"}])
    ben = Driven(await Connection.open("127.0.0.1", server.port, "Ben", key=key_of("ben-secret-" + "y" * 20)))
    await ben.join(ana.code)
    await ana.wait_for(lambda m: m.get("type") == "state")
    await play_out([ana, ben])
    rows = await board_when(ana, 2)
    assert {r["name"] for r in rows} == {"Ana", "Ben"}
    page = (await ask(ben, what="player", player_id=rows[0]["player_id"]))["player"]
    assert page["vouched_by"] == "hosted" and page["against_people"][0]["matches"] == 1
    await ana.close()
    await ben.close()
