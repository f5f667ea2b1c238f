"""A connection the server gives up on is closed at once, and the server never runs out
of open files: a client that never reads once kept its socket open for ever after the
server had stopped counting it, until one address ran the server out of descriptors."""
from __future__ import annotations

import asyncio
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P

from .helpers import WAIT, Driven

HELLO = P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "sloth"})


async def until(condition, what: str) -> None:
    """Wait (bounded) until `condition()` holds."""
    async def check() -> None:
        while not condition():
            await asyncio.sleep(0.02)
    try:
        await asyncio.wait_for(check(), WAIT)
    except TimeoutError:
        raise AssertionError(f"never: {what}") from None


async def test_a_never_reading_client_given_up_on_has_its_socket_closed_at_once(limited) -> None:
    srv: Server = await limited(send_timeout=0.2, max_unread=64 * 1024 * 1024, tables_per_conn=40)
    maker = await Driven.connect(srv.port, "Maker")
    for _ in range(30):  # a long lobby: every `list` answer is some 15 KB
        await maker.pace()
        await maker.create(seats=[{"kind": "human"}, {"kind": "human"}], sit=None)
    sock = socket.create_connection(("127.0.0.1", srv.port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(HELLO)
    await until(lambda: any(c.name == "sloth" for c in srv.conns), "the sloth said hello")
    sloth = next(c for c in srv.conns if c.name == "sloth")
    sloth.writer.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    sock.sendall(P.encode({"type": "list"}) * 50)  # and never reads a byte
    await until(lambda: sloth.closed and len(srv._handlers) == 1, "the server gave up on the sloth")
    assert sloth.writer.transport.get_extra_info("socket").fileno() == -1, "its socket is still open"
    sock.close()
    await maker.close()


def _serve_with_few_files(tmp: Path, files: int) -> tuple[subprocess.Popen[bytes], int]:
    port_file = tmp / "port"
    env = {**os.environ, "DOMINOES_TUI_HOME": str(tmp / "home")}
    proc = subprocess.Popen(
        [sys.executable, "-P", "-m", "dominoes_tui", "host", "--port", "0", "--port-file", str(port_file), "--no-save",
         "--max-conns", "1000", "--conns-per-address", "1000"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files)),
    )
    for _ in range(int(WAIT / 0.05)):
        if port_file.exists() and port_file.read_text().strip():
            return proc, int(port_file.read_text())
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


async def test_a_newcomer_is_answered_when_a_flood_would_take_every_file(tmp_path: Path) -> None:
    proc, port = _serve_with_few_files(tmp_path, 384)
    flood: list[socket.socket] = []
    try:
        for _ in range(450):  # more than the server may open; each says hello and never reads
            s = socket.socket()
            s.settimeout(1.0)
            try:
                s.connect(("127.0.0.1", port))  # done once the system queues it, accepted or not
                s.sendall(HELLO)
            except OSError:
                s.close()
                continue
            flood.append(s)
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), WAIT)
        writer.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "newcomer"}))
        try:
            line = await asyncio.wait_for(reader.readline(), 10)
        except TimeoutError:
            line = b""
        assert line, "the newcomer got no answer"
        assert b"the server is full" in line or b"welcome" in line, line
        writer.close()
    finally:
        for s in flood:
            s.close()
        proc.kill()
        proc.wait()
