"""Decision time per level: each level is timed on the same positions from real play.

Positions come from matches of medium bots (the kind of play a bot meets). At every
turn each level's bot for that seat is asked for a move on the same view and timed;
the hard level, being slow by design, is asked only until it has `hard_decisions`
timings. Decisions with a single legal move count too: a player waits for those as well.
"""
from __future__ import annotations

import statistics
import time
from typing import Any

from ..bots import Bot, make_bot
from ..bots.runner import StopMatch, play_match
from ..engine import Match, Move, make_config, view_for
from ..engine.seeds import match_seeds, seeded

TIMING_TABLES: tuple[tuple[str, int], ...] = (
    ("draw", 2), ("draw", 3), ("block", 2), ("allfives", 2), ("partner", 4), ("kozel", 2), ("duel", 2),
)


def _rank(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summarize_times(times: list[float], samples: list[int] | None = None) -> dict[str, Any]:
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)
    out: dict[str, Any] = {
        "decisions": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": _rank(ordered, 0.95) * 1000,
        "p99_ms": _rank(ordered, 0.99) * 1000,
        "max_ms": ordered[-1] * 1000,
    }
    if samples:  # the sampling levels: deals played per decision that had a choice
        thought = sorted(x for x in samples if x) or [0]
        out["samples_median"] = statistics.median(thought)
        out["samples_min"] = thought[0]
        out["samples_max"] = thought[-1]
    return out


def decision_times(variant: str, players: int, levels: list[str], decisions: int, hard_decisions: int,
                   seed: int = 1, think_ms: float | None = None) -> dict[str, dict[str, Any]]:
    config = make_config(variant, players)
    times: dict[str, list[float]] = {level: [] for level in levels}
    samples: dict[str, list[int]] = {level: [] for level in levels}

    def spec(level: str) -> str:
        return f"hard:{think_ms:g}" if level == "hard" and think_ms is not None else level

    def wanted(level: str) -> int:
        return hard_decisions if level == "hard" else decisions

    def missing() -> list[str]:
        return [lv for lv in levels if len(times[lv]) < wanted(lv)]

    seeds = match_seeds(seed)
    while missing():
        match_seed = next(seeds)
        movers = [make_bot("medium", seeded(match_seed, s)) for s in range(players)]
        timed = {lv: [make_bot(spec(lv), seeded(match_seed, lv, s)) for s in range(players)] for lv in levels}

        def time_levels(match: Match, seat: int, movers: list[Bot] = movers, timed: dict[str, list[Bot]] = timed) -> Move:
            short = missing()
            if not short:
                raise StopMatch
            view = view_for(match, seat)
            for lv in short:
                bot = timed[lv][seat]
                started = time.perf_counter()
                bot.choose(view)
                times[lv].append(time.perf_counter() - started)
                if hasattr(bot, "last_samples"):
                    samples[lv].append(bot.last_samples)
            return movers[seat].choose(view)

        play_match(config, movers, match_seed, time_levels)
    return {lv: summarize_times(times[lv], samples[lv]) for lv in levels}


def _hard_alone(task: tuple[str, int, int, int, float | None, str]) -> tuple[list[float], list[int]]:
    variant, players, decisions, seed, think_ms, level = task
    config = make_config(variant, players)
    times: list[float] = []
    counts: list[int] = []
    spec = f"{level}:{think_ms:g}" if think_ms is not None else level
    seeds = match_seeds(seed)
    while len(times) < decisions:
        match_seed = next(seeds)
        movers = [make_bot("medium", seeded(match_seed, s)) for s in range(players)]
        thinkers = [make_bot(spec, seeded(match_seed, "t", s)) for s in range(players)]

        def time_choices(match: Match, seat: int, movers: list[Bot] = movers, thinkers: list[Bot] = thinkers) -> Move:
            if len(times) >= decisions:
                raise StopMatch
            view = view_for(match, seat)
            if len(view.legal) > 1:
                started = time.perf_counter()
                thinkers[seat].choose(view)
                times.append(time.perf_counter() - started)
                counts.append(getattr(thinkers[seat], "last_samples", 0))
            return movers[seat].choose(view)

        play_match(config, movers, match_seed, time_choices)
    return times, counts


def two_at_once(variant: str, players: int, decisions: int, seed: int, think_ms: float | None,
                level: str = "hard") -> dict[str, Any]:
    """The level's decision times with two of it thinking at once, in two processes
    (a table of two such bots on a two-core machine): decisions that had a choice."""
    from ..workers import map_in_workers

    tasks = [(variant, players, decisions, seed + k, think_ms, level) for k in (0, 1)]
    parts = map_in_workers(_hard_alone, tasks, 2)
    times = [t for part in parts for t in part[0]]
    counts = [c for part in parts for c in part[1]]
    out = summarize_times(times, counts)
    out.update({"variant": variant, "players": players, "level": level, "think_ms": think_ms})
    return out
