"""The hosted client's own screens in German (issue 27): the lobby and the waiting room,
the refusals the server sends (translated from its `say`), and `l`, which switches the
language of this one client and words everything again."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.net.server.server import Server
from dominoes_tui.ui.choices import Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from tests.net.helpers import until
from tests.ui.helpers import Notices

from ..ui.helpers import screen_lines
from .helpers import Driven


async def test_the_lobby_in_german_fits_80x24_and_l_switches_to_english(server: Server, notices: Notices) -> None:
    host = await Driven.connect(server.port, "Host")
    await host.conn.request({"type": "create", "variant": "draw", "players": 3, "sit": None})
    i18n.use("de")
    app = RemoteApp("127.0.0.1", server.port, "Dora", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen) and app.lobby.tables,
                    "the lobby with its table")
        await pilot.pause(0.1)
        text = "\n".join(screen_lines(app))
        assert "Domino-Lobby" in text and "als Dora" in text and "Verbunden." in text, text
        assert "Spiel" in text and "Plätze" in text and "wartet" in text and "3 frei" in text, text
        # every key of the lobby still fits the footer, Quit too (the footer draws a moment after the lobby)
        await until(pilot, lambda: "Beenden" in screen_lines(app)[-1], "the lobby's footer with every key")
        app.do(app.join("QQQQ"))  # no such table: the server's refusal, in German
        await until(pilot, lambda: notices.containing("kein offener Tisch 'QQQQ'"),
                    "the refusal in German")
        await pilot.press("l")
        await pilot.pause(0.2)
        text = "\n".join(screen_lines(app))
        assert i18n.language() == "en"
        assert "Dominoes lobby" in text and "Connected." in text and "Seats" in text and "waiting" in text, text
        await pilot.press("l")
        await pilot.pause(0.2)
        assert i18n.language() == "de" and "Domino-Lobby" in "\n".join(screen_lines(app))
    await host.conn.close()
