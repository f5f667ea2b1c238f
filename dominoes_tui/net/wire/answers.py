"""What the table server sends a client (docs/PROTOCOL.md, Server to client), as types.

Each message is a Struct tagged by its "type", like a client's (requests.py); the parts
they are made of are in server_parts.py. A client reads every line from the server with
`read_answer`: plain text first (every string cleaned, table/plain.py), then checked
against its type in one step, so the code that uses a message reads its attributes and
never meets a field of the wrong type. docs/schema/server.json is written from these
classes (schema.py), and a test fails when it differs from them.

The server builds its messages as dicts, and encodes some once for many (the lobby, the
evening, a table's seats): a test decodes every message it sends in a whole hosted match,
a lobby session and an evening into these types, so the two cannot part.
"""
from __future__ import annotations

import re
from typing import Any

import msgspec

from ...engine import jsontext
from . import says
from .protocol import plain_message
from .server_parts import (
    MAX_SEATS,
    BoardPuzzleWire,
    BoardTableWire,
    EveningWire,
    LeaderboardWire,
    RoundWire,
    SearchWire,
    Seat,
    SeatPublic,
    TableInfo,
    ViewWire,
    Wire,
    YouWire,
    seat_in,
)

Id = int | str | None


class Answer(Wire, tag_field="type", kw_only=True, frozen=True):
    """Every server message; the direct answer to a request carries its "id"."""

    id: Id = None


class Said(Answer, kw_only=True, frozen=True):
    """A message that says something: the template (`say`, says.py) and its values beside
    the English text (a refusal's `reason`, a notice's `text`)."""

    # read as sent, whatever they hold: a `say` that is none of our templates (a newer
    # server's, a forged one) shows the plain text, and filling takes only plain values
    say: Any = None
    args: Any = None

    def spoken(self, key: str = "reason", fallback: str = "") -> str:
        """What it says in the language in use, as plain text (says.py); `key` names its
        English text ("reason", a notice's "text", the records' "error")."""
        return says.spoken({key: self.get(key), "say": self.say, "args": self.args}, key, fallback)


# -- the opening --------------------------------------------------------------------------

class Challenge(Answer, kw_only=True, frozen=True, tag="challenge"):
    challenge: str
    old: bool = False


class IdentityWire(Wire, kw_only=True, frozen=True):
    name: str
    kind: str  # "claimed" or "guest"


class Welcome(Answer, kw_only=True, frozen=True, tag="welcome"):
    protocol: int
    name: str
    identity: IdentityWire | None = None


class Pong(Answer, kw_only=True, frozen=True, tag="pong"):
    pass


# -- tables --------------------------------------------------------------------------------

class State(Answer, kw_only=True, frozen=True, tag="state"):
    """A started table after a change, as one seat (or a spectator) may see it."""

    code: str
    seq: int
    at: float = 0.0
    view: ViewWire
    seats: list[SeatPublic]
    ready: list[Seat] = []
    rounds: list[RoundWire] | None = None  # only once a round is over

    def __post_init__(self) -> None:
        if len(self.seats) != self.view.players:
            raise ValueError(f"{len(self.seats)} seats for {self.view.players} players")
        for seat in self.ready:
            seat_in(seat, self.view.players, "ready seat")


class Sat(Answer, kw_only=True, frozen=True):
    """An answer that puts the connection at a table: its state once it has started."""

    code: str
    table: TableInfo
    state: State | None = None
    rounds: list[RoundWire] | None = None
    seat: Seat | None = None  # a spectator's is None
    token: str | None = None
    rejoin: bool = False
    creator: bool = False

    def __post_init__(self) -> None:
        seat_in(self.seat, self.table.players, "seat")
        if self.state is not None and self.state.code != self.code:
            raise ValueError(f"the state of table {self.state.code} in an answer for {self.code}")


class Created(Sat, kw_only=True, frozen=True, tag="created"):
    """A new table; with the fields of `joined` when its maker sat down."""


class Joined(Sat, kw_only=True, frozen=True, tag="joined"):
    seat: Seat
    token: str


class Watching(Sat, kw_only=True, frozen=True, tag="watching"):
    pass


class Started(Answer, kw_only=True, frozen=True, tag="started"):
    code: str | None = None


class Left(Answer, kw_only=True, frozen=True, tag="left"):
    pass


class Presence(Answer, kw_only=True, frozen=True, tag="presence"):
    """Who is online, and how many search a quick match of each kind ("draw 2p": 1)."""

    online: int = 0
    searching: dict[str, int] = {}


class Tables(Presence, kw_only=True, frozen=True, tag="tables"):
    """The lobby: every open table that is listed."""

    tables: list[TableInfo]


class TableChanged(Answer, kw_only=True, frozen=True, tag="table"):
    """Someone sat down, left, dropped or came back."""

    table: TableInfo


class Searching(Presence, kw_only=True, frozen=True, tag="searching"):
    search: SearchWire | None = None


# a ticket's fields (server_parts.TicketWire) again: msgspec lays out one base's fields,
# so a message cannot inherit both Answer and a part
class Seated(Answer, kw_only=True, frozen=True, tag="seated"):
    """A seat waiting for this person: the evening's next round, or a quick match (round 0)."""

    round: int
    table: int
    seat: Seat
    token: str
    code: str = ""
    quick: bool = False

    def __post_init__(self) -> None:
        seat_in(self.seat, MAX_SEATS, "seat")


# -- words ---------------------------------------------------------------------------------

class Refused(Said, kw_only=True, frozen=True, tag="refused"):
    reason: str = ""


class Error(Said, kw_only=True, frozen=True, tag="error"):
    reason: str = ""
    fatal: bool = False


class Notice(Said, kw_only=True, frozen=True, tag="notice"):
    code: str | None = None
    text: str = ""


# -- the records, the evening, the board ------------------------------------------------------

class Records(Said, kw_only=True, frozen=True, tag="records"):
    """The club records, as `dominoes stats --json` prints them; `error` when they cannot
    be read now."""

    what: str
    variant: str | None = None
    leaderboard: list[dict[str, Any]] | None = None
    player: dict[str, Any] | None = None
    log: list[dict[str, Any]] | None = None  # a match's game log, replayed (and checked) as any log
    error: str | None = None


class Tournament(Answer, kw_only=True, frozen=True, tag="tournament"):
    tournament: EveningWire | None = None
    you: YouWire = msgspec.field(default_factory=YouWire)


class Board(Answer, kw_only=True, frozen=True, tag="board"):
    tables: list[BoardTableWire]
    tournament: EveningWire | None = None
    featured: str | None = None
    auto: bool = True
    view: ViewWire | None = None
    leaderboard: LeaderboardWire | None = None
    puzzle: BoardPuzzleWire | None = None


ANSWER_TYPES: tuple[type[Answer], ...] = (
    Challenge, Welcome, Pong, State, Created, Joined, Watching, Started, Left, Tables, TableChanged, Presence,
    Searching, Seated, Refused, Error, Notice, Records, Tournament, Board,
)
AnyAnswer = (Challenge | Welcome | Pong | State | Created | Joined | Watching | Started | Left | Tables | TableChanged
             | Presence | Searching | Seated | Refused | Error | Notice | Records | Tournament | Board)
ANSWER_KINDS = frozenset(str(cls.__struct_config__.tag) for cls in ANSWER_TYPES)


class Unreadable(ValueError):
    """A server's line this client cannot use: not JSON, or a message of a known type with
    a field of the wrong type (`where`: the field's path, "$.view.seat"). `kind` is its
    type; `msg_id` the id it carries, when that can be read (the request it answers)."""

    def __init__(self, kind: str, where: str, msg_id: Id = None) -> None:
        super().__init__(f"{kind}: {where}")
        self.kind, self.where, self.msg_id = kind, where, msg_id


_PATH = re.compile(r"at `(\$[^`]{0,80})`")


def read_answer(line: bytes) -> AnyAnswer | None:
    """A line from the server as its typed message; None for a type this client does not
    know (a newer server's: ignored); Unreadable for a line it cannot use. Every string in
    it is made plain text (protocol.plain_message) before it is checked."""
    try:
        data = jsontext.loads(line)  # NaN, a number past 4,000 digits, [[[[…]]]] nested deep: refused here
    except ValueError:
        raise Unreadable("?", "not JSON") from None
    if not isinstance(data, dict):
        raise Unreadable("?", "not an object")
    kind, msg_id = data.get("type"), data.get("id")
    msg_id = msg_id if type(msg_id) in (int, str) else None
    if not isinstance(kind, str):
        raise Unreadable("?", "no type", msg_id)
    if kind not in ANSWER_KINDS:
        return None
    try:
        return msgspec.convert(plain_message(data), AnyAnswer)
    except (msgspec.ValidationError, RecursionError) as exc:
        found = _PATH.search(str(exc))
        raise Unreadable(kind, found.group(1) if found else "$", msg_id) from None
