"""A full disk, then kill -9: the players were told at once that saving stopped, and the
table comes back at the last event that reached the disk, its log whole line by line.

One test fills a real (small tmpfs) disk under a `dominoes host` process and kills it;
the other stands in for the write call, for the case a real disk rarely shows: an append
torn half way whose cut-back fails too (then the next save must write the log whole:
an append after the torn line would bury it mid-log, and a restart, which stops
reading there, would lose every move saved after it)."""
from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.tables import table_files
from dominoes_tui.net.tables.table_files import read_log

from .helpers import WAIT, Driven, play_out


def whole_lines(path: Path) -> list[dict]:
    raw = path.read_bytes()
    assert raw.endswith(b"\n")
    return [json.loads(line) for line in raw.splitlines()]  # every line a whole event, none torn


async def test_a_torn_append_that_cannot_be_cut_back_loses_nothing_saved_later(tmp_path: Path, monkeypatch) -> None:
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await server.start("127.0.0.1", 0)
    try:
        ana = await Driven.connect(server.port, "Ana")
        made = await ana.create(variant="draw", players=2, target=200,
                                seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        await ana.wait_for(lambda m: m.get("type") == "state")
        with contextlib.suppress(AssertionError):
            await play_out([ana], max_steps=3)
        real_append = table_files.append_private

        def torn(path: Path, text: str) -> None:  # the disk fills half way through the line
            real_append(path, text[: len(text) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

        def no_cut(*_args: object) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(table_files, "append_private", torn)
        monkeypatch.setattr(table_files.os, "truncate", no_cut)
        with contextlib.suppress(AssertionError):
            await play_out([ana], max_steps=2)
        await ana.wait_for(lambda m: m.get("type") == "notice" and "saving stopped" in m["text"])
        monkeypatch.undo()
        with contextlib.suppress(AssertionError):
            await play_out([ana], max_steps=4)
        await ana.wait_for(lambda m: m.get("type") == "notice" and "save this table again" in m["text"])
        table = server.tables[made["code"]]
        assert table.match is not None
        log = tmp_path / "server" / "tables" / f"{made['code']}.jsonl"
        assert whole_lines(log) == [json.loads(json.dumps(e)) for e in table.match.events]
        assert len(read_log(log).events) == len(table.match.events)  # what a restart after kill -9 reads
        await ana.close()
    finally:
        await server.close()


MOUNT = Path("/tmp") / f"dominoes-full-disk-{os.getpid()}"


@pytest.fixture
def small_disk():
    """A 2 MB tmpfs (root only); skipped where the machine does not allow mounting."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    MOUNT.mkdir(exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(MOUNT)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        MOUNT.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield MOUNT
    finally:
        subprocess.run(["umount", "-l", str(MOUNT)], check=False)
        MOUNT.rmdir()


def host(data: Path, home: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "DOMINOES_TUI_HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-P", "-m", "dominoes_tui", "host", "--port", "0", "--data-dir", str(data),
                             "--bot-delay", "0.05"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if "serving on " in line:
            return proc, int(line.split("serving on ", 1)[1].split()[0].rsplit(":", 1)[1])
    raise AssertionError("the host did not start")


def fill(disk: Path) -> None:
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"x" * 512)
    except OSError:
        pass
    finally:
        os.close(fd)


async def test_a_full_disk_then_kill_9_comes_back_at_the_last_saved_event(small_disk: Path, tmp_path: Path) -> None:
    data = small_disk / "club"
    proc, port = host(data, tmp_path / "home")
    try:
        watcher = Driven(await Connection.open("127.0.0.1", port, "Watcher"))
        made = await watcher.conn.request({"type": "create", "variant": "draw", "players": 2, "target": 150, "sit": None,
                                           "bot_delay": 0.05, "seats": [{"kind": "bot", "level": "random"}] * 2})
        code = made["code"]
        await watcher.conn.request({"type": "watch", "code": code})
        await watcher.conn.request({"type": "start", "code": code})
        log = data / "tables" / f"{code}.jsonl"
        await watcher.wait_for(lambda m: m.get("type") == "state" and len(m["view"]["history"]) >= 6)
        fill(small_disk)
        notice = await watcher.wait_for(lambda m: m.get("type") == "notice" and "saving stopped" in m["text"])
        assert "No space left" in notice["text"]  # told at once
        since = len(watcher.pushed)
        await watcher.wait_for(lambda m: m.get("type") == "state", since=since)  # the match goes on, unsaved
        on_disk = whole_lines(log)
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)
        await watcher.conn.close()
        assert whole_lines(log) == on_disk
        (small_disk / "filler").unlink()
        proc, port = host(data, tmp_path / "home")
        again = Driven(await Connection.open("127.0.0.1", port, "Again"))
        watching = await again.conn.request({"type": "watch", "code": code})
        assert watching["table"]["code"] == code
        await again.wait_for(lambda m: m.get("type") == "state", timeout=WAIT)  # it plays on
        resumed = whole_lines(log)
        assert resumed[: len(on_disk)] == on_disk and len(resumed) > len(on_disk)  # from the last event saved
        await again.conn.close()
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(WAIT)
        if proc.returncode is None:
            proc.kill()
        await asyncio.sleep(0)
