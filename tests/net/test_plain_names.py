"""Whatever a person typed is plain text: names such as `[/]`, `[bold]x`,
`[link=http://x]y`, an OSC title sequence, right-to-left and zero-width characters and
10,000 characters are shown literally (cut to the name limit) on every screen, and
nothing crashes; the client strips control and escape characters from all the network
sends it."""
from __future__ import annotations

import asyncio
import html
import json
from typing import Any

import msgspec

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.host.limits import Limits
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.net.wire.server_parts import TableInfo
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.table.plain import plain
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen, SeatPicker
from dominoes_tui.ui.screens.scoresheet import ScoresheetScreen
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.net.helpers import play_with_keys, until

from .helpers import WAIT

OSC_TITLE = "\x1b]0;pwned\x07Osc"
NASTY = ["[/]", "[bold]x", "[link=http://x]y", OSC_TITLE, "\u202eevil\u202c", "A\u200bna", "W" * 10_000]


def shown(name: str) -> str:
    """How a name must look on screen: cleaned, cut to the limit, literally."""
    return P.clean_name(name)


def screen_text(app: RemoteApp) -> str:
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


def test_the_cleaning_removes_controls_escapes_and_direction_tricks() -> None:
    assert plain(OSC_TITLE) == "]0;pwnedOsc"
    assert plain("\u202eevil\u202c") == "evil" and plain("A\u200bna") == "Ana"
    assert plain("[/]") == "[/]"  # markup characters are kept: they are shown, never parsed
    assert P.clean_name("W" * 10_000) == "W" * P.MAX_NAME
    assert plain("שלום") == "שלום"  # right-to-left letters are letters


async def test_the_client_strips_what_a_hostile_server_sends() -> None:
    listening = asyncio.Event()  # set once the test has given the connection its on_push
    received = asyncio.Event()

    async def hostile(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(P.encode({"type": "welcome", "protocol": 1, "name": "\x1b]0;x\x07Ana", "id": 1}))
        await writer.drain()
        await listening.wait()  # a push before that would go to nobody
        writer.write(P.encode({"type": "notice", "code": "AB", "text": "\x1b[2J\x1b]2;title\x07hi\u202e"}))
        await writer.drain()
        await reader.read()  # hold the line open until the client hangs up

    def push(message: dict[str, Any]) -> None:
        got.append(message)
        received.set()

    srv = await asyncio.start_server(hostile, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    got: list[dict[str, Any]] = []
    conn = await Connection.open("127.0.0.1", port, "Ana")
    conn.on_push = push
    listening.set()
    try:
        assert conn.name == "]0;xAna"
        await asyncio.wait_for(received.wait(), WAIT)
        assert "\x1b" not in json.dumps(msgspec.to_builtins(got)) and got[0].text == "[2J]2;titlehi"
    finally:
        await conn.close()
        srv.close()


async def test_nasty_names_are_plain_text_on_every_screen(tmp_path) -> None:
    # a turn clock, so a notification names a player too ("... ran out of time")
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0,
                    limits=Limits(turn_time=30.0))
    await server.start("127.0.0.1", 0)
    try:
        for person, bots in ((NASTY[0], NASTY[1:4]), (NASTY[4], NASTY[5:7] + ["[reverse]Z"])):
            await one_match(server, person, bots)
    finally:
        await server.close()


async def one_match(server: Server, person: str, bots: list[str]) -> None:
    """`person` plays a 4-seat Block match against bots called `bots`, through every screen."""
    app = RemoteApp("127.0.0.1", server.port, P.clean_name(person), prefs=Prefs(speed="instant"))
    seen: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        # the settings screen (the lobby's "new table"), with the names typed into its seats
        seats = [SeatInfo(person, "human")] + [SeatInfo(b, "bot", "random") for b in bots]
        settings = MatchSettings("block", 4, seats, 10)
        app.settings = settings
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings screen")
        await pilot.pause()
        app.screen.dismiss(None)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        # a table waiting in the lobby, seen by a second client; then ours
        other = await Connection.open("127.0.0.1", server.port, person)
        waiting = await other.request({"type": "create", "variant": "draw", "players": 4, "sit": None, "seats": [
            {"kind": "human"}, {"kind": "human"}, *({"kind": "bot", "name": b} for b in bots[:2])]})
        await other.request({"type": "join", "code": waiting["code"], "seat": 0})
        await until(pilot, lambda: any(t["code"] == waiting["code"] for t in app.lobby.tables), "the lobby's table")
        seen.add(screen_text(app))
        table = msgspec.to_builtins(waiting["table"])  # seat 2 free, under a nasty name
        table["seats"][1] |= {"name": bots[0], "kind": "human", "taken": False, "connected": False, "level": None}
        app.push_screen(SeatPicker(msgspec.convert({**table, "free": [1]}, TableInfo)))
        await pilot.pause()
        seen.add(screen_text(app))
        app.pop_screen()
        await app.create(settings)
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        seen.add(screen_text(app))

        summaries: set[int] = set()

        async def each_step(step: int, moves: int) -> bool:
            screen = app.screen
            if isinstance(screen, TableScreen) and step % 7 == 0:
                seen.add(screen_text(app))
            if isinstance(screen, RoundSummaryScreen) and id(screen) not in summaries:
                summaries.add(id(screen))
                seen.add(screen_text(app))
                await pilot.press("s")  # the scoresheet from the summary
                await pilot.pause()
                if isinstance(app.screen, ScoresheetScreen):
                    seen.add(screen_text(app))
                    await pilot.press("escape")
                return True
            return False

        table = server.tables[app.client.code]
        table.tell(f"{P.clean_name(person)} ran out of time (30 s): a bot played this turn for them.")
        await asyncio.wait_for(play_with_keys(pilot, app, each_step), WAIT * 6)
        await pilot.pause()
        seen.add(screen_text(app))
        assert isinstance(app.screen, MatchEndScreen)
        await other.close()
    everything = "\n".join(seen)
    for name in [person, *bots]:
        assert shown(name) in everything, (name, shown(name))
    assert "\x1b" not in everything and "pwned\x07" not in everything
