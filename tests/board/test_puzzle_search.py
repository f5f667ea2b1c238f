"""The server's search for the puzzle of the evening: a worker process a match, bounded,
and a worker that dies costs that match's puzzles and a line in the console, nothing more."""
from __future__ import annotations

import asyncio
import logging
import os
import signal
from types import SimpleNamespace

import pytest

from dominoes_tui.engine.gamelog import parse_lines, replay
from dominoes_tui.net.evening import puzzle_search
from dominoes_tui.net.evening.evening_puzzle import Found
from dominoes_tui.net.evening.puzzle_search import PuzzleSearch

from .puzzle_fixtures import NAMES, match_log


def finished_table(code: str = "KXMP", log: str | None = None) -> SimpleNamespace:
    """What the search reads of a finished table: its code, its seats' names, its match."""
    match = replay(parse_lines(log or match_log()))
    return SimpleNamespace(code=code, match=match, slots=[SimpleNamespace(name=n) for n in NAMES])


async def _until(check, seconds: float = 60.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time")


def searching(got: list[Found]) -> PuzzleSearch:
    """A search whose worker is not niced: on a busy test machine a niced one waits for minutes."""
    search = PuzzleSearch(got.append)
    search.nice = 0
    return search


def niceness(pid: int) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        return int(f.read().rsplit(")", 1)[1].split()[16])


async def test_a_finished_match_is_harvested_in_a_niced_worker_and_its_puzzles_come_back() -> None:
    got: list[Found] = []
    search = PuzzleSearch(got.append)
    assert search.nice == 19
    search.match_over(finished_table(), 1)  # type: ignore[arg-type]
    await _until(lambda: search.worker is not None and search.worker.pid is not None)
    pid = search.worker.pid
    if os.path.exists("/proc/self/stat"):
        await _until(lambda: niceness(pid) == 19, 10)
    await search.close()
    await _until(lambda: search.idle)
    search = searching(got)
    search.match_over(finished_table(), 1)  # type: ignore[arg-type]
    await _until(lambda: search.done == 1)
    assert got, "seed 2's match has proved puzzles"
    assert all(f.table == "KXMP" and f.round == 1 and f.puzzle["solved"] for f in got)
    assert got[0].mover in NAMES and got[0].position["names"] == NAMES
    assert pid != os.getpid()
    await search.close()


async def test_a_worker_killed_mid_harvest_costs_its_match_and_a_console_line(caplog: pytest.LogCaptureFixture) -> None:
    got: list[Found] = []
    search = searching(got)
    caplog.set_level(logging.INFO, logger="dominoes_tui.net")
    search.match_over(finished_table("AAAA"), 1)  # type: ignore[arg-type]
    search.match_over(finished_table("BBBB"), 1)  # type: ignore[arg-type]
    await _until(lambda: search.worker is not None and search.worker.pid is not None)
    os.kill(search.worker.pid, signal.SIGKILL)
    await _until(lambda: search.done == 2)  # the next match was harvested all the same
    said = [r.getMessage() for r in caplog.records]
    assert any("table AAAA's match stopped: its worker ended (killed by SIGKILL); the evening goes on" in s
               for s in said), said
    assert got and {f.table for f in got} == {"BBBB"}
    await search.close()


async def test_a_harvest_that_runs_past_its_time_is_stopped(caplog: pytest.LogCaptureFixture,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_search, "GRACE", 0.0)
    search = PuzzleSearch(lambda found: None)
    search.seconds = 0.3  # the worker's own bound as well: it stops between decisions
    caplog.set_level(logging.INFO, logger="dominoes_tui.net")
    search.match_over(finished_table("SLOW"), 1)  # type: ignore[arg-type]
    await _until(lambda: search.worker is not None and search.worker.pid is not None)
    os.kill(search.worker.pid, signal.SIGSTOP)  # a worker that never answers
    await _until(lambda: search.done == 1, 20)
    assert any("table SLOW's match took too long and was stopped" in r.getMessage() for r in caplog.records)
    assert search.worker is None
    await search.close()


def test_a_log_past_the_limit_is_not_searched(caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_search, "MAX_LOG_CHARS", 1000)
    search = PuzzleSearch(lambda found: None)
    caplog.set_level(logging.INFO, logger="dominoes_tui.net")
    search.match_over(finished_table("HUGE"), 1)  # type: ignore[arg-type]
    assert search.idle
    assert any("Table HUGE's match is too long to look for a puzzle in" in r.getMessage() for r in caplog.records)


async def test_matches_waiting_for_the_worker_are_bounded_the_newest_kept() -> None:
    search = PuzzleSearch(lambda found: None)
    for i in range(puzzle_search.MAX_WAITING + 5):
        search.match_over(finished_table(f"T{i:03d}"), 1)  # type: ignore[arg-type]
    assert len(search.waiting) == puzzle_search.MAX_WAITING
    assert search.waiting[-1].table == f"T{puzzle_search.MAX_WAITING + 4:03d}"
    await search.close()
