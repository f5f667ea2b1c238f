"""The playing half of `dominoes simulate`: seeds, worker processes, the tally, the log."""
from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..bots.arena import MatchResult, result_of
from ..bots.runner import asking, play_match, stoppable
from ..engine import TableConfig
from ..engine.files import atomic_writer
from ..engine.seeds import match_seeds, seeded
from ..i18n import _
from ..workers import context, worker_pool

NOTES_KEPT = 20  # a summary shows the first notes and counts the rest


class UsageError(Exception):
    pass


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(_("--option {pair!r}: write it as NAME=VALUE").format(pair=pair))
        options[name.strip()] = value.strip()
    return options


def parse_bot_specs(text: str, players: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(_("--bots names {bots} bots for {seats} seats; give one per seat or one for all").format(
            bots=len(specs), seats=players))
    return specs


class Stopped(Exception):
    """Ctrl-C: the match in play is dropped; those finished are kept."""


def play_one(config: TableConfig, specs: list[str], match_seed: int, keep_log: bool, stop: Any = None) -> MatchResult:
    # named by level and seat, the seat counted from 1 as a person reads it ("hard 1")
    bots = [make_bot(spec, seeded(match_seed, seat), f"{spec} {seat + 1}") for seat, spec in enumerate(specs)]
    try:
        # a bot that only picks among the legal moves plays a whole match in about a
        # millisecond: a match of those alone is not watched, and a stop then waits for its end
        step = None
        if stop is not None and not all(getattr(bot, "legal_only", False) for bot in bots):
            step = stoppable(asking(bots), stop.is_set)
        run = play_match(config, bots, match_seed, step)
        if run.stopped:
            raise Stopped
        return result_of(run, keep_log)
    finally:
        for bot in bots:
            bot.close()


_JOB: tuple[TableConfig, list[str], bool, Any] | None = None  # a worker's table, set once


def _init_worker(config: TableConfig, specs: list[str], keep_log: bool, stop: Any) -> None:
    global _JOB
    _JOB = (config, specs, keep_log, stop)


def _play_chunk(numbered: tuple[int, list[int]]) -> tuple[int, list[MatchResult]]:
    """A chunk's finished matches; asked to stop, the matches finished so far."""
    assert _JOB is not None
    config, specs, keep_log, stop = _JOB
    index, seeds = numbered
    done: list[MatchResult] = []
    for s in seeds:
        if stop.is_set():
            break
        try:
            done.append(play_one(config, specs, s, keep_log, stop))
        except Stopped:
            break
    return index, done


CHUNK_SECONDS = 0.5  # about how long a worker's share of matches takes: progress shows, a stop loses little


class Pace:
    """How long a match takes so far, to size the next chunks: one match a chunk while
    nothing is known (slow bots show progress from the first match), then as many as
    take about CHUNK_SECONDS, up to `most` (fast bots spend little on passing work around)."""

    def __init__(self, most: int) -> None:
        self.most, self.matches, self.seconds = most, 0, 0.0

    def add(self, r: MatchResult) -> None:
        self.matches += 1
        self.seconds += r.seconds

    def chunk_size(self) -> int:
        if self.matches == 0 or self.seconds <= 0:
            return 1
        return max(1, min(self.most, int(CHUNK_SECONDS * self.matches / self.seconds)))


def _chunks(seeds: Iterator[int], pace: Pace, stop: Any) -> Iterator[tuple[int, list[int]]]:
    chunk: list[int] = []
    index = 0
    size = pace.chunk_size()
    for s in seeds:
        if stop.is_set():  # no new work once stopping
            return
        chunk.append(s)
        if len(chunk) >= size:
            yield index, chunk
            index, chunk, size = index + 1, [], pace.chunk_size()
    if chunk:
        yield index, chunk


def results(config: TableConfig, specs: list[str], count: int, seed: int, jobs: int, keep_log: bool,
            stop: Any = None) -> Iterator[MatchResult]:
    """Every match's result, in match order, played on `jobs` processes. Once `stop` is
    set, the matches already finished still come, and then no more."""
    seeds = match_seeds(seed, count)
    if jobs <= 1 or count < 2:
        stop = stop or threading.Event()
        for s in seeds:
            if stop.is_set():
                return
            try:
                yield play_one(config, specs, s, keep_log, stop)
            except Stopped:
                return
        return
    pace = Pace(max(1, min(64, count // (jobs * 8))))
    shared = context().Event()
    if stop is not None:  # the caller's event (a thread's) is mirrored into the workers' one
        stop.link = shared
        if stop.is_set():  # asked before the link was there
            shared.set()
    waiting: dict[int, list[MatchResult]] = {}
    following = 0
    with worker_pool(jobs, _init_worker, (config, specs, keep_log, shared)) as pool:
        for index, chunk in pool.imap_unordered(_play_chunk, _chunks(seeds, pace, shared)):
            waiting[index] = chunk
            for r in chunk:
                pace.add(r)
            while following in waiting:  # in match order, whichever process finished first
                yield from waiting.pop(following)
                following += 1
        # stopped: the chunks finished after a gap still count
        for index in sorted(waiting):
            yield from waiting[index]


class Stop:
    """Ctrl-C during a run: the first asks the run to stop after the matches in play
    (no traceback, the finished ones summed and logged); a second one stops at once."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.link: Any = None  # the worker processes' event, once there are workers

    def is_set(self) -> bool:
        return self.event.is_set()

    def set(self) -> None:
        self.event.set()
        if self.link is not None:
            self.link.set()

    @contextmanager
    def on_interrupt(self) -> Iterator[Stop]:
        if threading.current_thread() is not threading.main_thread():
            yield self
            return

        def asked(_signum: int, _frame: object) -> None:
            if self.is_set():
                raise KeyboardInterrupt
            self.set()

        previous = signal.signal(signal.SIGINT, asked)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, previous)


class Tally:
    """The summary, summed as matches finish."""

    def __init__(self, config: TableConfig, specs: list[str]) -> None:
        self.config, self.specs = config, specs
        self.sides = len(config.teams) if config.teams else config.players
        self.wins = [0.0] * self.sides
        self.losses = [0] * self.sides  # Kozel: times each seat was the goat
        self.points = [0] * self.sides
        self.matches = self.rounds = 0
        self.seconds = self.longest = 0.0
        self.notes: list[str] = []
        self.notes_total = 0
        self.jobs = 1

    def add(self, r: MatchResult) -> None:
        self.matches += 1
        for w in r.winners:
            self.wins[w] += 1 / len(r.winners)
        for loser in r.losers:
            self.losses[loser] += 1
        for i, p in enumerate(r.scores):
            self.points[i] += p
        self.rounds += r.rounds
        self.seconds += r.seconds
        self.longest = max(self.longest, r.seconds)
        self.notes_total += len(r.notes)
        self.notes.extend(r.notes[: max(0, NOTES_KEPT - len(self.notes))])

    def side_names(self) -> list[str]:
        # Language-neutral (they are --json's values), seats 0-based as in the log;
        # commands/simulate.py side_words() says them in the reader's words.
        if self.config.teams:
            return [f"team {i} (seats {a}+{b}: {self.specs[a]}, {self.specs[b]})" for i, (a, b) in enumerate(self.config.teams)]
        return [f"seat {i} ({spec})" for i, spec in enumerate(self.specs)]

    def side_seats(self) -> list[list[int]]:
        return [list(t) for t in self.config.teams] if self.config.teams else [[i] for i in range(self.sides)]

    def summary(self) -> dict[str, Any]:
        n, names, kozel = max(1, self.matches), self.side_names(), self.config.rules.penalties
        seats = self.side_seats()
        return {
            "variant": self.config.variant,
            "players": self.config.players,
            "options": dict(self.config.options),
            "target": self.config.target,
            "matches": self.matches,
            "sides": [
                {"name": names[i], "seats": seats[i], "bots": [self.specs[s] for s in seats[i]],
                 "wins": self.wins[i], "win_rate": self.wins[i] / n,
                 "average_points": self.points[i] / n, **({"kozel": self.losses[i]} if kozel else {})}
                for i in range(self.sides)
            ],
            "rounds_per_match": self.rounds / n,
            "average_match_seconds": self.seconds / n,
            "longest_match_seconds": self.longest,
            "total_seconds": self.seconds,
            "jobs": self.jobs,
            "notes": self.notes,
            "notes_total": self.notes_total,
        }


def play_all(config: TableConfig, specs: list[str], count: int, seed: int, jobs: int, tally: Tally,
             log: str | None, on_log: Callable[[str], None] | None = None,
             on_progress: Callable[[int], None] | None = None) -> bool:
    """Play the run into `tally`, writing the log as it goes; the log appears only whole.
    `on_log` is handed each match's log as it finishes (`--record`), `on_progress` the
    number finished. Ctrl-C stops the run cleanly: returns False, with the tally and the
    log holding exactly the matches that finished."""
    tally.jobs = jobs
    stop = Stop()
    keep_log = log is not None or on_log is not None

    def each(write: Callable[[str], Any] | None) -> None:
        with stop.on_interrupt():
            for r in results(config, specs, count, seed, jobs, keep_log, stop):
                tally.add(r)
                if write is not None:
                    write(r.log or "")
                if on_log is not None:
                    on_log(r.log or "")
                if on_progress is not None:
                    on_progress(tally.matches)

    if log is None:
        each(None)
        return not stop.is_set()
    target = Path(log)
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_writer(target) as f:
        each(f.write)
    return not stop.is_set()
