"""The playing half of `dominoes simulate`: seeds, worker processes, the tally, the log."""
from __future__ import annotations

import multiprocessing
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

from ..bots import make_bot
from ..bots.arena import MatchResult, play_match, result_of
from ..engine import TableConfig

NOTES_KEPT = 20  # a summary shows the first notes and counts the rest


class UsageError(Exception):
    pass


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option {pair!r}: write it as NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def parse_bot_specs(text: str, players: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(f"--bots names {len(specs)} bots for {players} seats; give one per seat or one for all")
    return specs


def match_seeds(seed: int, count: int) -> Iterator[int]:
    """The per-match seeds of a run (as table.headless.derive_seeds), one at a time."""
    master = random.Random(seed)
    for _ in range(count):
        yield master.randrange(2**31)


def play_one(config: TableConfig, specs: list[str], match_seed: int, keep_log: bool) -> MatchResult:
    bots = [make_bot(spec, random.Random(f"{match_seed}/{seat}"), f"{spec} {seat}") for seat, spec in enumerate(specs)]
    try:
        match, seconds = play_match(config, bots, match_seed)
        return result_of(match, seconds, bots, keep_log)
    finally:
        for bot in bots:
            bot.close()


_JOB: tuple[TableConfig, list[str], bool] | None = None  # a worker's table, set once


def _init_worker(config: TableConfig, specs: list[str], keep_log: bool) -> None:
    global _JOB
    _JOB = (config, specs, keep_log)


def _play_chunk(seeds: list[int]) -> list[MatchResult]:
    assert _JOB is not None
    config, specs, keep_log = _JOB
    return [play_one(config, specs, s, keep_log) for s in seeds]


def _chunks(seeds: Iterator[int], size: int) -> Iterator[list[int]]:
    chunk: list[int] = []
    for s in seeds:
        chunk.append(s)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def results(config: TableConfig, specs: list[str], count: int, seed: int, jobs: int, keep_log: bool
            ) -> Iterator[MatchResult]:
    """Every match's result, in match order, played on `jobs` processes."""
    seeds = match_seeds(seed, count)
    if jobs <= 1 or count < 2:
        for s in seeds:
            yield play_one(config, specs, s, keep_log)
        return
    size = max(1, min(64, count // (jobs * 8)))
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(jobs, _init_worker, (config, specs, keep_log)) as pool:
        for chunk in pool.imap(_play_chunk, _chunks(seeds, size)):
            yield from chunk


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
        if self.config.teams:
            return [f"team {i} (seats {a}+{b}: {self.specs[a]}, {self.specs[b]})" for i, (a, b) in enumerate(self.config.teams)]
        return [f"seat {i} ({spec})" for i, spec in enumerate(self.specs)]

    def summary(self) -> dict[str, Any]:
        n, names, kozel = max(1, self.matches), self.side_names(), self.config.variant == "kozel"
        return {
            "variant": self.config.variant,
            "players": self.config.players,
            "options": dict(self.config.options),
            "target": self.config.target,
            "matches": self.matches,
            "sides": [
                {"name": names[i], "wins": self.wins[i], "win_rate": self.wins[i] / n,
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
             log: str | None, on_log: Callable[[str], None] | None = None) -> None:
    """Play the run into `tally`, writing the log as it goes; the log appears only whole.
    `on_log` is handed each match's log as it finishes (`--record`)."""
    tally.jobs = jobs
    if log is None:
        for r in results(config, specs, count, seed, jobs, on_log is not None):
            tally.add(r)
            if on_log is not None:
                on_log(r.log or "")
        return
    target = Path(log)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            for r in results(config, specs, count, seed, jobs, True):
                tally.add(r)
                f.write(r.log or "")
                if on_log is not None:
                    on_log(r.log or "")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
