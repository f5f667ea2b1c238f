"""Each server-wide cap keeps room for addresses that hold none of it yet (OpenSSH's
MaxStartups is the model): a handful of addresses once filled every one of them, 6 the
1,000 connections, 8 the 200 entrants, 9 the 64 SSH sessions, 3 the 8 browser tabs,
while the SSH gateway ran out of open files and kept a real login waiting."""
from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.evening import evening as evening_module
from dominoes_tui.net.server.server import Server

from .helpers import WAIT, key_of, open_from

SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 2, "players": 2, "fill_bots": True, "bot_level": "random"}
SESSION = "import time; time.sleep(30)"  # a game that holds its session and does nothing
PASSWORD = "club night"


async def test_a_few_addresses_cannot_take_every_connection(limited) -> None:
    srv: Server = await limited(max_conns=20, conns_per_address=5)
    held = []
    for a in range(2, 7):  # five busy addresses try for five each
        for i in range(5):
            try:
                held.append(await open_from(f"127.0.0.{a}", srv.port, f"A{a}x{i}"))
            except (ConnectionError, ServerRefused, asyncio.IncompleteReadError):
                pass
    assert len(held) < 20  # the last of the room is kept ...
    newcomer = await open_from("127.0.0.9", srv.port, "New")  # ... for an address not yet present
    assert (await newcomer.request({"type": "ping"}))["type"] == "pong"
    for c in [*held, newcomer]:
        await c.close()


async def test_a_few_addresses_cannot_take_every_place_in_the_evening(evening_server: Server,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evening_module, "MAX_ENTRANTS", 10)
    evening_server.tournament_host.entrants_per_address = 4
    secret = evening_server.tournament_host.organizer_secret
    org = await open_from("127.0.0.1", evening_server.port, "Org")
    await org.request({"type": "tournament_organize", "secret": secret})
    await org.request({"type": "tournament_open", "settings": SETTINGS})
    people = []
    entered = 0
    for a in range(2, 5):  # three addresses, four people each
        for i in range(4):
            p = await open_from(f"127.0.0.{a}", evening_server.port, f"P{a}x{i}", key=key_of(f"P{a}x{i}'s own key"))
            people.append(p)
            try:
                await p.request({"type": "tournament_register"})
                entered += 1
            except ServerRefused:
                pass
    assert entered < 10  # the last place is kept ...
    newcomer = await open_from("127.0.0.9", evening_server.port, "Newcomer")
    assert (await newcomer.request({"type": "tournament_register"}))["you"]["entered"]  # ... for a newcomer
    for c in [org, *people, newcomer]:
        await c.close()


async def _ssh_session(port: int, source: str) -> object | None:
    """A keyless guest's session from `source`, held open; None if the gateway refused it."""
    asyncssh = pytest.importorskip("asyncssh")
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username="Guest", known_hosts=None, agent_path=None,
                                      client_keys=None, local_addr=(source, 0), password=PASSWORD)
    except (OSError, asyncssh.Error):
        return None
    try:
        await conn.create_process(term_type="xterm", term_size=(80, 24))
    except asyncssh.Error:
        conn.close()
        return None
    return conn


async def test_a_few_addresses_cannot_take_every_ssh_session(server: Server, tmp_path: Path) -> None:
    pytest.importorskip("asyncssh")
    from dominoes_tui.net.gateways.ssh_gateway import Gateway

    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", command=[sys.executable, "-c", SESSION],
                 max_sessions=4, sessions_per_address=2, password=PASSWORD)
    await gw.start("127.0.0.1", 0)
    held = []
    try:
        for source in ("127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"):
            conn = await _ssh_session(gw.port, source)
            if conn is not None:
                held.append(conn)
        assert len(held) < 4
        newcomer = await _ssh_session(gw.port, "127.0.0.4")
        assert newcomer is not None, "an address with no session yet finds room"
        held.append(newcomer)
    finally:
        for conn in held:
            conn.close()  # type: ignore[attr-defined]
        await gw.close()


GATEWAY = """
import asyncio, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))
from dominoes_tui.net.gateways.ssh_gateway import Gateway
async def main():
    gw = Gateway("127.0.0.1:9", Path(sys.argv[1]), command=[sys.executable, "-c", "import time; time.sleep(30)"],
                 password="club night")
    port = await gw.start("127.0.0.1", 0)
    print(port, flush=True)
    await asyncio.sleep(120)
asyncio.run(main())
"""


async def test_a_flood_of_ssh_connections_never_runs_the_gateway_out_of_files() -> None:
    asyncssh = pytest.importorskip("asyncssh")
    with tempfile.TemporaryDirectory(prefix="gw-") as home:
        proc = await asyncio.create_subprocess_exec(sys.executable, "-c", GATEWAY, home, stdout=subprocess.PIPE,
                                                    stderr=subprocess.PIPE)
        try:
            port = int(await asyncio.wait_for(proc.stdout.readline(), WAIT))  # type: ignore[union-attr]
            flood = []
            for _ in range(250):  # silent connections, as a flood leaves them, from one address
                try:
                    flood.append(await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0)))
                except OSError:
                    break
            async with asyncssh.connect("127.0.0.1", port, username="Ana", known_hosts=None, agent_path=None,
                                        client_keys=None, local_addr=("127.0.0.3", 0), password=PASSWORD) as conn:
                await asyncio.wait_for(conn.create_process(term_type="xterm", term_size=(80, 24)), WAIT)
            for _r, w in flood:
                w.close()
        finally:
            proc.kill()
            _out, err = await proc.communicate()
    assert b"Too many open files" not in err, err[-2000:]
