"""An SSH key is who you are: the first key claims a name; another key,
the password alone or no key at all gets a guest name and a folder of its own; sessions
are limited per key, per address and in total; the host lists, adds and releases names."""
from __future__ import annotations

import asyncio
import os
import re
import shutil

import pytest

from dominoes_tui.net.gateways.ssh_gateway import Gateway
from dominoes_tui.net.gateways.ssh_names import KeyRegister, name_folder
from dominoes_tui.net.server.server import Server
from tests.net.gateways.helpers import SSH, SSH_OPTS, finish, key_opts, make_key, needs_ssh, read_until
from tests.net.gateways.ssh_helpers import asyncssh, game_for, login, screen_has

from ..helpers import WAIT


async def open_ssh(port: int, name: str, key: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        SSH, "-tt", "-p", str(port), *SSH_OPTS, *key_opts(key), f"{name}@127.0.0.1",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "TERM": "xterm-256color"},
    )


async def quit_ssh(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.stdin.write(b"\x11")
        await proc.stdin.drain()
        await finish(proc)


@needs_ssh
async def test_another_key_under_a_taken_name_is_a_guest_with_its_own_folder(server: Server, tmp_path) -> None:
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh")
    await gw.start("127.0.0.1", 0)
    ana_key, eve_key = make_key(tmp_path, "ana"), make_key(tmp_path, "eve")
    ana = eve = None
    try:
        ana = await open_ssh(gw.port, "Ana", ana_key)
        assert b"as Ana" in await read_until(ana.stdout, b"as Ana")
        eve = await open_ssh(gw.port, "Ana", eve_key)  # a stranger, under Ana's name
        screen = await read_until(eve.stdout, b"as Ana~2")
        assert b"as Ana~2" in screen, screen[-1500:]
        screen += await read_until(eve.stdout, b"Ana is taken here")  # the gateway told the session why
        assert b"Ana is taken here" in screen, screen[-1500:]
        ana_session, eve_session = await game_for(gw, "Ana"), await game_for(gw, "Ana~2")
        ana_home = tmp_path / "ssh" / "users" / "Ana"
        assert ana_home.is_dir()
        eve_env = open(f"/proc/{eve_session.proc.pid}/environ", "rb").read().split(b"\0")
        eve_home = next(e for e in eve_env if e.startswith(b"DOMINOES_TUI_HOME=")).split(b"=", 1)[1].decode()
        assert "guests" in eve_home and "users" not in eve_home  # never Ana's tokens or identity
        assert {c.name for c in server.conns if c.hello} >= {"Ana", "Ana~2"}
        ana_conn = next(c for c in server.conns if c.name == "Ana")
        assert ana_conn.identity.claimed  # Ana proves her name to the table server too
        assert not next(c for c in server.conns if c.name == "Ana~2").identity.claimed
        assert ana_session.fingerprint != eve_session.fingerprint
        await quit_ssh(eve)
        for _ in range(int(WAIT / 0.05)):  # the guest's folder goes with the guest
            if not os.path.exists(eve_home):
                break
            await asyncio.sleep(0.05)
        assert not os.path.exists(eve_home)
        again = await open_ssh(gw.port, "ana", ana_key)  # Ana's key, any spelling: Ana's name
        assert b"as Ana" in await read_until(again.stdout, b"as Ana ")
        await quit_ssh(again)
    finally:
        for proc in (ana, eve):
            if proc is not None and proc.returncode is None:
                proc.kill()
                await proc.wait()
        await gw.close()


def found(screen: bytes, needle: bytes) -> bool:
    return re.search(re.escape(needle) + rb"(?![~\w])", screen) is not None


async def test_the_password_alone_or_no_key_is_a_guest(server: Server, tmp_path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    open_gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "open")
    club = Gateway(f"127.0.0.1:{server.port}", tmp_path / "club", password="club night")
    await open_gw.start("127.0.0.1", 0)
    await club.start("127.0.0.1", 0)
    conns = []
    try:
        conn, proc = await login(open_gw.port, "Ana", client_keys=[key])
        conns.append(conn)
        assert found(await screen_has(proc, b"as Ana"), b"as Ana")
        conn, proc = await login(open_gw.port, "Ana", client_keys=None)  # no key at all
        conns.append(conn)
        assert found(await screen_has(proc, b"as Ana~2"), b"as Ana~2")
        conn, proc = await login(open_gw.port, "Ben", client_keys=None)  # no key, a free name: a guest under it
        conns.append(conn)
        screen = await screen_has(proc, b"Connected.")
        assert found(screen, b"as Ben") and b"taken here" not in screen, screen[-1500:]
        assert not next(c for c in server.conns if c.name == "Ben").identity.claimed
        club.keys.add_key("Dee", key.get_fingerprint())  # the host listed Dee's key up front
        conn, proc = await login(club.port, "Dee", client_keys=None, password="club night")
        conns.append(conn)
        assert found(await screen_has(proc, b"as Dee~2"), b"as Dee~2")  # the password alone: a guest
        conn, proc = await login(club.port, "Dee", client_keys=[key])  # her key needs no password
        conns.append(conn)
        assert found(await screen_has(proc, b"as Dee"), b"as Dee")
        with pytest.raises(asyncssh.PermissionDenied):  # an unknown key is not let in without the password
            await login(club.port, "Carl", client_keys=[asyncssh.generate_private_key("ssh-ed25519")])
    finally:
        for c in conns:
            c.close()
        await open_gw.close()
        await club.close()


async def test_keys_only_turns_away_keyless_logins(server: Server, tmp_path) -> None:
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", keys_only=True)
    await gw.start("127.0.0.1", 0)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await login(gw.port, "Eve", client_keys=None)
        conn, proc = await login(gw.port, "Ana", client_keys=[asyncssh.generate_private_key("ssh-ed25519")])
        assert found(await screen_has(proc, b"as Ana"), b"as Ana")
        conn.close()
    finally:
        await gw.close()


async def test_sessions_are_limited_per_key_and_per_address(server: Server, tmp_path) -> None:
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", sessions_per_key=1, sessions_per_address=2)
    await gw.start("127.0.0.1", 0)
    key = asyncssh.generate_private_key("ssh-ed25519")
    conns = []
    try:
        conn, proc = await login(gw.port, "Ana", client_keys=[key])
        conns.append(conn)
        await screen_has(proc, b"as Ana ")
        with pytest.raises(asyncssh.ChannelOpenError):  # a second session with the same key
            conns.append((await login(gw.port, "Ana", client_keys=[key]))[0])
        conn, proc = await login(gw.port, "Ben", client_keys=None)
        conns.append(conn)
        await screen_has(proc, b"as Ben")
        with pytest.raises(asyncssh.ChannelOpenError):  # a third from this address
            conns.append((await login(gw.port, "Cid", client_keys=None))[0])
    finally:
        for c in conns:
            c.close()
        await gw.close()


def test_a_guest_is_renamed_only_when_the_name_is_held() -> None:
    """A keyless login keeps a name nobody claimed or uses; a name claimed by a key, or
    used by another session (in any spelling), gives it one of its own; and a key may not
    claim a name a guest is playing under right now."""
    keys = KeyRegister(None)
    playing: set[str] = set()

    def in_use(name: str) -> bool:
        return name.casefold() in playing

    assert keys.login("Gustav", None, in_use) == ("Gustav", False)
    assert keys.login("Ana", "SHA256:ana", in_use) == ("Ana", True)
    assert keys.login("ana", None, in_use) == ("ana~2", False)  # claimed
    playing.add("gustav")
    assert keys.login("GUSTAV", None, in_use) == ("GUSTAV~2", False)  # in use
    assert keys.login("Gustav", "SHA256:ben", in_use) == ("Gustav~2", False)  # no claim over a guest at play
    assert keys.login("Ben~2", None, in_use) == ("Ben~2", False)  # a guest's kind of name, free: kept


def test_a_names_folder_is_a_safe_encoding_of_the_exact_name() -> None:
    folders = {name_folder(n) for n in ("Ana!", "Ana?", "Ana.", "Ana", "Ana_")}
    assert len(folders) == 5
    for name in ("..", ".", "a/b", "../../etc", "Zoë", "[/]", "\x1b]0;x\x07"):
        folder = name_folder(name)
        assert "/" not in folder and not folder.startswith(".") and folder not in ("", ".", "..")


def test_host_lists_adds_and_releases_names(tmp_path, monkeypatch, capsys) -> None:
    from dominoes_tui.cli import main

    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path / "home"))
    key = make_key(tmp_path, "ana") if shutil.which("ssh-keygen") else None
    if key is None:
        k = asyncssh.generate_private_key("ssh-ed25519")
        key = str(tmp_path / "ana")
        k.write_private_key(key)
        k.export_public_key()
        (tmp_path / "ana.pub").write_bytes(k.export_public_key())
    assert main(["ssh", "--add-key", "Ana", key + ".pub"]) == 0
    assert main(["ssh", "--names"]) == 0
    out = capsys.readouterr().out
    assert "Ana" in out and "SHA256:" in out
    register = tmp_path / "home" / "ssh" / "names.json"
    assert register.stat().st_mode & 0o777 == 0o600
    assert main(["ssh", "--release", "Ana"]) == 0
    assert KeyRegister(register).listing() == []
    assert main(["ssh", "--release", "Ana"]) == 1
