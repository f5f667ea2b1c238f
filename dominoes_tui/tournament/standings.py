"""Standings and their tie-breaks.

Match points: at a table every side is compared with every other side by the match's
final score (in Kozel the lower score is better); beating a side is 1, an equal score
1/2, and the sum is divided by the number of other sides, so a match is worth 1 to its
winner and 0 to its last, whatever the table size (2 players: win 1, loss 0; 4 players:
1, 2/3, 1/3, 0). Both partners of a side get the side's result. A bye is worth
`Plan.bye_points` (1 in Swiss and round robin, as is usual; 1/2 at tables of 3-4).

Ties are broken, in order, by:
1. opponents' score: the sum of the current match points of every opponent met
   (once per meeting; a bye adds nothing; withdrawn entrants still count);
2. points difference: in each match, one's own final score minus the average of the
   opposing sides' scores (reversed in Kozel), summed over the matches;
3. rating, then the order of entry (who entered first), so the order is always the same
   and owes nothing to the letters of a name: a name is what a person types, and one
   typed to sort first ("!Ana", "[b]Ana") must not win a tie.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .model import Entrant, Plan, Round, Table


@dataclass(frozen=True)
class Outcome:
    points: Fraction
    difference: Fraction
    opponents: tuple[str, ...]


def table_outcomes(plan: Plan, table: Table, scores: tuple[int, ...]) -> dict[str, Outcome]:
    """Each entrant's match points, points difference and opponents from one finished table."""
    k = len(table.sides)
    values = [Fraction(-s if plan.lower_wins else s) for s in scores]
    out: dict[str, Outcome] = {}
    for i, side in enumerate(table.sides):
        others = [j for j in range(k) if j != i]
        beaten = sum((Fraction(1) if values[i] > values[j] else Fraction(1, 2) if values[i] == values[j] else Fraction(0)
                      for j in others), Fraction(0))
        points = beaten / (k - 1)
        difference = values[i] - sum((values[j] for j in others), Fraction(0)) / (k - 1)
        opponents = tuple(e for j in others for e in table.sides[j])
        for entrant in side:
            out[entrant] = Outcome(points, difference, opponents)
    return out


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    points: Fraction
    opponents_score: Fraction
    difference: Fraction
    played: int
    byes: int
    rating: float
    withdrawn: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank, "name": self.name, "points": _number(self.points),
            "opponents_score": _number(self.opponents_score), "difference": _number(self.difference),
            "played": self.played, "byes": self.byes, "rating": self.rating, "withdrawn": self.withdrawn,
        }


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 3)


def show(value: Fraction) -> str:
    """A score as people read it: 3, 2.5, 1.67."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")


def standings(plan: Plan, entrants: Mapping[str, Entrant], rounds: Iterable[Round],
              withdrawn: Iterable[str] = ()) -> list[Standing]:
    """Everyone ever entered, best first, counting only finished tables."""
    gone = set(withdrawn)
    points = {name: Fraction(0) for name in entrants}
    difference = {name: Fraction(0) for name in entrants}
    played = {name: 0 for name in entrants}
    byes = {name: 0 for name in entrants}
    met: dict[str, list[str]] = {name: [] for name in entrants}
    for rnd in rounds:
        for name in rnd.byes:
            points[name] += plan.bye_points
            byes[name] += 1
        for number, scores in rnd.results.items():
            for name, o in table_outcomes(plan, rnd.table(number), scores).items():
                points[name] += o.points
                difference[name] += o.difference
                played[name] += 1
                met[name].extend(o.opponents)
    opponents_score = {name: sum((points[o] for o in met[name]), Fraction(0)) for name in entrants}
    entered = {name: i for i, name in enumerate(entrants)}  # a Mapping keeps the order of entry
    order = sorted(entrants, key=lambda n: (-points[n], -opponents_score[n], -difference[n], -entrants[n].rating,
                                            entered[n]))
    return [
        Standing(rank, n, points[n], opponents_score[n], difference[n], played[n], byes[n], entrants[n].rating, n in gone)
        for rank, n in enumerate(order, 1)
    ]
