"""`dominoes web` under slowloris and floods: 1,100 half-sent requests under a 1,024
open-file limit once ended the process ("Too many open files", status 1), a websocket
resize to 6000x3000 cost 165 MB, and three addresses took all eight browser tabs.
Plain HTTP connections are now counted per address and in total before aiohttp reads
them, header reads time out, the process never runs out of open files, terminal sizes
are bounded, and the last tabs are kept for addresses that have none."""
from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

import pytest

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

from aiohttp import web  # noqa: E402

from dominoes_tui.net.gateways.web import MAX_COLUMNS, MAX_ROWS, VouchingAppService, make_web_server  # noqa: E402
from dominoes_tui.net.gateways.web_conns import Doors  # noqa: E402

from ..helpers import WAIT  # noqa: E402

HALF = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n"


async def serving(doors: Doors, max_sessions: int = 8, sessions_per_address: int = 3) -> tuple[Any, Any, int]:
    web_server = make_web_server("127.0.0.1:9", "127.0.0.1", 0, max_sessions=max_sessions,
                                 sessions_per_address=sessions_per_address)
    web_server.doors = doors
    runner, listening = await web_server.start_serving()
    web_server.public_url = f"http://127.0.0.1:{web_server.port}"
    return web_server, (runner, listening), web_server.port


async def stop(parts: tuple[Any, Any]) -> None:
    runner, listening = parts
    listening.close()
    await runner.cleanup()


async def first_bytes(port: int, source: str = "127.0.0.1", send: bytes = HALF, wait: float = 1.0) -> bytes | None:
    """What a connection from `source` that sends `send` reads within `wait` s (None: nothing yet)."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    w.write(send)
    try:
        return await asyncio.wait_for(r.read(200), wait)
    except TimeoutError:
        return None
    finally:
        w.close()


async def test_half_sent_headers_are_cut_off_after_the_header_timeout() -> None:
    _srv, parts, port = await serving(Doors(header_timeout=0.5))
    try:
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(HALF)
        assert await asyncio.wait_for(r.read(), WAIT) == b""  # closed, nothing answered
        w.close()
        page = await first_bytes(port, send=HALF + b"\r\n", wait=WAIT)
        assert page is not None and page.startswith(b"HTTP/1.1 200")  # a whole request is answered
    finally:
        await stop(parts)


async def test_http_connections_are_capped_per_address_and_in_total_with_room_for_newcomers() -> None:
    _srv, parts, port = await serving(Doors(most=6, per_address=3, share=0.25))
    held = []
    try:
        for _ in range(3):
            r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
            w.write(HALF)
            held.append(w)
        await asyncio.sleep(0.2)
        assert (await first_bytes(port, "127.0.0.2")or b"").startswith(b"HTTP/1.1 429")  # per address
        r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0))
        held.append(w)
        await asyncio.sleep(0.2)
        assert (await first_bytes(port, "127.0.0.3") or b"").startswith(b"HTTP/1.1 503")  # the rest is kept ...
        assert await first_bytes(port, "127.0.0.4", wait=0.3) is None  # ... for an address not yet present
    finally:
        for w in held:
            w.close()
        await stop(parts)


async def test_the_last_tabs_are_kept_for_addresses_with_none() -> None:
    srv = make_web_server("127.0.0.1:9", "127.0.0.1", 0, max_sessions=4, sessions_per_address=2)

    async def tab(request: web.Request) -> web.WebSocketResponse:  # a tab without its game's process
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for _msg in ws:
            pass
        return ws

    srv.handle_websocket = tab  # type: ignore[method-assign]
    runner, listening = await srv.start_serving()
    srv.public_url = f"http://127.0.0.1:{srv.port}"
    sockets: list[Any] = []

    async def open_tab(session: Any) -> int:
        try:
            sockets.append(await session.ws_connect(f"http://127.0.0.1:{srv.port}/ws"))
            return 101
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status

    try:
        answers = []
        for source in ("127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3", "127.0.0.4"):
            connector = aiohttp.TCPConnector(local_addr=(source, 0))
            session = aiohttp.ClientSession(connector=connector)
            answers.append(await open_tab(session))
            sockets.append(session)
        assert answers == [101, 101, 101, 503, 101], answers
    finally:
        for s in reversed(sockets):
            await s.close()
        listening.close()
        await runner.cleanup()


async def test_a_terminal_from_the_browser_is_bounded() -> None:
    told: list[dict[str, Any]] = []
    service = VouchingAppService("true", write_bytes=None, write_str=None, close=None,  # type: ignore[arg-type]
                                 download_manager=None, debug=False)  # type: ignore[arg-type]

    async def send_meta(data: dict[str, Any]) -> bool:
        told.append(data)
        return True

    service.send_meta = send_meta  # type: ignore[method-assign]
    await service.set_terminal_size(6000, 3000)
    await service.set_terminal_size("80", float("nan"))  # type: ignore[arg-type]
    assert [(m["width"], m["height"]) for m in told] == [(MAX_COLUMNS, MAX_ROWS), (80, 24)]


WEB = """
import resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))
from dominoes_tui.net.gateways.web import GuardedWebServer
started = GuardedWebServer.start_serving
async def told(self):  # the port it listens on, for the test (the command is given port 0)
    parts = await started(self)
    print(self.port, file=sys.stderr, flush=True)
    return parts
GuardedWebServer.start_serving = told
sys.argv = ["dominoes", "web", "--server", "127.0.0.1:9", "--port", "0"]
from dominoes_tui.cli import main
sys.exit(main())
"""


def test_running_out_of_open_files_never_ends_dominoes_web() -> None:
    import socket

    home = tempfile.mkdtemp(prefix="web-")
    proc = subprocess.Popen([sys.executable, "-c", WEB], env={**os.environ, "DOMINOES_TUI_HOME": home},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    held = []
    try:
        assert proc.stderr is not None
        line = b""
        while not line.strip().isdigit():  # the logo, then the port
            line = proc.stderr.readline()
            assert line, "dominoes web ended before it listened"
        port = int(line)
        for _ in range(min(300, soft - 64)):  # half-sent requests, more than the server has files
            try:
                c = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:  # a full accept queue on a busy machine: the flood goes on
                continue
            c.sendall(HALF)
            held.append(c)
        time.sleep(1.0)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else b""  # still serving ...
        with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.5", 0)) as c:
            c.sendall(HALF + b"\r\n")
            assert c.recv(20).startswith(b"HTTP/1.1 200")  # ... and a newcomer gets the page
    finally:
        for c in held:
            c.close()
        proc.terminate()
        proc.wait(10)
