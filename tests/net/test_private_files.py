"""Every file the table server writes (tables, finished logs, the records database and
its WAL, the name register, the tournament with its seat tokens, the records key) is
0600, in folders that are 0700, the data folder itself included."""
from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.server.server import Server
from dominoes_tui.records.queries import totals
from tests.net.helpers import Driven, key_of

SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 2, "target": 15, "fill_bots": True, "bot_level": "random"}


def modes(root: Path) -> dict[str, str]:
    found = {".": oct(stat.S_IMODE(root.stat().st_mode))}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            found[str(path.relative_to(root))] = oct(stat.S_IMODE(path.stat().st_mode))
    return found


async def test_the_server_writes_owner_only_files_in_owner_only_folders(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir(mode=0o755)  # as `dominoes play` may have left it
    os.chmod(home, 0o755)
    server = Server(home / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await server.start("127.0.0.1", 0)
    try:
        ana = Driven(await Connection.open("127.0.0.1", server.port, "Ana", key=key_of("ana's secret, 16 chars or more")))
        await ana.conn.request({"type": "tournament_organize", "secret": server.tournament_host.organizer_secret})
        await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})  # tournament.json
        await ana.create(variant="draw", players=2, sit=None, start=True,
                         seats=[{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}])
        await ana.watch(ana.code)
        await ana.wait_for(lambda m: m.get("type") == "state" and m["view"]["phase"] == "match_over")
        for _ in range(400):  # recording runs in the background
            with server.records.source._open().connect() as conn:
                if totals(conn)["matches"]:
                    break
            await asyncio.sleep(0.05)
        await ana.close()
    finally:
        await server.close()
    found = modes(home)
    for name in ("records.sqlite", "server/tournament.json", "server/names.json", "server/organizer-secret"):
        assert name in found, sorted(found)
    assert any(n.startswith("server/finished/") for n in found)
    loose = {n: m for n, m in found.items() if m != ("0o700" if (home / n).is_dir() else "0o600")}
    assert loose == {}
