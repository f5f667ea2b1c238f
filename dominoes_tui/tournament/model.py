"""The tournament's nouns: its plan (format, variant, table shape), entrants, tables and rounds."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..engine import VARIANTS
from ..i18n import N_, _

SWISS, ROUND_ROBIN, ROTATION = "swiss", "roundrobin", "rotation"
# What each format does, in words for people (translated where shown)
FORMATS = {
    SWISS: N_("Swiss: each round pairs players of equal score (then rating), never the same pair twice"),
    ROUND_ROBIN: N_("round robin: everyone plays everyone once"),
    ROTATION: N_("rotation: new tables of 3-4 every round (Partner: partners rotate), meeting as many new faces as "
                 "possible"),
}
# A format's short name, as the messages below call it
FORMAT_NAMES = {SWISS: N_("Swiss"), ROUND_ROBIN: N_("round robin"), ROTATION: N_("rotation")}
MAX_ROUNDS = 100


class TournamentError(ValueError):
    """A tournament cannot do what was asked; the message says why in a person's words."""


@dataclass(frozen=True)
class Plan:
    """What is fixed when a tournament is opened."""

    variant: str
    format: str
    rounds: int
    players: int  # seats at a full table
    table_sizes: tuple[int, ...]  # the sizes a table may have (rotation of 3-4 player variants: 3 and 4)
    teams: bool  # Partner: a table is two sides of two
    fixed_pairs: bool  # Partner in Swiss or round robin: each entrant is a pair
    lower_wins: bool  # Kozel: the lowest score is best

    @property
    def two_sided(self) -> bool:
        """One entrant against one (a person, or a fixed pair) at every table."""
        return self.format in (SWISS, ROUND_ROBIN)

    @property
    def bye_points(self) -> Fraction:
        # Two-sided formats follow the usual Swiss convention (a bye is a win); at tables of
        # 3-4 a bye is worth an average result, so sitting out neither helps nor hurts.
        return Fraction(1) if self.two_sided else Fraction(1, 2)

    @property
    def min_entrants(self) -> int:
        if self.two_sided:
            return 2
        return 4 if self.teams else min(self.table_sizes)

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "format": self.format, "rounds": self.rounds, "players": self.players}


def make_plan(variant: str, format_name: str, rounds: int, players: int | None = None) -> Plan:
    """Check a format against a variant; TournamentError says what would work instead."""
    if variant not in VARIANTS:
        raise TournamentError(_("unknown variant {variant!r}; allowed: {allowed}").format(
            variant=variant, allowed=", ".join(VARIANTS)))
    if format_name not in FORMATS:
        raise TournamentError(_("unknown format {format!r}; allowed: {allowed}").format(
            format=format_name, allowed=", ".join(FORMATS)))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(_("rounds must be 1 to {most}, not {rounds}").format(most=MAX_ROUNDS, rounds=rounds))
    rules = VARIANTS[variant]
    lower_wins = rules.penalties
    if rules.teams:
        if players not in (None, 4):
            raise TournamentError(_("{variant} is played by 4 players, not {players}").format(
                variant=_(rules.title), players=players))
        return Plan(variant, format_name, rounds, 4, (4,), True, format_name != ROTATION, lower_wins)
    if format_name != ROTATION:
        if players not in (None, 2):  # words for the command line and the organizer's form alike
            raise TournamentError(_("{format} seats two players a table; the format {rotation} seats tables of "
                                    "{players}").format(format=_(FORMAT_NAMES[format_name]), rotation=ROTATION,
                                                        players=players))
        if 2 not in rules.players:
            raise TournamentError(_("{variant} is not played by two").format(variant=_(rules.title)))
        return Plan(variant, format_name, rounds, 2, (2,), False, False, lower_wins)
    sizes = tuple(p for p in (3, 4) if p in rules.players)
    if not sizes:
        raise TournamentError(_("{variant} is played by two only; use --format {swiss} or {round_robin}").format(
            variant=_(rules.title), swiss=SWISS, round_robin=ROUND_ROBIN))
    if players is None:
        players = max(sizes)
    if players not in sizes:
        raise TournamentError(_("rotation seats tables of {sizes} in {variant}, not {players}").format(
            sizes=_(" or ").join(map(str, sizes)), variant=_(rules.title), players=players))
    return Plan(variant, format_name, rounds, players, sizes, False, False, lower_wins)


@dataclass(frozen=True)
class Entrant:
    """Someone in the standings: a person, a bot, or (Partner with fixed pairs) a pair."""

    name: str  # unique in its tournament
    rating: float = 0.0
    members: tuple[str, ...] = ()  # a fixed pair's two people, in seat order

    @property
    def people(self) -> tuple[str, ...]:
        return self.members or (self.name,)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "rating": self.rating}
        if self.members:
            data["members"] = list(self.members)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entrant:
        return cls(str(data["name"]), float(data.get("rating", 0.0)), tuple(str(m) for m in data.get("members", ())))


@dataclass(frozen=True)
class Table:
    """One match of a round. `sides` lists entrants per side: one each, or two (rotating Partner)."""

    number: int  # 1-based within its round
    sides: tuple[tuple[str, ...], ...]

    @property
    def entrants(self) -> tuple[str, ...]:
        return tuple(e for side in self.sides for e in side)

    @property
    def seats(self) -> tuple[str, ...]:
        """Entrants in seat order: sides take turns, so partners sit opposite (seats 0+2, 1+3)."""
        width = max(len(side) for side in self.sides)
        return tuple(side[k] for k in range(width) for side in self.sides if k < len(side))

    def side_of(self, entrant: str) -> int:
        for i, side in enumerate(self.sides):
            if entrant in side:
                return i
        raise KeyError(entrant)

    def to_json(self) -> dict[str, Any]:
        return {"table": self.number, "sides": [list(s) for s in self.sides]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        return cls(int(data["table"]), tuple(tuple(str(e) for e in side) for side in data["sides"]))


@dataclass
class Round:
    number: int  # 1-based
    tables: list[Table]
    byes: list[str] = field(default_factory=list)
    results: dict[int, tuple[int, ...]] = field(default_factory=dict)  # table number -> final score per side

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.tables)

    def table(self, number: int) -> Table:
        for t in self.tables:
            if t.number == number:
                return t
        raise TournamentError(_("round {round} has no table {table}").format(round=self.number, table=number))

    def table_of(self, entrant: str) -> Table | None:
        for t in self.tables:
            if entrant in t.entrants:
                return t
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "tables": [t.to_json() for t in self.tables],
            "byes": list(self.byes),
            "results": {str(k): list(v) for k, v in sorted(self.results.items())},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        return cls(
            int(data["round"]),
            [Table.from_json(t) for t in data["tables"]],
            [str(b) for b in data.get("byes", [])],
            {int(k): tuple(int(s) for s in v) for k, v in data.get("results", {}).items()},
        )
