"""What a round and a match come to (docs/RULES.md §3), and the sums the variants' scorers
share; each variant scores in its own module (rules/)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .tiles import Tile

Hands = Sequence[Sequence[Tile]]
DOUBLE_BLANK, DOUBLE_SIX = Tile(0, 0), Tile(6, 6)


def round5(n: int) -> int:
    """Nearest multiple of five (§1): remainders 1-2 go down, 3-4 up."""
    return 5 * ((n + 2) // 5)


@dataclass(frozen=True)
class RoundOutcome:
    """What a finished round gives. `winner` is a seat, or a team index with teams."""

    winner: int | None
    winner_seat: int | None  # the seat that went out or won the block (None: tie or team block)
    points: int | list[int]  # as the log records it (Kozel: penalties per seat)
    deltas: list[int]  # added to each side's total
    # The arithmetic, for people: (seat, points) terms, or (label, points) for a bonus.
    terms: list[tuple[int | str, int]] = field(default_factory=list)
    capicu: bool = False


def sole_lowest(totals: Sequence[int]) -> int | None:
    low = min(totals)
    return totals.index(low) if list(totals).count(low) == 1 else None


def won(winner: int, points: int, terms: list[tuple[int | str, int]], sides: int) -> RoundOutcome:
    """A round the seat `winner` won (a seat is a side), scoring `points` by these terms."""
    deltas = [0] * sides
    deltas[winner] = points
    return RoundOutcome(winner, winner, points, deltas, terms)


def no_winner(sides: int, points: int | list[int] = 0) -> RoundOutcome:
    return RoundOutcome(None, None, points, [0] * sides)


def winner_and_others(pips: list[int], went_out: int | None) -> tuple[int | None, list[int], list[tuple[int | str, int]]]:
    """DRAW-7: who went out, else the sole lowest pip total; and the others' pips as terms."""
    w = went_out if went_out is not None else sole_lowest(pips)
    terms: list[tuple[int | str, int]] = [(i, p) for i, p in enumerate(pips) if i != w]
    return w, pips, terms


@dataclass(frozen=True)
class MatchVerdict:
    over: bool
    winner: int | list[int] | None = None  # seat/team; Kozel: list where shared
    loser: int | list[int] | None = None  # Kozel only
    shutout: bool = False  # PARTNER-10: the losing team ends the match on 0 (no extra points)


NOT_OVER = MatchVerdict(False)


def one_or_list(seats: list[int]) -> int | list[int] | None:
    if not seats:
        return None
    return seats[0] if len(seats) == 1 else seats
