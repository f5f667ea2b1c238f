"""kill -9 while a finished match is being recorded: the match is in finished/ (synced)
but not in the records. The next start records it, once; a start after that adds
nothing (the match's key decides). The server that dies is a real process, stopped by
SIGKILL at the critical point: its recorder announces itself, then waits forever."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from sqlalchemy import func, select

from dominoes_tui.net.server.server import Server
from dominoes_tui.records import Records
from dominoes_tui.records.schema import matches

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent('''
    import asyncio, sys, threading
    from pathlib import Path
    from dominoes_tui.net.records import records_service
    from dominoes_tui.net.server.server import Server
    from tests.net.helpers import Driven

    data, marker = Path(sys.argv[1]), Path(sys.argv[2])

    def stuck(*args, **kwargs):  # the recorder, at the critical point: the match is filed, not recorded
        marker.touch()
        threading.Event().wait()

    records_service.record_or_keep = stuck

    async def main():
        server = Server(data, bot_delay=0.0, default_level="random", standin_delay=0.0)
        await server.start("127.0.0.1", 0)
        maker = await Driven.connect(server.port, "Mia")
        await maker.create(variant="draw", players=2, target=20, sit=None, start=True,
                           seats=[{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}])
        await asyncio.Event().wait()

    asyncio.run(main())
''')


def count(url: str) -> int:
    with Records.open(url) as records, records.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(matches)))


async def test_a_server_killed_while_recording_records_the_match_when_it_starts_again(tmp_path: Path) -> None:
    data = tmp_path / "home" / "server"
    marker = tmp_path / "recording"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(data), str(marker)], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            assert child.poll() is None, child.stderr.read().decode() if child.stderr else ""
            assert time.monotonic() < deadline, "the match never reached the recorder"
            await asyncio.sleep(0.02)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
    finished = data / "finished"
    metas = list(finished.glob("*.json"))
    assert len(metas) == 1 and not json.loads(metas[0].read_text()).get("recorded")
    assert not list((data / "tables").glob("*.json"))  # the table's own files are gone: finished/ is all there is
    url = f"sqlite:///{data.parent / 'records.sqlite'}"
    assert not (data.parent / "records.sqlite").exists() or count(url) == 0

    for start in range(2):  # the first start records it; the second finds nothing to do
        server = Server(data, bot_delay=0.0, default_level="random", standin_delay=0.0)
        await server.start("127.0.0.1", 0)
        try:
            for _ in range(400):
                if json.loads(metas[0].read_text()).get("recorded"):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError(f"start {start + 1}: the finished match was never recorded")
        finally:
            await server.close()
        assert count(url) == 1
