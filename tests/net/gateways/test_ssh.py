"""The SSH gateway end to end: the real OpenSSH client on loopback, with a pseudo-terminal,
logs in and lands in the lobby; without a terminal it is told so; passwords; host key."""
from __future__ import annotations

import asyncio
import os

import pytest

from tests.net.gateways.helpers import SSH, SSH_OPTS, finish, key_opts, make_key, needs_ssh, read_until

asyncssh = pytest.importorskip("asyncssh")

from dominoes_tui.net.gateways.ssh_gateway import Gateway  # noqa: E402
from dominoes_tui.net.gateways.ssh_names import load_host_key  # noqa: E402
from dominoes_tui.net.server.server import Server  # noqa: E402

from ..helpers import WAIT  # noqa: E402


@pytest.fixture
def ana_key(tmp_path):
    return make_key(tmp_path, "ana")


@pytest.fixture
async def gateway(server: Server, tmp_path):
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh")
    await gw.start("127.0.0.1", 0)
    yield gw
    await gw.close()


@needs_ssh
async def test_openssh_login_with_a_terminal_lands_in_the_lobby(server: Server, gateway: Gateway, ana_key: str) -> None:
    env = {**os.environ, "TERM": "xterm-256color"}
    proc = await asyncio.create_subprocess_exec(
        SSH, "-tt", "-p", str(gateway.port), *SSH_OPTS, *key_opts(ana_key), "Ana@127.0.0.1",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    try:
        screen = await read_until(proc.stdout, b"Dominoes lobby", b"as Ana")
        assert b"Dominoes lobby" in screen and b"as Ana" in screen, screen[-2000:]
        assert any(c.name == "Ana" and c.hello for c in server.conns)  # the session is a client of the server
        assert len(gateway.sessions) == 1
        proc.stdin.write(b"c")  # one key, no Enter: it reaches the game at once (no line editing)
        await proc.stdin.drain()
        screen = await read_until(proc.stdout, b"Table options")  # the form; the lobby itself says "makes a new table"
        assert b"Table options" in screen, screen[-2000:]
        proc.stdin.write(b"\x11")  # ctrl+q: quit the game, which ends the session
        await proc.stdin.drain()
        assert await finish(proc) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


@needs_ssh
async def test_a_session_without_a_terminal_is_refused_politely(gateway: Gateway, ana_key: str) -> None:
    proc = await asyncio.create_subprocess_exec(
        SSH, "-T", "-p", str(gateway.port), *SSH_OPTS, *key_opts(ana_key), "Ben@127.0.0.1",
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out = await read_until(proc.stdout, b"ssh -t")
    assert b"has none" in out and b"ssh -t" in out
    assert await finish(proc) == 1


async def test_shared_password_and_kept_host_key(server: Server, tmp_path) -> None:
    home = tmp_path / "gw"
    gw = Gateway(f"127.0.0.1:{server.port}", home, password="club night")
    port = await gw.start("127.0.0.1", 0)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", port, username="Eve", password="guess", known_hosts=None,
                                   client_keys=None, agent_path=None)
        async with asyncssh.connect("127.0.0.1", port, username="Ana", password="club night", known_hosts=None,
                                    client_keys=None, agent_path=None) as conn:
            result = await asyncio.wait_for(conn.run("play"), WAIT)  # no terminal asked for
            assert "has none" in result.stdout and result.exit_status == 1
    finally:
        await gw.close()
    key_file = home / "ssh_host_ed25519_key"
    first = load_host_key(key_file).export_public_key()
    assert load_host_key(key_file).export_public_key() == first  # the same host key next time


@needs_ssh
async def test_one_crashed_session_leaves_the_others_alone(server: Server, gateway: Gateway, tmp_path) -> None:
    import signal

    env = {**os.environ, "TERM": "xterm-256color"}
    procs = []
    try:
        for name in ("Ana", "Ben"):
            proc = await asyncio.create_subprocess_exec(
                SSH, "-tt", "-p", str(gateway.port), *SSH_OPTS, *key_opts(make_key(tmp_path, name)), f"{name}@127.0.0.1",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
            )
            procs.append(proc)
            assert b"as " + name.encode() in await read_until(proc.stdout, b"as " + name.encode())
        ana_session = next(s for s in gateway.sessions if s.chan.get_extra_info("username") == "Ana")
        os.kill(ana_session.proc.pid, signal.SIGKILL)  # Ana's game dies
        assert await finish(procs[0]) != 0
        ben = procs[1]
        ben.stdin.write(b"c")  # Ben's game goes on as if nothing happened
        await ben.stdin.drain()
        assert b"Table options" in await read_until(ben.stdout, b"Table options")
        ben.stdin.write(b"\x11")
        await ben.stdin.drain()
        assert await finish(ben) == 0
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()


@needs_ssh
async def test_the_invite_over_ssh_is_the_ssh_command_and_its_code_seats_you(server: Server, gateway: Gateway, tmp_path) -> None:
    """Over the gateway the table server is loopback, so `dominoes join 127.0.0.1:…` would
    send a friend nowhere: the waiting room shows the gateway's own `ssh` command with the
    code, and that command (the code as the ssh command) sits the friend at the table."""
    from ..helpers import Driven

    ana = await Driven.connect(server.port, "Ana")
    made = await ana.create(variant="draw", players=2, target=20, seats=[{"kind": "human"}, {"kind": "human"}])
    code = made["code"]
    env = {**os.environ, "TERM": "xterm-256color"}
    proc = await asyncio.create_subprocess_exec(
        SSH, "-tt", "-p", str(gateway.port), *SSH_OPTS, *key_opts(make_key(tmp_path, "ben")), "Ben@127.0.0.1", code.lower(),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    try:
        # both seats taken: the table starts, and Ben is at it without touching the lobby
        await asyncio.wait_for(ana.wait_for(lambda m: m.get("type") == "state"), WAIT)
        table = next(t for t in server.tables.values() if t.code == code)
        assert [s.name for s in table.slots] == ["Ana", "Ben"]
        [session] = gateway.sessions
        assert session._invite() == f"ssh -t -p {gateway.port} 127.0.0.1"  # what the game is given as DOMINOES_INVITE
        proc.stdin.write(b"\x11")
        await proc.stdin.drain()
        await finish(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await ana.close()
    # the line the waiting room shows a person who came over SSH
    from dominoes_tui.ui.screens.hosted.lobby import invite_line

    over_ssh = f"ssh -t -p {gateway.port} 127.0.0.1"
    assert invite_line(over_ssh, "127.0.0.1", server.port, code) == f"{over_ssh} {code}"
    assert invite_line(None, "::1", 7788, code) == f"dominoes join [::1]:7788 --code {code}"


async def test_wrong_ssh_passwords_make_the_address_wait(server: Server, tmp_path) -> None:
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "gw", password="club night")
    if hasattr(gw, "wrong_passwords"):
        gw.wrong_passwords.clock = lambda: 0.0  # time stands still: a wait never runs out in the test
    port = await gw.start("127.0.0.1", 0)
    try:
        for i in range(8):  # a new connection for every guess: counted per address, not per connection
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.connect("127.0.0.1", port, username="Eve", password=f"guess {i}", known_hosts=None,
                                       client_keys=None, agent_path=None)
        with pytest.raises(asyncssh.PermissionDenied):  # while it waits, even the right one is refused
            await asyncssh.connect("127.0.0.1", port, username="Eve", password="club night", known_hosts=None,
                                   client_keys=None, agent_path=None)
    finally:
        await gw.close()


@needs_ssh
async def test_openssh_sends_lang_and_the_session_speaks_it(server: Server, gateway: Gateway, ana_key: str) -> None:
    """`SendEnv LANG` (Debian's and Ubuntu's ssh_config send it): the session's game reads the
    client's language, not the gateway's C.UTF-8."""
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "de_DE.UTF-8"}
    proc = await asyncio.create_subprocess_exec(
        SSH, "-tt", "-p", str(gateway.port), *SSH_OPTS, "-o", "SendEnv=LANG", *key_opts(ana_key), "Ana@127.0.0.1",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )
    try:
        screen = await read_until(proc.stdout, b"Domino-Lobby", b"als Ana")
        assert b"Domino-Lobby" in screen and b"als Ana" in screen, screen[-2000:]
        proc.stdin.write(b"\x11")
        await proc.stdin.drain()
        assert await finish(proc) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
