"""The outcome of a bot match as a small picklable record, for `dominoes simulate` and
bot leagues: thousands of matches cost no memory and can be played in worker processes.
The matches themselves are played by the match runner (bots/runner.py)."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import dumps
from .runner import MatchRun


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


def result_of(run: MatchRun, keep_log: bool) -> MatchResult:
    match = run.match
    verdict = match.verdict
    return MatchResult(
        seed=match.seed if isinstance(match.seed, int) else 0,
        winners=_sides(verdict.winner),
        losers=_sides(verdict.loser),
        scores=tuple(match.scores),
        rounds=match.round_no,
        round_winners=tuple(r.outcome.winner for r in match.records),
        seconds=run.seconds,
        notes=tuple(run.notes),
        log=dumps(match.events) if keep_log else None,
    )
