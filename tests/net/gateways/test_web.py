"""The browser client: textual-serve runs `dominoes join` per tab; the page is served and
the websocket carries the lobby's screen (spoken to with aiohttp, no browser needed)."""
from __future__ import annotations

import asyncio

import pytest

from tests.net.gateways.helpers import basic_auth, reap_tab_processes, start_guarded

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

from aiohttp import web  # noqa: E402

from dominoes_tui.net.gateways.web import join_command, make_web_server  # noqa: E402
from dominoes_tui.net.server.server import Server  # noqa: E402

from ..helpers import WAIT  # noqa: E402

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


async def shown(ws: aiohttp.ClientWebSocketResponse, *words: bytes) -> None:
    """Read the tab's screen off its websocket until every one of `words` has been on it."""
    seen = b""
    async for msg in ws:
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data
        elif msg.type == aiohttp.WSMsgType.TEXT:
            seen += msg.data.encode()
        if all(w in seen for w in words):
            return


def test_join_command_quotes_and_forgets_tokens() -> None:
    cmd = join_command("127.0.0.1:7788", "Guest; rm -rf /", python="/usr/bin/python3")
    assert cmd.startswith("/usr/bin/python3 -P -m dominoes_tui join 127.0.0.1:7788 --name 'Guest; rm -rf /'")
    assert cmd.endswith("--forget-tokens")


async def test_browser_tab_gets_the_lobby(server: Server) -> None:
    _web_server, runner, port = await start_guarded(server)
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/") as page:
                assert page.status == 200
                assert "Dominoes" in await page.text()
            async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as ws:
                await asyncio.wait_for(shown(ws, b"Dominoes lobby", b"as Guest"), WAIT)
                assert any(c.name == "Guest" and c.hello for c in server.conns)
        # The tab is closed: its game process quits and is reaped before the loop ends.
        for _ in range(int(WAIT / 0.05)):
            if not runner.server.connections and not any(c.name == "Guest" for c in server.conns):
                break
            await asyncio.sleep(0.05)
        await reap_tab_processes()
    finally:
        await runner.cleanup()


async def test_the_browser_gateway_has_a_password_an_origin_check_and_a_session_limit(server: Server) -> None:
    web_server, runner, port = await start_guarded(server, password="club night", max_sessions=1)
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{url}/") as page:
                assert page.status == 401 and "Basic" in page.headers["WWW-Authenticate"]
            auth = basic_auth("guest", "club night")
            async with http.get(f"{url}/", headers=auth) as page:
                assert page.status == 200
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{url}/ws", headers={**auth, "Origin": "http://evil.example"})
            assert refused.value.status == 403
            async with http.ws_connect(f"{url}/ws?width=80&height=24", headers={**auth, "Origin": url}) as ws:
                for _ in range(int(WAIT / 0.05)):
                    if web_server.sessions:
                        break
                    await asyncio.sleep(0.05)
                with pytest.raises(aiohttp.WSServerHandshakeError) as full:  # one tab is the limit here
                    await http.ws_connect(f"{url}/ws", headers=auth)
                assert full.value.status == 503
                await ws.close()
        await reap_tab_processes()
    finally:
        await runner.cleanup()


def test_web_board_serves_the_board_command_and_refuses_a_player_name(capsys) -> None:
    from dominoes_tui.cli import main
    from dominoes_tui.net.gateways.web import board_command

    cmd = board_command("127.0.0.1:11201", python="/usr/bin/python3")
    assert cmd == "/usr/bin/python3 -P -m dominoes_tui board 127.0.0.1:11201"
    served = make_web_server("127.0.0.1:11201", "127.0.0.1", 0, board=True, password="pw", max_sessions=2)
    assert served.command.endswith(" -m dominoes_tui board 127.0.0.1:11201") and " join " not in served.command
    assert served.password == "pw" and served.max_sessions == 2 and served.title == "Dominoes board"
    assert main(["web", "--board", "--name", "Ana", "--port", "11202"]) == 2
    assert "--name is for players" in capsys.readouterr().err
    assert main(["web", "--board", "--max-sessions", "0", "--port", "11202"]) == 2
    assert "session limits" in capsys.readouterr().err


async def test_a_browser_tab_of_the_web_board_shows_the_board_behind_the_same_guard(server: Server) -> None:
    web_server = make_web_server(f"127.0.0.1:{server.port}", "127.0.0.1", 0, board=True, password="club night")
    runner = web.AppRunner(await web_server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    url = web_server.public_url = f"http://127.0.0.1:{port}"
    auth = basic_auth("club", "club night")
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{url}/") as page:
                assert page.status == 401
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{url}/ws", headers={**auth, "Origin": "http://evil.example"})
            assert refused.value.status == 403
            async with http.ws_connect(f"{url}/ws?width=120&height=40", headers={**auth, "Origin": url}) as ws:
                await asyncio.wait_for(shown(ws, b"No tournament tonight"), WAIT)
                assert not any(c.table is not None for c in server.conns), "the board sits at no table"
        for _ in range(int(WAIT / 0.05)):
            if not runner.server.connections:
                break
            await asyncio.sleep(0.05)
        await reap_tab_processes()
    finally:
        await runner.cleanup()
