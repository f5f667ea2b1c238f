"""Someone whose name is taken on the server (another SSH key, a second browser tab) plays
as a guest under a name of its own; the lobby says so in words, not only in its title."""
from __future__ import annotations

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.server.server import Server
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from tests.net.helpers import key_of, until


async def test_a_taken_name_is_explained_in_the_lobby(server: Server) -> None:
    ana = await Connection.open("127.0.0.1", server.port, "Ana", key=key_of("ana's own secret, long enough"))
    app = RemoteApp("127.0.0.1", server.port, "Ana", keep_tokens=False)  # no secret: as a shared login
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
        await until(pilot, lambda: "Connected" in app.lobby.message, "connected")
        assert app.lobby.message == "Connected. Ana is taken here: you play as Ana~2, a guest."
    await ana.close()


async def test_a_name_of_ones_own_is_just_connected(server: Server) -> None:
    app = RemoteApp("127.0.0.1", server.port, "Guest", keep_tokens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and "Connected" in app.lobby.message, "connected")
        assert app.lobby.message == "Connected."


async def test_a_name_the_ssh_gateway_gave_is_explained_too(server: Server) -> None:
    """The SSH gateway names a second key's session Ben~2 itself, before the server, and
    tells the session the name it asked for (net/names.py ASKED_NAME)."""
    app = RemoteApp("127.0.0.1", server.port, "Ben~2", keep_tokens=False, asked="Ben")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and "Connected" in app.lobby.message, "connected")
        assert app.lobby.message == "Connected. Ben is taken here: you play as Ben~2, a guest."


async def test_a_name_that_looks_like_a_guests_is_not_called_taken(server: Server) -> None:
    """Someone who asked for `Gustav~2` and got it was renamed by nobody."""
    app = RemoteApp("127.0.0.1", server.port, "Gustav~2", keep_tokens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and "Connected" in app.lobby.message, "connected")
        assert app.lobby.message == "Connected."
