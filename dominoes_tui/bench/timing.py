"""Decision time per level: each level is timed on the same positions from real play.

Positions come from matches of medium bots (the kind of play a bot meets). At every
turn each level's bot for that seat is asked for a move on the same view and timed;
the hard level, being slow by design, is asked only until it has `hard_decisions`
timings. Decisions with a single legal move count too: a player waits for those as well.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from ..bots import make_bot
from ..engine import PLAYING, Match, make_config, view_for

TIMING_TABLES: tuple[tuple[str, int], ...] = (
    ("draw", 2), ("draw", 3), ("block", 2), ("allfives", 2), ("partner", 4), ("kozel", 2), ("duel", 2),
)


def summarize_times(times: list[float]) -> dict[str, Any]:
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {
        "decisions": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": p95 * 1000,
        "max_ms": ordered[-1] * 1000,
    }


def decision_times(variant: str, players: int, levels: list[str], decisions: int, hard_decisions: int,
                   seed: int = 1, think_ms: float | None = None) -> dict[str, dict[str, Any]]:
    config = make_config(variant, players)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {level: [] for level in levels}

    def spec(level: str) -> str:
        return f"hard:{think_ms:g}" if level == "hard" and think_ms is not None else level

    def wanted(level: str) -> int:
        return hard_decisions if level == "hard" else decisions

    while any(len(times[lv]) < wanted(lv) for lv in levels):
        match_seed = rng.randrange(2**31)
        match = Match(config, random.Random(match_seed))
        players_bots = [make_bot("medium", random.Random(f"{match_seed}/{s}")) for s in range(players)]
        timed = {lv: [make_bot(spec(lv), random.Random(f"{match_seed}/{lv}/{s}")) for s in range(players)]
                 for lv in levels}
        while not match.is_over and any(len(times[lv]) < wanted(lv) for lv in levels):
            match.begin_round()
            while match.phase == PLAYING:
                seat = match.to_act
                view = view_for(match, seat)
                for lv in levels:
                    if len(times[lv]) < wanted(lv):
                        bot = timed[lv][seat]
                        started = time.perf_counter()
                        bot.choose(view)
                        times[lv].append(time.perf_counter() - started)
                match.apply(players_bots[seat].choose(view), seat)
    return {lv: summarize_times(times[lv]) for lv in levels}
