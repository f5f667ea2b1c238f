"""Over the SSH gateway: a key-bound name has a data folder of its own (users/NAME), so the
lobby's `l` is remembered there and the next login speaks it, over the LANG its client
sends; a guest's folder is thrown away with its session, so its choice lasts that session."""
from __future__ import annotations

import asyncio
import json

import pytest

from tests.net.gateways.ssh_helpers import Keyless, screen_has

asyncssh = pytest.importorskip("asyncssh")

from dominoes_tui.net.gateways.ssh_gateway import Gateway  # noqa: E402
from dominoes_tui.net.server.server import Server  # noqa: E402

from ..helpers import WAIT  # noqa: E402


async def session(port: int, name: str, key: object | None, lang: str) -> tuple[object, object]:
    """A login as a client that sends its LANG (OpenSSH's `SendEnv LANG`)."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, agent_path=None,
                                  client_factory=Keyless, client_keys=[key] if key else None)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None,
                                     env={"LANG": lang})
    return conn, proc


async def switch_and_leave(proc: object, before: bytes, after: bytes) -> None:
    """In the lobby as it first speaks (`before`), `l` until it speaks `after`, then `q`."""
    seen = await screen_has(proc, before)
    assert before in seen, seen[-1500:]
    proc.stdin.write(b"l")  # type: ignore[attr-defined]
    seen = await screen_has(proc, after)
    assert after in seen, seen[-1500:]
    proc.stdin.write(b"q")  # type: ignore[attr-defined]
    await asyncio.wait_for(proc.wait(), WAIT)  # type: ignore[attr-defined]


async def test_l_is_remembered_for_a_key_and_not_for_a_guest(server: Server, tmp_path) -> None:
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh")
    await gw.start("127.0.0.1", 0)
    key = asyncssh.generate_private_key("ssh-ed25519")
    conns = []
    try:
        conn, proc = await session(gw.port, "Ana", key, "en_GB.UTF-8")
        conns.append(conn)
        await switch_and_leave(proc, b"Dominoes lobby", b"Domino-Lobby")
        settings = tmp_path / "ssh" / "users" / "Ana" / "settings.json"
        assert json.loads(settings.read_text(encoding="utf-8"))["language"] == "de"
        conn, proc = await session(gw.port, "Ana", key, "en_GB.UTF-8")  # the same key, the same LANG as before
        conns.append(conn)
        assert b"Domino-Lobby" in await screen_has(proc, b"Domino-Lobby")  # the choice made in the lobby wins

        conn, proc = await session(gw.port, "Ben", None, "en_GB.UTF-8")  # no key: a guest
        conns.append(conn)
        await switch_and_leave(proc, b"Dominoes lobby", b"Domino-Lobby")
        conn, proc = await session(gw.port, "Ben", None, "en_GB.UTF-8")
        conns.append(conn)
        assert b"Dominoes lobby" in await screen_has(proc, b"Dominoes lobby")  # English again
        assert [p.name for p in (tmp_path / "ssh" / "users").iterdir()] == ["Ana"]  # a guest has no folder kept
    finally:
        for c in conns:
            c.close()
        await gw.close()
