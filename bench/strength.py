"""Strength: head-to-head matches with seats swapped on the same deals, so luck cancels.

A *unit* is one match seed played once per seating: with two sides the stronger level
sits in seat 0 (team 0) and then in seat 1 (team 1); with three players the stronger
level takes each of the three seats in turn against two of the weaker level. The match
RNG alone deals (bots have their own RNGs), so every seating of a unit sees the same
deals round by round, as long as the rounds last. Shares and their 95% confidence
intervals are computed over units (a normal interval on the unit means), which keeps
the pairing honest.
"""
from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.engine import make_config
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

STRENGTH_TABLES: tuple[tuple[str, int], ...] = (("draw", 2), ("allfives", 2), ("partner", 4), ("draw", 3))


@dataclass(frozen=True)
class Matchup:
    strong: str
    weak: str
    # target share of matches: (two sides, three players); None where the issue sets none
    target_two: float | None
    target_three: float | None
    strict: bool = False  # "more than" rather than "at least"

    @property
    def name(self) -> str:
        return f"{self.strong} vs {self.weak}"


MATCHUPS: tuple[Matchup, ...] = (
    Matchup("medium", "easy", 0.60, 0.50),
    Matchup("hard", "medium", 0.55, 0.40),
    Matchup("medium", "heaviest", 0.50, None, strict=True),
)


def seatings(players: int, teams: bool) -> list[list[int]]:
    """Seats of the stronger level, one list per seating of a unit."""
    if teams:
        return [[0, 2], [1, 3]]
    if players == 2:
        return [[0], [1]]
    return [[s] for s in range(players)]


def play_unit(task: tuple[str, int, str, str, int, float | None]) -> dict[str, Any]:
    variant, players, strong, weak, unit_seed, think_ms = task
    config = make_config(variant, players)

    def spec(level: str) -> str:
        return f"hard:{think_ms:g}" if level == "hard" and think_ms is not None else level

    result = {"matches": 0, "match_wins": 0.0, "rounds": 0, "round_wins": 0}
    for rotation, strong_seats in enumerate(seatings(players, config.teams is not None)):
        specs = [spec(strong) if s in strong_seats else spec(weak) for s in range(players)]
        bots = [make_bot(sp, seeded(unit_seed, rotation, s), f"{sp} {s}") for s, sp in enumerate(specs)]
        try:
            report = play_match(config, bots, unit_seed)
        finally:
            for bot in bots:
                bot.close()
        side = strong_seats[0] % 2 if config.teams else strong_seats[0]
        match = report.match
        winner = match.verdict.winner
        winners = winner if isinstance(winner, list) else ([] if winner is None else [winner])
        result["matches"] += 1
        if side in winners:
            result["match_wins"] += 1 / len(winners)
        result["rounds"] += len(match.records)
        result["round_wins"] += sum(1 for r in match.records if r.outcome.winner == side)
    return result


def _mean_ci(values: list[float]) -> tuple[float, float, float]:
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan"), float("nan")
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return m, max(0.0, m - half), min(1.0, m + half)


def head_to_head(variant: str, players: int, matchup: Matchup, units: int, seed: int, jobs: int = 1,
                 think_ms: float | None = None, on_progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """`on_progress` is told how many units are done; interrupted, the workers stop at once."""
    tasks = [(variant, players, matchup.strong, matchup.weak, s, think_ms) for s in derive_seeds(seed, units)]
    results: list[dict[str, Any]] = map_in_workers(play_unit, tasks, jobs, on_progress)
    match_shares = [r["match_wins"] / r["matches"] for r in results]
    round_shares = [r["round_wins"] / r["rounds"] if r["rounds"] else 0.0 for r in results]
    m, lo, hi = _mean_ci(match_shares)
    rm, rlo, rhi = _mean_ci(round_shares)
    target = matchup.target_three if players == 3 else matchup.target_two
    met = None
    if target is not None:
        met = m > target if matchup.strict else m >= target
    return {
        "variant": variant,
        "players": players,
        "matchup": matchup.name,
        "strong": matchup.strong,
        "weak": matchup.weak,
        "hard_think_ms": think_ms if "hard" in (matchup.strong, matchup.weak) else None,
        "units": units,
        "matches": sum(r["matches"] for r in results),
        "match_wins": sum(r["match_wins"] for r in results),
        "match_share": m,
        "match_ci": [lo, hi],
        "rounds": sum(r["rounds"] for r in results),
        "round_wins": sum(r["round_wins"] for r in results),
        "round_share": rm,
        "round_ci": [rlo, rhi],
        "fair_share": 1 / 3 if players == 3 else 0.5,
        "target": target,
        "target_strict": matchup.strict,
        "target_met": met,
    }
