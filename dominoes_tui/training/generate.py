"""`dominoes puzzles --generate N`'s work: matches harvested in worker processes until
each variant has its share of N puzzles.

Logged matches (the club records' analysed ones, a log file) come first, each once; then
bots play (selfplay.py), table after table of the variants still short, each variant
wanting N divided among the variants asked for. The work runs in the program's worker
pool (workers.py: Ctrl-C stays with this process, the workers at a lower priority), a few
tasks ahead of the results so a stop loses little. Whatever was found when it stops
(asked to, or Ctrl-C) is returned: the caller keeps it.
"""
from __future__ import annotations

import itertools
import math
import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..engine import LogError
from ..engine.seeds import match_seeds
from ..workers import worker_pool
from .harvest import Lines, harvest
from .puzzle import Puzzle
from .selfplay import Table, selfplay_puzzles, tables

Task = tuple[Any, ...]
AHEAD = 2  # tasks waiting per worker
EXPLORE = 4  # every fourth match of a variant goes to its tables in turn, whatever they gave
WAIT_S = 0.1  # how often the loop looks whether it was asked to stop


@dataclass
class Logged:
    """A match from a log: its lines, and the plies its analysis marked (tried first)."""

    lines: Lines
    marked: tuple[int, ...] = ()


@dataclass
class Run:
    """The puzzles found so far, each id once, counted by variant."""

    wanted: int
    variants: list[str]
    found: dict[str, Puzzle] = field(default_factory=dict)
    matches: int = 0
    stopped: bool = False  # Ctrl-C (or the caller's stop) ended it before it was done
    tried: Counter[Table] = field(default_factory=Counter)  # bot matches given to each table ...
    gave: Counter[Table] = field(default_factory=Counter)   # ... and the puzzles they gave

    def share(self) -> int:
        return math.ceil(self.wanted / max(1, len(self.variants)))

    def counts(self) -> Counter[str]:
        return Counter(p.variant for p in self.found.values())

    def short(self, table: Table) -> bool:
        return table[0] in self.variants and self.counts()[table[0]] < self.share()

    def done(self) -> bool:
        counts = self.counts()
        return len(self.found) >= self.wanted and all(counts[v] >= self.share() for v in self.variants)

    def add(self, puzzles: list[Puzzle], table: Table | None = None) -> None:
        self.matches += 1
        for p in puzzles:
            if p.id not in self.found:
                self.found[p.id] = p
                if table is not None:
                    self.gave[table] += 1

    def next_table(self, chosen: list[Table], turn: int) -> Table | None:
        """The table to play next: the variants short of their share in turn, and within
        one the table that gave most per match so far (every table tried now and then)."""
        short = sorted({t[0] for t in chosen if self.short(t)})
        if not short:
            return None
        mine = [t for t in chosen if t[0] == short[turn % len(short)]]
        if turn // len(short) % EXPLORE == 0:
            return mine[turn // len(short) // EXPLORE % len(mine)]
        return max(mine, key=lambda t: ((self.gave[t] + 1) / (self.tried[t] + 2), -mine.index(t)))


def work(task: Task) -> list[Puzzle]:
    """One task's puzzles (a worker runs it): ("log", lines, seed, marked) or ("bots", variant,
    players, target, seed)."""
    if task[0] == "log":
        _kind, lines, seed, marked = task
        try:
            return harvest(lines, seed, first=marked)
        except LogError:
            return []  # a match the rules refuse gives no puzzle
    return selfplay_puzzles(task[1:])


def _told(results: queue.Queue[tuple[list[Puzzle], Table | None] | BaseException],
          table: Table | None) -> Callable[[list[Puzzle]], None]:
    """A task's callback: its puzzles onto the queue, with the table they came from."""
    def put(got: list[Puzzle]) -> None:
        results.put((got, table))
    return put


def generate(wanted: int, *, seed: int = 0, variant: str | list[str] | None = None, logged: list[Logged] | None = None,
             selfplay: bool = True, jobs: int = 1, nice: int = 0, progress: Callable[[Run], None] | None = None,
             stop: threading.Event | None = None) -> Run:
    """Puzzles until `wanted` are found, each variant (or those of `variant` only) its share, from the
    `logged` matches first, then from bots playing (`selfplay`). Ctrl-C (KeyboardInterrupt)
    or `stop` ends it early; what was found is returned either way."""
    chosen = tables(variant)
    run = Run(wanted, sorted({t[0] for t in chosen}))
    stop = stop or threading.Event()

    def feed() -> Iterator[Task]:
        for i, match in enumerate(logged or []):
            if run.done():
                return
            yield ("log", match.lines, seed + i, match.marked)
        if selfplay:
            seeds = match_seeds(seed)
            for turn in itertools.count():
                table = run.next_table(chosen, turn)
                if table is None:
                    return
                run.tried[table] += 1
                yield ("bots", *table, next(seeds))

    results: queue.Queue[tuple[list[Puzzle], Table | None] | BaseException] = queue.Queue()
    pool = worker_pool(max(1, jobs), nice=nice, runs=work)
    try:
        source, busy = feed(), 0
        while not stop.is_set():
            while busy < AHEAD * max(1, jobs) and not run.done():
                task = next(source, None)
                if task is None:
                    break
                table = (task[1], task[2], task[3]) if task[0] == "bots" else None
                pool.apply_async(work, (task,), callback=_told(results, table), error_callback=results.put)
                busy += 1
            if busy == 0:
                break
            try:
                got = results.get(timeout=WAIT_S)
            except queue.Empty:
                continue
            busy -= 1
            if isinstance(got, BaseException):
                raise got
            run.add(*got)
            if progress is not None:
                progress(run)
            if run.done():
                break
        run.stopped = stop.is_set()
    except KeyboardInterrupt:
        run.stopped = True
    finally:
        pool.terminate()
        pool.join()
    return run
