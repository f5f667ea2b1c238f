"""Two people at one hosted table, each reading their own language (issue 27): two real
`dominoes join` processes on pseudo-terminals of 80×24, one with LANG=de_DE.UTF-8 and one
with LANG=en_GB.UTF-8, at the same table. The server sends both the same events; each
client says them in its own words."""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from dominoes_tui.net.gateways.ssh_pty import set_size
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import says as S

from .helpers import WAIT, Driven


class Terminal:
    """A `dominoes join` on a pseudo-terminal, its screen's bytes collected as they come."""

    def __init__(self, proc: asyncio.subprocess.Process, master: int) -> None:
        self.proc, self.master, self.seen = proc, master, b""
        self._more = asyncio.Event()
        asyncio.get_running_loop().add_reader(master, self._read)

    @classmethod
    async def join(cls, port: int, code: str, name: str, lang: str, home: Path) -> Terminal:
        master, slave = os.openpty()
        set_size(slave, 80, 24)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "TERM": "xterm-256color",
               "LANG": lang, "DOMINOES_TUI_HOME": str(home / "data")}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "dominoes_tui", "join", f"127.0.0.1:{port}", "--code", code, "--name", name,
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )
        os.close(slave)
        return cls(proc, master)

    def _read(self) -> None:
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            asyncio.get_running_loop().remove_reader(self.master)
        self.seen += chunk
        self._more.set()

    async def shows(self, *needles: str) -> bool:
        """Whether every needle appears on the screen (waiting for it, bounded)."""
        wanted = [n.encode() for n in needles]

        async def scan() -> None:
            while not all(w in self.seen for w in wanted):
                self._more.clear()
                await self._more.wait()

        try:
            await asyncio.wait_for(scan(), WAIT)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        os.close(self.master)


async def test_a_german_and_an_english_player_at_one_table(server: Server, tmp_path: Path) -> None:
    host = await Driven.connect(server.port, "Host")
    made = await host.conn.request({"type": "create", "variant": "draw", "players": 3, "sit": None})
    code = made["code"]
    dora = await Terminal.join(server.port, code, "Dora", "de_DE.UTF-8", tmp_path / "dora")
    eve = await Terminal.join(server.port, code, "Eve", "en_GB.UTF-8", tmp_path / "eve")
    try:
        # the waiting room, each in its own words
        assert await dora.shows(f"Tisch {code}", "Der Tisch beginnt"), dora.seen[-3000:]
        assert await eve.shows(f"Table {code}", "The table starts when"), eve.seen[-3000:]
        table = server.tables[code]
        assert {s.name for s in table.slots if s.taken} == {"Dora", "Eve"}
        # one event from the server, the same bytes to both: each reads it in its language
        table.tell(S.NOT_RATED, count=3)
        assert await dora.shows("Diese Partie wird behalten"), dora.seen[-3000:]
        assert await eve.shows("This match is kept but not rated"), eve.seen[-3000:]
        assert b"Diese Partie" not in eve.seen and b"This match is kept" not in dora.seen
    finally:
        await dora.close()
        await eve.close()
        await host.conn.close()
