"""Who has met whom so far: what pairing and seating try not to repeat."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from .model import Round


def pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


@dataclass
class History:
    opponents: Counter[frozenset[str]] = field(default_factory=Counter)  # times two entrants sat on opposite sides
    partners: Counter[frozenset[str]] = field(default_factory=Counter)  # times two entrants shared a side
    byes: Counter[str] = field(default_factory=Counter)
    first_seat: Counter[str] = field(default_factory=Counter)  # times an entrant sat in seat 0

    def met(self, a: str, b: str) -> int:
        return self.opponents[pair(a, b)]


def history(rounds: Iterable[Round]) -> History:
    h = History()
    for rnd in rounds:
        h.byes.update(rnd.byes)
        for table in rnd.tables:
            h.first_seat[table.seats[0]] += 1
            for i, side in enumerate(table.sides):
                for k, a in enumerate(side):
                    for b in side[k + 1:]:
                        h.partners[pair(a, b)] += 1
                    for other in table.sides[i + 1:]:
                        for b in other:
                            h.opponents[pair(a, b)] += 1
    return h
