"""The server's search for the puzzle of the evening: each finished match of the evening
harvested in a worker process, one at a time, behind the live tables.

What it may cost is bounded, so a busy evening does not slow play: one worker at a time
(workers.py's background_process) at the lowest CPU priority, as a hosted analysis runs
(docs/ANALYSIS.md, On a server); each harvest ends by itself after SECONDS or CPU_SECONDS
(puzzle_worker.py) and is killed at SECONDS + GRACE whatever it is doing; at most
MAX_WAITING matches wait their turn (the oldest is dropped: the puzzle should come from a
match just finished); a log longer than MAX_LOG_CHARS is not searched at all. A worker
that dies (killed, out of memory) costs one match's puzzles and a line in the host's
console; the evening goes on.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ...engine import dumps
from ...i18n import _
from ...workers import LOWEST, background_process
from ..host.console import tell
from ..tables.table import Table
from .evening_puzzle import Found
from .puzzle_worker import search_match

log = logging.getLogger("dominoes_tui.net")

SECONDS = 240.0  # a harvest's time, at most (a niced worker on a busy machine gets little CPU)
CPU_SECONDS = 60.0  # ... and its CPU time, at most
GRACE = 15.0  # past SECONDS, the worker is killed
MAX_WAITING = 6  # matches waiting for the worker
MAX_LOG_CHARS = 4_000_000  # a longer log (a match to 1,000 of many deals) is not searched
POLL_S = 0.25  # how often the worker's answer is looked for


@dataclass(frozen=True)
class Job:
    table: str
    round: int
    log: str
    names: list[str]


class PuzzleSearch:
    """Harvests the matches it is given, one after the other; `on_found` is told each puzzle."""

    def __init__(self, on_found: Callable[[Found], None]) -> None:
        self.on_found = on_found
        self.waiting: deque[Job] = deque(maxlen=MAX_WAITING)
        self.worker: Any = None  # the process harvesting now (a test may kill it)
        self.seconds, self.cpu_seconds = SECONDS, CPU_SECONDS
        self.nice = LOWEST  # behind everything else on the machine (a test on a busy machine may raise it)
        self._task: asyncio.Task[None] | None = None
        self.done = 0  # harvests ended, however they ended

    @property
    def idle(self) -> bool:
        return self._task is None and not self.waiting

    def match_over(self, table: Table, round_no: int) -> None:
        """A match of the evening is over: its log waits for the worker."""
        match = table.match
        if match is None:
            return
        self.search_log(table.code, round_no, dumps(match.events), [s.name for s in table.slots])

    def search_log(self, code: str, round_no: int, text: str, names: list[str]) -> None:
        """A finished match's log (its text) waits for the worker."""
        if len(text) > MAX_LOG_CHARS:
            tell(log, _("Table {code}'s match is too long to look for a puzzle in ({n} characters of log)").format(
                code=code, n=len(text)))
            return
        self.waiting.append(Job(code, round_no, text, names))
        self._next()

    def _next(self) -> None:
        if self._task is not None or not self.waiting:
            return
        self._task = asyncio.get_running_loop().create_task(self._run(self.waiting.popleft()))

    async def _run(self, job: Job) -> None:
        try:
            got = await self._harvest(job)
            for item in got:
                self.on_found(Found(item["puzzle"], float(item["clear"]), item["position"], job.table, job.round))
            if got:
                best = max(got, key=lambda f: (f["puzzle"]["solved"], f["clear"]))
                tell(log, _("Puzzle of the evening: table {code}'s match gave {n} ({name} to play, {how})").format(
                    code=job.table, n=len(got), name=best["position"]["names"][best["puzzle"]["seat"]],
                    how=_("proved") if best["puzzle"]["solved"] else _("estimated")))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a search that fails costs its puzzles, never the evening
            tell(log, _("The puzzle search in table {code}'s match failed; the evening goes on").format(code=job.table),
                 logging.WARNING, trace=exc)
        finally:
            self.done += 1
            self._task = None
            if not asyncio.get_running_loop().is_closed():
                self._next()

    async def _harvest(self, job: Job) -> list[dict[str, Any]]:
        import multiprocessing

        reader, writer = multiprocessing.Pipe(duplex=False)
        seed = random.SystemRandom().randrange(2**31)
        worker = background_process(search_match, (job.log, job.names, seed, self.seconds, self.cpu_seconds, writer),
                                    nice=self.nice)
        self.worker = worker
        # the first start brings up the fork server: off the event loop, the tables go on
        start = asyncio.ensure_future(asyncio.to_thread(worker.start))
        try:
            await asyncio.shield(start)
            writer.close()
            return await self._answer(job, worker, reader)
        finally:
            if not start.done():  # cancelled while it starts: it is killed once it has
                await asyncio.wait([start])
            writer.close()
            if worker.is_alive():
                worker.kill()
            if worker.pid is not None:
                await asyncio.to_thread(worker.join, 5)
            reader.close()
            self.worker = None

    async def _answer(self, job: Job, worker: Any, reader: Connection) -> list[dict[str, Any]]:
        ends = time.monotonic() + self.seconds + GRACE
        while not reader.poll():
            if time.monotonic() > ends:
                tell(log, _("The puzzle search in table {code}'s match took too long and was stopped; the evening "
                            "goes on").format(code=job.table), logging.WARNING)
                return []
            await asyncio.sleep(POLL_S)
        try:
            got = reader.recv()
        except (EOFError, OSError):
            await asyncio.to_thread(worker.join, 5)
            tell(log, _("The puzzle search in table {code}'s match stopped: its worker ended ({how}); the evening "
                        "goes on").format(code=job.table, how=ended_words(worker.exitcode)), logging.WARNING)
            return []
        if isinstance(got, str):
            tell(log, _("No puzzle in table {code}'s match: its log cannot be read ({reason})").format(
                code=job.table, reason=got), logging.WARNING)
            return []
        return list(got)

    async def close(self) -> None:
        """The server closes: the worker goes with it (killed, and waited for)."""
        self.waiting.clear()
        task = self._task
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def ended_words(code: int | None) -> str:
    """How a worker ended, in the host's words."""
    import signal

    if code is None:
        return _("still running")
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = str(-code)
        if -code == getattr(signal, "SIGXCPU", -1):
            return _("it used up its CPU time")
        return _("killed by {signal}").format(signal=name)
    return _("exit code {code}").format(code=code)
