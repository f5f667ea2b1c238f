"""The puzzle of the evening's search running beside the load check, as the server runs it.

At a club evening the server harvests each finished match for puzzles
(net/evening/puzzle_search.py): one worker process at a time at the lowest CPU priority.
Here the same search, in the load check's own process (the worker is niced and in a
session of its own either way, so whose child it is does not change what it takes from
the tables), is given the log of a real finished match again and again, so a worker
searches for the whole measured time: a busier evening than any club has.
"""
from __future__ import annotations

import asyncio
import os

from ...workers import LOWEST
from ..evening.evening_puzzle import Found
from ..evening.puzzle_search import PuzzleSearch
from .load_analyses import SAMPLE_S, worker_cpu

NAMES = ["medium", "easy"]


class Harvests:
    """The evening's puzzle search kept busy on `log` until stop()."""

    def __init__(self, log: str) -> None:
        self.log = log
        self.search = PuzzleSearch(self._found)
        self.found = 0  # puzzles admitted meanwhile
        self.cpu: dict[int, float] = {}  # worker pid -> the most CPU seconds read for it
        self._task: asyncio.Task[None] | None = None

    def _found(self, found: Found) -> None:
        self.found += 1

    @property
    def harvests(self) -> int:
        return self.search.done

    @property
    def cpu_s(self) -> float:
        return sum(self.cpu.values())

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._feed())

    async def _feed(self) -> None:
        while True:
            if self.search.idle:
                self.search.search_log("LOAD", 1, self.log, NAMES)
            # the worker is the fork server's child, read in /proc: off this loop, which reads
            # the watchers' moves (a scan of a busy machine's /proc took it tens of ms)
            seen = await asyncio.to_thread(worker_cpu, os.getpid(), LOWEST)
            for pid, cpu in seen.items():
                self.cpu[pid] = max(cpu, self.cpu.get(pid, 0.0))
            await asyncio.sleep(SAMPLE_S)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await self.search.close()
