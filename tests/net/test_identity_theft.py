"""A proof of identity given to one server never proves the name on another.

The club's server (`dominoes host`, its own process) knows Ana. Ana's own client (the
app, as `dominoes join` runs it) then joins a stranger's server, a process that writes
down every line she sends and, while she is connected, also passes her hello on to the
club's server and her answers back (a relay). Afterwards the stranger replays what he
wrote down at the club's server. Neither way is he Ana there."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.host.names import NameRegister
from dominoes_tui.net.wire.proof import secret_hash
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from tests.net.helpers import until

from .helpers import WAIT

# The stranger's server: answers like a table server, writes down every line the client
# sends, and relays the client's hello (and what follows it) to the club's server.
STRANGER = r"""
import asyncio, json, sys
club_port, record = int(sys.argv[1]), sys.argv[2]

async def handle(reader, writer):
    club_r, club_w = await asyncio.open_connection("127.0.0.1", club_port)
    got, welcome = [], None
    while True:
        line = await reader.readline()
        if not line:
            break
        got.append(line.decode())
        club_w.write(line)  # the relay: the club answers, the stranger passes the answer on
        answer = await club_r.readline()
        if welcome is None and json.loads(answer).get("type") == "welcome":
            welcome = json.loads(answer)
        with open(record, "w") as f:
            json.dump({"sent": got, "club_said": welcome}, f)
        writer.write(answer)
        await writer.drain()

async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()

asyncio.run(main())
"""


def host(tmp: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "DOMINOES_TUI_HOME": str(tmp / "club-home")}
    proc = subprocess.Popen([sys.executable, "-P", "-m", "dominoes_tui", "host", "--port", "0", "--data-dir",
                             str(tmp / "club")], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if "serving on " in line:
            return proc, int(line.split("serving on ", 1)[1].split()[0].rsplit(":", 1)[1])
    raise AssertionError("the club's server did not start")


async def join(port: int) -> Connection:
    """Ana's own client, as `dominoes join` runs it, connected to the server at `port`."""
    app = RemoteApp("127.0.0.1", port, "Ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
        conn = app.conn
        assert conn is not None
        return conn


async def replay(port: int, lines: list[str]) -> dict[str, Any]:
    """Every line written down, sent again to the club's server: its welcome."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for line in lines:
            writer.write(line.encode())
            answer = json.loads(await asyncio.wait_for(reader.readline(), WAIT))
            if answer.get("type") == "welcome":
                return dict(answer)
    finally:
        writer.close()
    return {}


async def test_a_strangers_server_cannot_be_ana_at_the_club(tmp_path: Path, dominoes_home: Path) -> None:
    club, club_port = host(tmp_path)
    stranger = subprocess.Popen([sys.executable, "-c", STRANGER, str(club_port), str(tmp_path / "record.json")],
                                stdout=subprocess.PIPE, text=True)
    try:
        assert stranger.stdout is not None
        stranger_port = int(stranger.stdout.readline())
        first = await join(club_port)
        assert first.name == "Ana" and not first.guest  # her name, claimed at the club
        await join(stranger_port)
        record = json.loads((tmp_path / "record.json").read_text())
        relayed = record["club_said"]
        assert relayed["type"] == "welcome" and relayed["identity"]["kind"] == "guest", relayed  # the relay
        replayed = await replay(club_port, record["sent"])
        assert replayed.get("identity", {}).get("kind") != "claimed", replayed  # the replay
        again = await join(club_port)
        assert again.name == "Ana" and not again.guest  # and Ana is still Ana
    finally:
        for proc in (stranger, club):
            proc.terminate()
            proc.wait(30)


async def test_a_name_claimed_by_an_old_secret_moves_to_the_key_once(tmp_path: Path, dominoes_home: Path) -> None:
    """Ana claimed her name with the secret of an older version. Her first login since
    proves it (never sending it) and moves the claim to her key; from then on the old
    secret alone, or the old secret with another key, is a guest."""
    old = "ana's secret from an older version"
    data = tmp_path / "club"
    data.mkdir(mode=0o700)
    (data / "names.json").write_text(json.dumps({"names": [{"name": "Ana", "secret": secret_hash(old), "since": 1}]}))
    dominoes_home.mkdir(mode=0o700)
    (dominoes_home / "identity").write_text(old + "\n")
    club, club_port = host(tmp_path)
    try:
        legacy = await Connection.open("127.0.0.1", club_port, "Ana", secret=old)  # an old client, before the move
        assert legacy.name == "Ana" and not legacy.guest
        await legacy.close()
        ana = await join(club_port)
        assert ana.name == "Ana" and not ana.guest
        entry = json.loads((data / "names.json").read_text())["names"][0]
        assert entry["key"] and "secret" not in entry and old not in json.dumps(entry)
        thief = await Connection.open("127.0.0.1", club_port, "Ana", secret=old)  # the old secret alone
        assert thief.guest and thief.name != "Ana"
        await thief.close()
        (dominoes_home / "identity.key").unlink()  # the old secret with another key
        other = await join(club_port)
        assert other.guest and other.name != "Ana"
        assert "key" in NameRegister(data / "names.json").claims["ana"]
    finally:
        club.terminate()
        club.wait(30)
