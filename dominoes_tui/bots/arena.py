"""Bot-only matches at speed, for `dominoes simulate`, the bench and bot leagues.

Only the engine and the bots: no table, no screen. A bot that reads nothing but the
legal moves (it says so with `legal_only = True` and a `choose_legal` method) is handed
just those, not a whole view; the others get a view each turn, whose round history the
engine extends rather than rebuilds (engine/view.py). The outcome of a match is kept as
a small picklable record, so thousands of matches cost no memory and can be played in
worker processes.
"""
from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import PLAYING, Match, Seat, TableConfig, dumps, view_for
from .base import Bot


@dataclass(frozen=True)
class MatchResult:
    """What a summary needs of one finished match (and its log, when asked for)."""

    seed: int
    winners: tuple[int, ...]  # sides; several when a Kozel win is shared
    losers: tuple[int, ...]  # Kozel: the goat(s)
    scores: tuple[int, ...]
    rounds: int
    round_winners: tuple[int | None, ...]
    seconds: float
    notes: tuple[str, ...] = ()
    log: str | None = None


def _sides(value: int | list[int] | None) -> tuple[int, ...]:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, list) else (value,)


def play_match(config: TableConfig, bots: Sequence[Bot], seed: int) -> tuple[Match, float]:
    """One whole match among bots; the match RNG deals, the bots have their own.
    Returns the match and the CPU-independent wall time it took."""
    seats = [Seat(bot.name, "bot", bot.level) for bot in bots]
    match = Match(config, random.Random(seed), seats, seed)
    quick = [getattr(bot, "legal_only", False) for bot in bots]
    started = time.perf_counter()
    while not match.is_over:
        match.begin_round()
        while match.phase == PLAYING:
            seat = match.to_act
            bot = bots[seat]
            if quick[seat]:
                move = bot.choose_legal(match.legal_moves())  # type: ignore[attr-defined]
            else:
                move = bot.choose(view_for(match, seat))
            match.apply(move, seat)
    return match, time.perf_counter() - started


def result_of(match: Match, seconds: float, bots: Sequence[Bot], keep_log: bool) -> MatchResult:
    verdict = match.verdict
    return MatchResult(
        seed=match.seed if isinstance(match.seed, int) else 0,
        winners=_sides(verdict.winner),
        losers=_sides(verdict.loser),
        scores=tuple(match.scores),
        rounds=match.round_no,
        round_winners=tuple(r.outcome.winner for r in match.records),
        seconds=seconds,
        notes=tuple(note for bot in bots for note in getattr(bot, "notes", [])),
        log=dumps(match.events) if keep_log else None,
    )
