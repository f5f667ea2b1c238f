"""What a hosted server keeps is bounded: the finished logs the tables one address makes
(per hour), how long a recorded finished log stays, and a disk that fills mid-match is
said to the players rather than only logged."""
from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from pathlib import Path

import pytest

from dominoes_tui.engine import Seat, dumps
from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.records.finished import Keeping
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.tables import table as table_module
from tests.net.helpers import Driven, play_out
from tests.records.helpers import play

BOTS = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}]


async def test_an_address_whose_tables_filled_its_share_makes_no_table_this_hour(tmp_path: Path) -> None:
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0,
                    keeping=Keeping(disk_per_address=1000))
    await server.start("127.0.0.1", 0)
    try:
        mia = await Driven.connect(server.port, "Mia")
        await mia.create(variant="draw", players=2, target=10, sit=None, start=True, seats=BOTS)
        await mia.watch(mia.code)
        await mia.wait_for(lambda m: m.get("type") == "state" and m["view"]["phase"] == "match_over")
        await mia.conn.request({"type": "leave"})
        with pytest.raises(ServerRefused, match="share of the server's disk"):
            await mia.create(variant="draw", players=2, target=10, sit=None, start=True, seats=BOTS)
        await mia.close()
    finally:
        await server.close()


def _finished(folder: Path, stem: str, seed: int, **fields: object) -> Path:
    match = play("draw", 2, [Seat("Ana", "human"), Seat("Bot", "bot", "easy")], seed=seed)
    (folder / f"{stem}.jsonl").write_text(dumps(match.events))
    meta = folder / f"{stem}.json"
    seats = [{"seat": 0, "name": "Ana", "kind": "human", "level": None, "identity": "name:Ana"},
             {"seat": 1, "name": "Bot", "kind": "bot", "level": "easy", "identity": None}]
    meta.write_text(json.dumps({"code": stem[:4], "variant": "draw", "practice": False, "seats": seats, **fields}))
    return meta


async def test_recorded_finished_logs_go_after_the_retention_and_unrecorded_ones_are_recorded(tmp_path: Path) -> None:
    finished = tmp_path / "server" / "finished"
    finished.mkdir(parents=True)
    long_ago = time.time() - 31 * 86400
    old = _finished(finished, "OLDA-1", 1, recorded=True, recorded_at=long_ago)
    fresh = _finished(finished, "NEWB-2", 2, recorded=True, recorded_at=time.time())
    waiting = _finished(finished, "WAIT-3", 3)
    os.utime(waiting, (long_ago, long_ago))
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await server.start("127.0.0.1", 0)
    await server.close()  # waits for the start's catching up
    assert not old.exists() and not old.with_suffix(".jsonl").exists()
    assert fresh.exists() and fresh.with_suffix(".jsonl").exists()
    assert json.loads(waiting.read_text())["recorded"]  # recorded now: it stays its 30 days from here
    assert waiting.with_suffix(".jsonl").exists()


async def test_a_disk_that_fills_mid_match_is_told_to_the_players(tmp_path: Path, monkeypatch) -> None:
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await server.start("127.0.0.1", 0)
    try:
        ana = await Driven.connect(server.port, "Ana")
        await ana.create(variant="draw", players=2, target=200, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        await ana.wait_for(lambda m: m.get("type") == "state")

        def full(*_args: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(table_module, "append_log", full)
        monkeypatch.setattr(table_module, "write_whole_log", full)
        with pytest.raises(AssertionError, match="did not end"):
            await play_out([ana], max_steps=6)  # a few moves, none saved (200 takes two rounds at least: never over in 6)
        notice = await ana.wait_for(lambda m: m.get("type") == "notice" and "saving stopped" in m["text"])
        assert "No space left" in notice["text"]
        monkeypatch.undo()
        with contextlib.suppress(AssertionError):  # a few more moves: the first one saved says so
            await play_out([ana], max_steps=6)
        await ana.wait_for(lambda m: m.get("type") == "notice" and "save this table again" in m["text"])
        assert sum(1 for m in ana.pushed if m.get("type") == "notice" and "saving stopped" in m["text"]) == 1
        await ana.close()
    finally:
        await server.close()
