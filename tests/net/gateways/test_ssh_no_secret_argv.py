"""A private table's code is its invite: the SSH gateway hands it to the session it starts
on a pipe, never on the command line (`--code`), which any local user reads with `ps`.
The friend still lands at the table."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from dominoes_tui.net.server.server import Server

from ..helpers import WAIT, Driven

asyncssh = pytest.importorskip("asyncssh")


def command_lines() -> list[bytes]:
    """Every process's command line, as `ps` shows it to any user of this machine."""
    lines = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            lines.append(cmdline.read_bytes())
        except OSError:
            continue  # gone meanwhile
    return lines


async def test_a_private_code_never_shows_in_ps(server: Server, tmp_path) -> None:
    from dominoes_tui.net.gateways.ssh_gateway import Gateway

    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh")
    await gw.start("127.0.0.1", 0)
    ana = await Driven.connect(server.port, "Ana")
    try:
        made = await ana.create(variant="draw", players=2, target=20, private=True,
                                seats=[{"kind": "human"}, {"kind": "human"}])
        code = made["code"]
        assert len(code) == 12
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", gw.port, username="Ben", client_keys=[key], known_hosts=None,
                                    agent_path=None) as conn:
            proc = await conn.create_process(code, term_type="xterm", term_size=(80, 24), encoding=None)
            await asyncio.wait_for(ana.wait_for(lambda m: m.get("type") == "state"), WAIT)  # Ben sat: it started
            table = server.tables[code]
            assert [s.name for s in table.slots] == ["Ana", "Ben"]
            [session] = gw.sessions
            assert session.proc is not None and session.proc.returncode is None
            mine = Path(f"/proc/{session.proc.pid}/cmdline").read_bytes()
            assert b"join" in mine and code.encode() not in mine.upper()
            assert not any(code.encode() in line.upper() for line in command_lines())
            proc.stdin.write(b"\x11")
            proc.close()
    finally:
        await ana.close()
        await gw.close()
