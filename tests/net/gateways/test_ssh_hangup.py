"""ATTACK: connecting to the SSH gateway and dropping, again and again, must not leave
games running. Each session's game is a process of its own; when its player goes, the
game is hung up on, and killed if it does not end."""
from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator

import pytest

from tests.net.gateways.ssh_helpers import game_for, login, screen_has

pytest.importorskip("asyncssh")

from dominoes_tui.net.gateways import ssh_gateway
from dominoes_tui.net.gateways.ssh_gateway import Gateway
from dominoes_tui.net.server.server import Server

from ..helpers import WAIT


@pytest.fixture
def hangups_ignored() -> Iterator[None]:
    """The gateway's process ignores hang-ups, as it does when started under `nohup`."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    yield
    signal.signal(signal.SIGHUP, before)


async def ended(proc: asyncio.subprocess.Process, within: float) -> bool:
    try:
        await asyncio.wait_for(proc.wait(), within)
    except TimeoutError:
        return False
    return True


async def test_a_dropped_player_s_game_ends_under_a_gateway_started_with_nohup(
        server: Server, tmp_path, hangups_ignored: None) -> None:
    """A game inherits the gateway's dispositions: under nohup it ignored the hang-up
    and ran on, spinning on a terminal nobody held (20% of a core each)."""
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh")
    await gw.start("127.0.0.1", 0)
    try:
        conn, proc = await login(gw.port, "Zed")
        await screen_has(proc, b"as Zed")  # keyless: a guest, under the free name it asked for
        game = (await game_for(gw, "Zed")).proc
        conn.abort()  # the player vanishes
        assert await ended(game, ssh_gateway.KILL_AFTER / 2), "the hang-up did not end the game"
        assert game.returncode == -signal.SIGHUP
    finally:
        await gw.close()


async def test_a_game_that_ignores_the_hang_up_is_killed(server: Server, tmp_path, monkeypatch) -> None:
    """A game that does not end when hung up on (here one that traps the signal) is killed
    a moment later, and counts against the session limits until then."""
    monkeypatch.setattr(ssh_gateway, "KILL_AFTER", 0.5)
    hung_up = asyncio.Event()
    stop = ssh_gateway.GameSession.stop

    def stop_and_say(self: ssh_gateway.GameSession) -> None:
        stop(self)
        hung_up.set()

    monkeypatch.setattr(ssh_gateway.GameSession, "stop", stop_and_say)
    stubborn = ["/bin/sh", "-c", 'trap "" HUP; echo ready; while :; do sleep 0.1; done', "sh"]
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", command=stubborn)
    await gw.start("127.0.0.1", 0)
    try:
        conn, proc = await login(gw.port, "Zed")
        await screen_has(proc, b"ready")
        session = await game_for(gw, "Zed")
        game = session.proc
        conn.abort()
        await asyncio.wait_for(hung_up.wait(), WAIT)  # the gateway heard the hang-up and passed it on
        assert game.returncode is None and session in gw.sessions  # hung up on, still counted
        assert await ended(game, WAIT), "the game outlived its player"
        assert game.returncode == -signal.SIGKILL
        for _ in range(40):
            if session not in gw.sessions:
                break
            await asyncio.sleep(0.05)
        assert session not in gw.sessions
    finally:
        await gw.close()
