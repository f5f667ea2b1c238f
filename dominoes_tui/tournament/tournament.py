"""A tournament from registration to its last round: entrants come and go between rounds,
each round is paired when the last one is complete, results come in table by table."""
from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ..engine.seeds import seeded
from ..i18n import _
from . import round_robin
from .history import history
from .model import ROTATION, ROUND_ROBIN, SWISS, Entrant, Plan, Round, Table, TournamentError, make_plan
from .seating import seat_rotation, table_sizes
from .standings import Standing, standings
from .swiss import pair_swiss


class Tournament:
    def __init__(self, plan: Plan, entrants: Iterable[Entrant] = (), seed: int = 0) -> None:
        self.plan = plan
        self.seed = seed
        self.entrants: dict[str, Entrant] = {}
        self.withdrawn: set[str] = set()
        self.rounds: list[Round] = []
        self._cycle: list[str] = []  # round robin: the order its schedule was drawn from
        for e in entrants:
            self.add(e)

    # -- reading ----------------------------------------------------------------------
    @property
    def active(self) -> list[str]:
        return [n for n in self.entrants if n not in self.withdrawn]

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def between_rounds(self) -> bool:
        return self.current is None or self.current.complete

    @property
    def is_over(self) -> bool:
        return len(self.rounds) >= self.plan.rounds and self.between_rounds

    def standings(self) -> list[Standing]:
        return standings(self.plan, self.entrants, self.rounds, self.withdrawn)

    def seat_people(self, table: Table) -> list[tuple[str, str]]:
        """(person, entrant) per seat; a fixed pair's two people sit opposite each other."""
        if not self.plan.fixed_pairs:
            return [(e, e) for e in table.seats]
        a, b = (self.entrants[side[0]] for side in table.sides)
        return [(a.people[0], a.name), (b.people[0], b.name), (a.people[1], a.name), (b.people[1], b.name)]

    # -- entrants -----------------------------------------------------------------------
    def add(self, entrant: Entrant) -> None:
        """Register someone; after the start, a late arrival joins from the next round on."""
        if not entrant.name.strip():
            raise TournamentError(_("an entrant needs a name"))
        if entrant.name in self.entrants:
            raise TournamentError(_("{name!r} is entered already").format(name=entrant.name))
        if self.plan.fixed_pairs and len(entrant.members) != 2:
            raise TournamentError(_("Partner with fixed pairs enters pairs of two people, not {name!r}").format(
                name=entrant.name))
        if self.started and self.plan.format == ROUND_ROBIN:
            raise TournamentError(_("a round robin cannot take late arrivals: its schedule is fixed at the start"))
        if self.is_over and self.started:
            raise TournamentError(_("the tournament is over"))
        self.entrants[entrant.name] = entrant

    def withdraw(self, name: str) -> None:
        """Not paired from the next round on; stays in the standings with what was played."""
        if name not in self.entrants:
            raise TournamentError(_("nobody called {name!r} is entered").format(name=name))
        self.withdrawn.add(name)

    def rejoin(self, name: str) -> None:
        if name not in self.entrants:
            raise TournamentError(_("nobody called {name!r} is entered").format(name=name))
        if self.plan.format == ROUND_ROBIN and self.started:
            raise TournamentError(_("in a round robin a withdrawal is final"))
        self.withdrawn.discard(name)

    # -- rounds -------------------------------------------------------------------------
    def pair_next(self) -> Round:
        current = self.current
        if current is not None and not current.complete:
            raise TournamentError(_("round {round} is still being played").format(round=current.number))
        if len(self.rounds) >= self.plan.rounds:
            raise TournamentError(_("all {rounds} rounds have been played").format(rounds=self.plan.rounds))
        number = len(self.rounds) + 1
        active = self.active
        if len(active) < self.plan.min_entrants:
            raise TournamentError(_("a round needs at least {least} entrants; {count} are in").format(
                least=self.plan.min_entrants, count=len(active)))
        rng = seeded(self.seed, number)
        if self.plan.format == SWISS:
            rnd = self._swiss(number, active, rng)
        elif self.plan.format == ROUND_ROBIN:
            rnd = self._round_robin(number, active, rng)
        else:
            rnd = self._rotation(number, active, rng)
        self.rounds.append(rnd)
        return rnd

    def record(self, round_no: int, table_no: int, scores: Iterable[int]) -> None:
        """A table's final scores, one per side in the table's side order."""
        rnd = self.current
        if rnd is None or rnd.number != round_no:
            raise TournamentError(_("round {round} is not the round being played").format(round=round_no))
        table = rnd.table(table_no)
        values = tuple(int(s) for s in scores)
        if len(values) != len(table.sides):
            raise TournamentError(_("table {table} has {sides} sides, not {scores} scores").format(
                table=table_no, sides=len(table.sides), scores=len(values)))
        if table_no in rnd.results:
            raise TournamentError(_("table {table} of round {round} has its result already").format(
                table=table_no, round=round_no))
        rnd.results[table_no] = values

    def _order(self, names: list[str], rng: random.Random) -> list[str]:
        """Best first by score, then rating; a seeded draw decides between equals."""
        points = {s.name: s.points for s in self.standings()}
        draw = {n: rng.random() for n in sorted(names)}
        return sorted(names, key=lambda n: (-points[n], -self.entrants[n].rating, draw[n]))

    def _two_sided(self, number: int, pairs: list[tuple[str, str]], byes: list[str]) -> Round:
        first = history(self.rounds).first_seat
        tables = []
        for i, (a, b) in enumerate(pairs, 1):
            if first[b] < first[a]:  # whoever has sat first less often sits first
                a, b = b, a
            tables.append(Table(i, ((a,), (b,))))
        return Round(number, tables, byes)

    def _swiss(self, number: int, active: list[str], rng: random.Random) -> Round:
        order = self._order(active, rng)
        points: dict[str, Fraction] = {s.name: s.points for s in self.standings()}
        pairs, bye = pair_swiss(order, points, history(self.rounds))
        return self._two_sided(number, pairs, [bye] if bye else [])

    def _round_robin(self, number: int, active: list[str], rng: random.Random) -> Round:
        if not self._cycle:
            self._cycle = list(self.entrants)
            rng.shuffle(self._cycle)
        pairs, byes = [], []
        for a, b in round_robin.round_pairs(self._cycle, number):
            here = [e for e in (a, b) if e is not None and e in active]
            if len(here) == 2:
                pairs.append((here[0], here[1]))
            elif here:
                byes.append(here[0])
        return self._two_sided(number, pairs, byes)

    def _rotation(self, number: int, active: list[str], rng: random.Random) -> Round:
        sizes, sitting_out = table_sizes(self.plan, len(active))
        order = self._order(active, rng)
        hist = history(self.rounds)
        byes: list[str] = []
        if sitting_out:  # fewest byes so far first, then the lowest placed
            byes = sorted(reversed(order), key=lambda n: hist.byes[n])[:sitting_out]
        seated = [n for n in order if n not in byes]
        tables = seat_rotation(seated, sizes, self.plan.teams, hist, rng)
        rank = {n: i for i, n in enumerate(order)}
        tables.sort(key=lambda t: min(rank[n] for n in t))
        out = []
        for i, t in enumerate(tables, 1):
            sides = ((t[0], t[2]), (t[1], t[3])) if self.plan.teams else tuple((n,) for n in t)
            out.append(Table(i, sides))
        return Round(number, out, byes)

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "plan": self.plan.to_json(), "seed": self.seed,
            "entrants": [e.to_json() for e in self.entrants.values()],
            "withdrawn": sorted(self.withdrawn), "cycle": list(self._cycle),
            "rounds": [r.to_json() for r in self.rounds],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        """Raises TournamentError, KeyError, TypeError or ValueError on a damaged save."""
        p = data["plan"]
        t = cls(make_plan(str(p["variant"]), str(p["format"]), int(p["rounds"]), int(p["players"])), seed=int(data["seed"]))
        for e in data["entrants"]:
            t.entrants[str(e["name"])] = Entrant.from_json(e)
        t.withdrawn = {str(n) for n in data.get("withdrawn", [])}
        t._cycle = [str(n) for n in data.get("cycle", [])]
        t.rounds = [Round.from_json(r) for r in data.get("rounds", [])]
        return t


__all__ = ["Tournament", "ROTATION"]
