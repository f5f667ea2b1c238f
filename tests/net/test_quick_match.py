"""Quick match over loopback: people waiting for the same table are seated together at
once, bots fill after a wait only when allowed, the lobby is told who is online and
searching; and with keys from the lobby (the invite line too)."""
from __future__ import annotations

import asyncio

import pytest

from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import requests as R
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from dominoes_tui.ui.screens.hosted.quick_match import QuickMatchScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.net.helpers import until

from .helpers import Driven


@pytest.fixture
def short_waits(monkeypatch):
    """Waits under the real 5 s minimum, for the server and the form alike."""
    monkeypatch.setattr(R, "QUICK_WAIT_MIN", 0.1)


async def test_two_searching_for_the_same_table_sit_together(server: Server) -> None:
    ana, ben, cy = [await Driven.connect(server.port, n) for n in ("Ana", "Ben", "Cy")]
    await ben.conn.request({"type": "list"})  # Ben shows a lobby: he is told who searches
    first = await ana.conn.request({"type": "quick_match", "variant": "block", "players": 2, "bots": False})
    assert first["search"]["variant"] == "block" and first["online"] == 3
    other = await cy.conn.request({"type": "quick_match", "variant": "draw", "players": 2, "bots": False})
    assert other["search"]["variant"] == "draw"
    presence = await ben.wait_for(lambda m: m.get("type") == "presence" and m["searching"] == {"block 2p": 1, "draw 2p": 1})
    assert presence["online"] == 3
    mark = len(ana.pushed)
    second = await ben.conn.request({"type": "quick_match", "variant": "block", "players": 2, "bots": False})
    assert second["search"] is None, "a table was made at once"
    seats = [await p.wait_for(lambda m: m.get("type") == "seated", since=n) for p, n in ((ana, mark), (ben, 0))]
    assert seats[0]["code"] == seats[1]["code"] and {s["seat"] for s in seats} == {0, 1}
    for p, s in zip((ana, ben), seats):
        await p.join(s["code"], token=s["token"])
    table = server.tables[seats[0]["code"]]
    assert [s.name for s in table.slots] == ["Ana", "Ben"] and table.config.variant == "block"
    # Cy searches on alone (people only): no table, whatever the wait
    assert [s.conn.name for s in server.quick.queue] == ["Cy"]
    await cy.conn.request({"type": "quick_cancel"})
    assert server.quick.queue == []
    for p in (ana, ben, cy):
        await p.close()


async def test_bots_fill_after_the_wait_only_when_allowed(server: Server, short_waits: None) -> None:
    ana = await Driven.connect(server.port, "Ana")
    answer = await ana.conn.request({"type": "quick_match", "variant": "allfives", "players": 3, "bots": True, "wait": 0.3})
    assert answer["search"]["wait"] == 0.3
    seated = await ana.wait_for(lambda m: m.get("type") == "seated")
    table = server.tables[seated["code"]]
    assert [s.kind for s in table.slots] == ["human", "bot", "bot"] and table.started
    await ana.close()


async def test_a_closed_connection_leaves_the_queue_and_bad_requests_are_refused(server: Server) -> None:
    ana = await Driven.connect(server.port, "Ana")
    await ana.conn.request({"type": "quick_match", "bots": False})
    await ana.close()
    eve = await Driven.connect(server.port, "Eve")
    for _ in range(100):
        if not server.quick.queue:
            break
        await asyncio.sleep(0.02)
    assert server.quick.queue == []
    for bad, says in [({"variant": "chess"}, "unknown variant"), ({"variant": "duel", "players": 4}, "played by"),
                      ({"players": "2"}, "wrong type"), ({"bots": 1}, "wrong type"), ({"wait": 10**9}, "wait"),
                      ({"wait": True}, "wrong type")]:
        with pytest.raises(ServerRefused, match=says):
            await eve.conn.request({"type": "quick_match", **bad})
    assert server.quick.queue == []
    await eve.close()


async def test_quick_match_from_the_lobby_with_keys(server: Server, short_waits: None) -> None:
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
        await until(pilot, lambda: "1 online" in str(app.lobby.query_one("#lobby-title").render()), "the presence line")
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, QuickMatchScreen) and app.screen.query("#quick-wait"), "the form")
        app.screen.query_one("#quick-wait").value = "0.5"
        await pilot.click("#quick-go")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table a quick match made")
        client = app.client
        assert client is not None and [s.kind for s in client.seats] == ["human", "bot"]


async def test_the_waiting_room_shows_an_invite_line(server: Server) -> None:
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        settings = MatchSettings(variant="draw", players=2, seats=[SeatInfo("Ana", "human"), SeatInfo("Ben", "human")])
        await app.create(settings)
        await until(pilot, lambda: app.pending is not None, "the waiting room")
        code = app.pending["code"]
        info = str(app.lobby.query_one("#lobby-info").render())
        assert f"Invite: dominoes join 127.0.0.1:{server.port} --code {code}" in info


async def test_a_projector_board_is_not_counted_as_a_person_online(server: Server) -> None:
    ana = await Driven.connect(server.port, "Ana")
    board = await Driven.connect(server.port, "Board")
    assert (await ana.conn.request({"type": "list"}))["online"] == 2  # a hello alone could be anyone
    await board.conn.request({"type": "board"})
    presence = await ana.wait_for(lambda m: m.get("type") == "presence" and m["online"] == 1)
    assert presence["online"] == 1, "the board's screen left the count once it asked for the board"
    await board.close()
    await ana.close()


async def test_back_in_the_lobby_a_person_is_told_who_searches_now(server: Server) -> None:
    """Tried as a new user: after a quick match, the lobby still said '1 searching' (the
    count changed while the person sat at the table, and nobody at a table is told)."""
    ana, ben = [await Driven.connect(server.port, n) for n in ("Ana", "Ben")]
    assert (await ana.conn.request({"type": "list"}))["searching"] == {}
    await ana.create(variant="draw", players=2, target=20, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    await ben.conn.request({"type": "quick_match", "variant": "block", "players": 2, "bots": False})
    mark = len(ana.pushed)
    await ana.conn.request({"type": "leave"})
    back = await ana.wait_for(lambda m: m.get("type") == "tables", since=mark)
    assert back["searching"] == {"block 2p": 1} and back["online"] == 2
    await ana.close()
    await ben.close()
