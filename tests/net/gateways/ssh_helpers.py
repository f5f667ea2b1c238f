"""What the SSH gateway tests share that needs asyncssh: a module without it skips them."""
from __future__ import annotations

import asyncio
import re

import pytest

from dominoes_tui.net.gateways.ssh_gateway import Gateway
from tests.net.helpers import WAIT

asyncssh = pytest.importorskip("asyncssh")


async def game_for(gw: Gateway, name: str) -> object:
    for _ in range(int(WAIT / 0.05)):
        for s in gw.sessions:
            if s.name == name and s.proc is not None:
                return s
        await asyncio.sleep(0.05)
    raise AssertionError(f"no session plays as {name!r}: {[s.name for s in gw.sessions]}")


class Keyless(asyncssh.SSHClient):
    """Tries keyboard-interactive (as OpenSSH does by itself), which is how a keyless guest gets in."""

    def kbdint_auth_requested(self) -> str:
        return ""


async def login(port: int, name: str, **kw: object) -> tuple[object, object]:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, agent_path=None,
                                  client_factory=Keyless, **kw)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return conn, proc


async def screen_has(proc: object, needle: bytes) -> bytes:
    """The screen so far once it shows `needle` (a name ending there: "as Ana" is not "as Ana~2")."""
    seen = b""
    pattern = re.compile(re.escape(needle.strip()) + rb"(?![~\w])")

    async def scan() -> bytes:
        nonlocal seen
        while not pattern.search(seen):
            chunk = await proc.stdout.read(65536)  # type: ignore[attr-defined]
            if not chunk:
                break
            seen += chunk
        return seen

    try:
        return await asyncio.wait_for(scan(), WAIT)
    except TimeoutError:
        return seen
