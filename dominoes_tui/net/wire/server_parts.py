"""The parts the server's messages are made of (docs/PROTOCOL.md, Server to client), as
types: a table in the lobby, a seat, a seat's view, a finished round, the evening and the
board. net/wire/answers.py puts them together into the messages themselves.

A client reads a server as a stranger: every part is checked as it is decoded, and what
types cannot say alone (a seat is one of the table's, a view's lists have one entry a
seat) `__post_init__` checks, so a decoded message can be used without a second look.
Fields not named here are welcome (a newer server's) and ignored.

`Wire` also reads like the plain dicts these messages were before (`msg["code"]`,
`msg.get("seat")`, `"state" in msg` when it carries one): readers written against the dicts (the tests, the board's renderer)
work unchanged while they move to the attributes.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import fields

from ...engine.layout import End
from ...engine.phases import Phase
from ...engine.records import RoundResult

Seat = int
Tile = str  # "a-b" (the engine parses it: tiles.parse_tile)
MAX_SEATS = 4  # the most players a variant has (engine/variants.py)


class Wire(Struct, kw_only=True, frozen=True):
    """Every part of a server's message; it reads like the dict it was sent as."""

    def __getitem__(self, key: str) -> Any:
        if key not in self._names():
            raise KeyError(key)
        return getattr(self, self._names()[key])

    def get(self, key: str, default: Any = None) -> Any:
        name = self._names().get(key)
        return default if name is None else getattr(self, name)

    def __contains__(self, key: object) -> bool:
        """Whether the message carries `key`: a field it left out reads as None."""
        return isinstance(key, str) and self.get(key) is not None

    def keys(self) -> list[str]:
        """The fields it carries (a field left out, None, is not among them)."""
        return [key for key in self._names() if key in self]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def items(self) -> list[tuple[str, Any]]:
        return [(key, self[key]) for key in self.keys()]

    @classmethod
    def _names(cls) -> dict[str, str]:
        """The wire's names of the fields (the tag "type" among them), to the attributes'."""
        found: dict[str, str] | None = cls.__dict__.get("_wire_names")
        if found is None:
            found = {f.encode_name: f.name for f in fields(cls)}
            tag_field = cls.__struct_config__.tag_field
            if tag_field is not None:
                found = {tag_field: "wire_type", **found}
            cls._wire_names = found  # type: ignore[attr-defined]
        return found

    @property
    def wire_type(self) -> str:
        """The message's "type" (a part that is no message has none: "")."""
        tag = type(self).__struct_config__.tag
        return tag if isinstance(tag, str) else ""


Mapping.register(Wire)


def seat_in(seat: int | None, players: int, what: str, spectator: bool = False) -> None:
    low = -1 if spectator else 0
    if seat is not None and not low <= seat < players:
        raise ValueError(f"{what} {seat} is no seat of {players}")


# -- a table ------------------------------------------------------------------------------

class SeatPublic(Wire, frozen=True, kw_only=True):
    """A seat as everyone may see it (a table's, a state's)."""

    seat: Seat
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None
    taken: bool = False
    connected: bool = False


class TableInfo(Wire, frozen=True, kw_only=True):
    """A table as the lobby lists it (never its tokens)."""

    code: str
    variant: str
    title: str
    players: int
    target: int
    options: dict[str, Any]
    started: bool
    phase: str  # "waiting", or one of the match's phases
    round: int = 0
    seats: list[SeatPublic]
    free: list[Seat] = []
    spectators: int = 0
    bot_delay: float = 0.0
    practice: bool = False
    private: bool = False
    turn_time: float | None = None

    def __post_init__(self) -> None:
        if not 2 <= self.players <= MAX_SEATS or len(self.seats) != self.players:
            raise ValueError(f"a table of {self.players} players with {len(self.seats)} seats")
        for i, seat in enumerate(self.seats):
            if seat.seat != i:
                raise ValueError(f"seat {seat.seat} listed {i}th")
        for seat_no in self.free:
            seat_in(seat_no, self.players, "free seat")


# -- a seat's view ---------------------------------------------------------------------------

PlacedWire = tuple[Tile, int, int]


class LayoutWire(Wire, frozen=True, kw_only=True):
    line: list[PlacedWire]
    spinner_index: int | None = None
    up: list[PlacedWire] = []
    down: list[PlacedWire] = []
    ends: list[tuple[End, int]]
    count: int


class ScoreRowWire(Wire, frozen=True, kw_only=True):
    round: int
    result: RoundResult
    winner: int | None
    points: int | list[int]
    play_points: list[int]
    scores: list[int]
    capicu: bool = False


class ViewWire(Wire, frozen=True, kw_only=True):
    """What one seat may see (engine/view.py PlayerView); a spectator's has seat -1, an
    empty hand and no legal moves."""

    seat: Seat
    variant: str
    players: int
    teams: list[list[Seat]] | None = None
    options: dict[str, Any]
    target: int
    names: list[str]
    round: int
    phase: Phase
    leader: Seat
    to_act: Seat | None
    hand: list[Tile]
    layout: LayoutWire
    hand_sizes: list[int]
    boneyard: int
    drawable: int
    scores: list[int]
    legal: list[MoveWire]
    history: list[dict[str, Any]]  # this round's public events as the game log writes them
    lacks: list[list[int]]
    scoresheet: list[ScoreRowWire] = []

    def __post_init__(self) -> None:
        n = self.players
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"{n} players")
        seat_in(self.seat, n, "seat", spectator=True)
        seat_in(self.leader, n, "leader")
        seat_in(self.to_act, n, "to_act")
        for name, listed in (("names", self.names), ("hand_sizes", self.hand_sizes)):
            if len(listed) != n:
                raise ValueError(f"{len(listed)} {name} for {n} players")
        if len(self.lacks) not in (0, n):  # none: a position alone (the board's puzzle)
            raise ValueError(f"{len(self.lacks)} lacks for {n} players")
        for team in self.teams or []:
            for seat in team:
                seat_in(seat, n, "team seat")


class MoveWire(Wire, frozen=True, kw_only=True):
    tile: Tile
    end: End | None = None


class RoundWire(Wire, frozen=True, kw_only=True):
    """A finished round with every hand shown (the summary; table/client.py RoundReport)."""

    round: int
    result: RoundResult
    winner: int | None
    points: int | list[int]
    terms: list[tuple[int | str, int]]
    hands: list[list[Tile]]
    went_out: Seat | None
    blocker: Seat | None
    capicu: bool
    play_points: list[int]
    scores: list[int]
    match_over: bool
    match_winner: int | list[int] | None
    match_loser: int | list[int] | None
    shutout: bool = False


# -- quick match -------------------------------------------------------------------------------

class SearchWire(Wire, frozen=True, kw_only=True):
    """A quick-match search as the server holds it."""

    variant: str
    players: int
    bots: bool
    wait: float
    waited: float = 0.0


# -- the evening -----------------------------------------------------------------------------

class EveningSettingsWire(Wire, frozen=True, kw_only=True):
    variant: str
    format: str
    rounds: int
    players: int | None = None
    target: int | None = None
    fill_bots: bool = True
    bot_level: str = "medium"
    round_minutes: float | None = None


class EntrantWire(Wire, frozen=True, kw_only=True):
    name: str
    bot: bool = False
    withdrawn: bool = False


class EveningTableWire(Wire, frozen=True, kw_only=True):
    table: int
    code: str | None = None
    sides: list[list[str]]
    scores: list[int] | None = None


class StandingWire(Wire, frozen=True, kw_only=True):
    rank: int
    name: str
    points: int | float
    shown: str = ""
    opponents_score: int | float = 0
    difference: int | float = 0
    played: int = 0
    byes: int = 0
    rating: float | None = None
    withdrawn: bool = False
    bot: bool = False


class RecentWire(Wire, frozen=True, kw_only=True):
    round: int
    table: int
    sides: list[list[str]]
    scores: list[int]


class EveningWire(Wire, frozen=True, kw_only=True):
    """The evening's tournament as everyone may see it."""

    state: str  # "registering", "playing" or "over"
    organizer: str
    settings: EveningSettingsWire
    title: str = ""
    round: int
    entrants: list[EntrantWire]
    tables: list[EveningTableWire]
    byes: list[str] = []
    standings: list[StandingWire]
    recent: list[RecentWire] = []
    table_sizes: list[int] = []
    round_deadline: float | None = None


class TicketWire(Wire, frozen=True, kw_only=True):
    """A person's seat in the round being played."""

    round: int
    table: int
    seat: Seat
    token: str
    code: str = ""

    def __post_init__(self) -> None:
        seat_in(self.seat, MAX_SEATS, "seat")


class YouWire(Wire, frozen=True, kw_only=True):
    """The evening as one connection is in it."""

    entered: bool = False
    seat: TicketWire | None = None
    organizer: bool = False
    bye: int | None = None


# -- the board ---------------------------------------------------------------------------------

class BoardSeatWire(Wire, frozen=True, kw_only=True):
    name: str
    kind: str
    connected: bool = False


class BoardTableWire(Wire, frozen=True, kw_only=True):
    """A live table in brief."""

    code: str
    title: str
    variant: str
    target: int
    round: int
    phase: str
    seats: list[BoardSeatWire]
    sides: list[list[Seat]]
    scores: list[int]
    to_act: Seat | None = None
    hand_sizes: list[int]
    boneyard: int
    last: str = ""
    last_say: str | None = None
    last_args: dict[str, Any] | None = None
    spectators: int = 0

    def __post_init__(self) -> None:
        n = len(self.seats)
        if not 2 <= n <= MAX_SEATS or len(self.hand_sizes) != n:
            raise ValueError(f"{n} seats, {len(self.hand_sizes)} hand sizes")
        seat_in(self.to_act, n, "to_act")
        for side in self.sides:
            for seat in side:
                seat_in(seat, n, "side's seat")


class LeaderRowWire(Wire, frozen=True, kw_only=True):
    place: int
    name: str
    kind: str
    rating: float
    provisional: bool = False
    matches: int = 0
    wins: int = 0


class LeaderboardWire(Wire, frozen=True, kw_only=True):
    variant: str
    rows: list[LeaderRowWire] | None = None


class BoardPuzzleWire(Wire, frozen=True, kw_only=True):
    """The puzzle of the evening; its answer only once it is due."""

    id: str | int
    table: int | str
    round: int
    name: str
    view: ViewWire
    answer_in: float
    answer: list[Any] | None = None
    solved: bool | None = None
    theme: list[str] | None = None
