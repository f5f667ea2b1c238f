"""Strength against abw333's `dominoes` players: Partner games (single deals), seats
swapped on the same deals, our level in one team and the peer's player in the other.

The peer plays through bench/peer_bot.py, run by the peer's own Python as an outside bot
(docs/BOT_PROTOCOL.md), so the two packages never share an interpreter. A unit is one deal
played twice: our level as team 0 (seats 0+2), then as team 1 (seats 1+3); a game won
counts 1, a block with equal pips 1/2. Shares and their 95% intervals are over units.

A game is won or lost, whatever the points, so our level is told those stakes through the
public score, as the ismcts part tells it: 99 to 99 with a target of 100, whoever wins
this hand wins the match. (At 0 to 0 it would rightly trade a likely win for more points,
which this count does not see.) The peer's players ignore the score.
"""
from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace
from pathlib import Path
from typing import Any

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.external import ExternalBot
from dominoes_tui.bots.runner import asking, play_round
from dominoes_tui.engine import Match, Move, PlayerView, Seat, TableConfig, make_config
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

DRIVER = Path(__file__).with_name("peer_bot.py")
PEER_PLAYERS = {"alphabeta": "probabilistic alpha-beta (10 samples, last 8 plies)", "heaviest": "heaviest first (bota_gorda)"}
TARGETS = {"alphabeta": 0.65, "heaviest": 0.75}


class _Stakes:
    """Our bot, shown the score one point short of the target on every side."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.level = bot, bot.name, bot.level

    def choose(self, view: PlayerView) -> Move:
        return self.bot.choose(replace(view, scores=tuple(view.target - 1 for _ in view.scores)))


def _play_deal(config: TableConfig, bots: list[Any], seed: int) -> float | None:
    """One Partner deal; the winning team, 0.5 for a tie."""
    match = Match(config, random.Random(seed), [Seat(b.name, "bot", b.level) for b in bots], seed)
    match.begin_round()
    play_round(match, asking(bots))
    winner = match.records[-1].outcome.winner
    return 0.5 if winner is None else float(winner)


def play_units(task: tuple[str, str, str, list[int], float, int]) -> list[dict[str, Any]]:
    python, kind, level, seeds, think_ms, worker = task
    config = make_config("partner", 4)
    spec = f"{level}:{think_ms:g}" if level in ("hard", "expert") else level
    ours = [_Stakes(make_bot(spec, seeded(worker, s), f"{level} {s}")) for s in range(4)]
    theirs = [ExternalBot([python, str(DRIVER), kind, str(worker * 10 + s)], name=f"peer {kind} {s}", time_limit=60.0)
              for s in range(4)]
    out: list[dict[str, Any]] = []
    try:
        for seed in seeds:
            won = 0.0
            for team in (0, 1):
                bots = [ours[s] if s % 2 == team else theirs[s] for s in range(4)]
                winner = _play_deal(config, bots, seed)
                won += 0.5 if winner == 0.5 else float(winner == team)
            out.append({"seed": seed, "won": won, "games": 2})
    finally:
        for bot in theirs:
            bot.close()
    notes = [n for b in theirs for n in b.notes]
    if out:
        out[0]["notes"] = notes
    return out


def peer_strength(python: str, kind: str, units: int, seed: int, think_ms: float, jobs: int = 1,
                  level: str = "hard") -> dict[str, Any]:
    seeds = derive_seeds(seed + 7919, units)
    jobs = max(1, min(jobs, units))
    tasks = [(python, kind, level, seeds[i::jobs], think_ms, i) for i in range(jobs)]
    parts = map_in_workers(play_units, tasks, jobs)
    rows = [r for part in parts for r in part]
    shares = [r["won"] / r["games"] for r in rows]
    m = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else float("nan")
    target = TARGETS[kind]
    return {
        "opponent": f"PyPI dominoes {PEER_PLAYERS[kind]}", "kind": kind, "level": level, "think_ms": think_ms,
        "variant": "partner", "players": 4, "units": len(rows), "games": sum(r["games"] for r in rows),
        "games_won": sum(r["won"] for r in rows), "share": m, "ci": [max(0.0, m - half), min(1.0, m + half)],
        "target": target, "target_met": m >= target,
        "notes": [n for r in rows for n in r.get("notes", [])][:10],
    }
