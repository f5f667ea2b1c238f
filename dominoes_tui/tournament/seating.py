"""Rotation rounds: seat everyone at tables of 3-4 (Partner: 4, partners rotating) so that
people meet as many new opponents, and partners, as they can.

A local search: a greedy first seating, then swapping two people whenever that lowers the
cost, until no swap does; a few seeded restarts and the cheapest seating wins. The cost
of a table is how many times its opponent pairs have met before, and (Partner) how many
times its partner pairs have partnered before, weighted so a repeated partner is avoided
first. Deterministic for a given random generator.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..i18n import _
from .history import History, pair
from .model import Plan, TournamentError

PARTNER_WEIGHT = 8  # one repeated partner costs as much as this many repeated opponents
# Shuffled starts tried until a seating repeats nobody: with 4, sixteen people at tables of
# four in their third round met someone again in 5 of 2,000 tournaments though a seating
# without repeats existed (8: none of 2,000; a start costs little, and none past a perfect one)
RESTARTS = 8
MAX_PASSES = 50


def table_sizes(plan: Plan, count: int) -> tuple[list[int], int]:
    """The table sizes for `count` people, largest first, and how many sit the round out."""
    if count < plan.min_entrants:
        raise TournamentError(_("a round needs at least {least} entrants, not {count}").format(
            least=plan.min_entrants, count=count))
    sizes = plan.table_sizes
    if len(sizes) == 1:
        size = sizes[0]
        return [size] * (count // size), count % size
    if plan.players == 4:
        threes = (-count) % 4
        if count >= 3 * threes:
            return [4] * ((count - 3 * threes) // 4) + [3] * threes, 0
    else:
        fours = count % 3
        if count >= 4 * fours:
            return [4] * fours + [3] * ((count - 4 * fours) // 3), 0
    # 5 people cannot fill tables of 3 and 4: one table of 4 and a bye
    return [4], count - 4


class _Seating:
    def __init__(self, tables: list[list[str]], teams: bool, hist: History) -> None:
        self.tables = tables
        self.teams = teams
        self.hist = hist

    def table_cost(self, t: list[str]) -> int:
        h = self.hist
        if self.teams:
            a, b, c, d = t
            partners = h.partners[pair(a, c)] + h.partners[pair(b, d)]
            opponents = h.opponents[pair(a, b)] + h.opponents[pair(a, d)] + h.opponents[pair(c, b)] + h.opponents[pair(c, d)]
            return PARTNER_WEIGHT * partners + opponents
        return sum(h.opponents[pair(x, y)] for i, x in enumerate(t) for y in t[i + 1:])

    def cost(self) -> int:
        return sum(self.table_cost(t) for t in self.tables)

    def improve(self) -> None:
        slots = [(ti, si) for ti, t in enumerate(self.tables) for si in range(len(t))]
        for _pass in range(MAX_PASSES):
            better = False
            for i, (ta, sa) in enumerate(slots):
                for tb, sb in slots[i + 1:]:
                    if ta == tb and (not self.teams or sa % 2 == sb % 2):
                        continue  # a swap within a table changes nothing (Partner: unless across sides)
                    before = self.table_cost(self.tables[ta]) + (self.table_cost(self.tables[tb]) if ta != tb else 0)
                    self._swap(ta, sa, tb, sb)
                    after = self.table_cost(self.tables[ta]) + (self.table_cost(self.tables[tb]) if ta != tb else 0)
                    if after < before:
                        better = True
                    else:
                        self._swap(ta, sa, tb, sb)
            if not better:
                return

    def _swap(self, ta: int, sa: int, tb: int, sb: int) -> None:
        self.tables[ta][sa], self.tables[tb][sb] = self.tables[tb][sb], self.tables[ta][sa]


def _added_cost(p: str, table: list[str], teams: bool, hist: History, probe: _Seating) -> int:
    """What seating `p` at `table` adds to the cost."""
    if teams and len(table) < 4:  # judge partners and opponents once the table is full
        return sum(hist.opponents[pair(p, q)] + hist.partners[pair(p, q)] for q in table)
    return probe.table_cost([*table, p])


def _greedy(people: list[str], sizes: Sequence[int], teams: bool, hist: History) -> list[list[str]]:
    """Fill each table with whoever adds least cost to it, in the given order."""
    left = list(people)
    tables: list[list[str]] = []
    probe = _Seating([], teams, hist)
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            costs = [_added_cost(p, table, teams, hist, probe) for p in left]
            table.append(left.pop(costs.index(min(costs))))  # the first of the cheapest
        tables.append(table)
    return tables


def seat_rotation(people: Sequence[str], sizes: Sequence[int], teams: bool, hist: History,
                  rng: random.Random) -> list[list[str]]:
    """Tables of people in seat order (Partner: seats 0+2 against 1+3), cheapest found."""
    best: list[list[str]] | None = None
    best_cost = 0
    for attempt in range(RESTARTS):
        order = list(people)
        if attempt:
            rng.shuffle(order)
        seating = _Seating(_greedy(order, sizes, teams, hist), teams, hist)
        seating.improve()
        cost = seating.cost()
        if best is None or cost < best_cost:
            best, best_cost = [list(t) for t in seating.tables], cost
        if best_cost == 0:
            break
    return best or []
