"""What a loss is called, and a player's accuracy: the analysis's yardsticks (docs/ANALYSIS.md).

A loss is the mover's chance of winning the match with the best move minus that with the
move played (0..1). The names follow lichess's, on win chance: an inaccuracy gives away
at least 5 points of it, a mistake 10, a blunder 20. A solved position's loss is exact
and named as it is. An estimate may be off two ways: by the luck of a few hundred
guessed deals (its noise, the standard error of the difference measured on the same
guesses) and by the playouts that stand in for best play early in a round (their bias,
measured against exact solutions: bias.py). Its *margin* is both together, and a move
is named by its loss less its margin: called a blunder only when the loss clears 0.20
by more than it could be off. Mean loss and accuracy use the estimate itself.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum


class Verdict(StrEnum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# The marks a score sheet puts after a move (chess's).
VERDICT_MARKS: dict[Verdict, str] = {
    Verdict.BEST: "", Verdict.GOOD: "", Verdict.INACCURACY: "?!", Verdict.MISTAKE: "?", Verdict.BLUNDER: "??",
}

# The least loss (win chance, 0..1) each name needs, worst first.
THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.BLUNDER, 0.20), (Verdict.MISTAKE, 0.10), (Verdict.INACCURACY, 0.05),
)
# How many standard errors of the guesses' noise a loss must clear a threshold by
# (about 98% one-sided).
NOISE_Z = 2.0


def margin(noise: float, bias: float) -> float:
    """How far a loss may be off: `NOISE_Z` standard errors of noise, and the playouts'
    bias (already a bound at the same confidence), added as independent errors add."""
    return math.hypot(NOISE_Z * noise, bias)


def verdict_for(loss: float, error: float, best: bool) -> Verdict:
    """The name of a move that lost `loss`, which may be off by `error` (its margin, 0
    when solved); `best`: it was the best candidate found (or its mirror image)."""
    if best:
        return Verdict.BEST
    sure = loss - error  # what the move surely lost, give or take the estimate's margin
    for verdict, threshold in THRESHOLDS:
        if sure >= threshold:
            return verdict
    return Verdict.GOOD


def held_back(loss: float, error: float) -> Verdict | None:
    """The name a loss alone would earn when its margin keeps the move from it (the
    legend's name for the loss itself, above the verdict given), else None: a line then
    says the estimate may be off by that much."""
    named = verdict_for(loss, 0.0, False)
    return named if named != verdict_for(loss, error, False) else None


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of one move, 0..100, from the win chance it lost (Δ in points
    of win percentage): 103.1668·exp(−0.04354·Δ) − 3.1669, clamped."""
    raw = 103.1668 * math.exp(-0.04354 * 100.0 * max(0.0, loss)) - 3.1669
    return min(100.0, max(0.0, raw))


def accuracy(losses: Iterable[float]) -> float:
    """A player's accuracy over their judged moves: the mean of the moves' accuracies
    (100 when nothing was judged: no move to have lost anything by)."""
    values = [move_accuracy(x) for x in losses]
    return sum(values) / len(values) if values else 100.0
