"""What a client may send the table server (docs/PROTOCOL.md, Client to server), as types.

Each message is a Struct tagged by its "type"; one msgspec decode reads a line and
checks every field's type in the same step, so a handler gets a `Create` or a `Play`,
never a dict to poke at. docs/schema/protocol.json is written from these classes
(net/wire/schema.py), and a test fails when it differs from them.

The types are exactly as strict as the protocol: a seat is an int (`true` is no seat),
an id a number or a string of at most 64 characters, a flag a bool. Fields the server
always took leniently stay optional: a missing one has the default the server always
gave it. What the types cannot say (a table code names an open table, a bot level is
one we have, the rules' bounds on a target) the handlers check, as before.

A line that does not decode (net/wire/protocol.py `read_request`) is read again the
old, slow way to say what is wrong in the words the server always used: not JSON, no
"type", a bad id, an unknown type, or `Malformed` naming the first wrong field, which
the server answers with that field's own refusal (net/server/malformed.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ...engine import DEFAULT_VARIANT, End
from ...engine.log_events import MISSING as MISSING  # the one reading of a wrong field, the log's and ours
from ...engine.log_events import first_wrong as first_wrong

MAX_ID = 64  # characters of a string id
Id = int | Annotated[str, Meta(max_length=MAX_ID)] | None


class Request(Struct, tag_field="type", kw_only=True, frozen=True):
    """Every client message: its "type" is the tag, an "id" comes back on the direct answer."""

    id: Id = None


# -- the opening ---------------------------------------------------------------------------

class Vouch(Struct, frozen=True):
    """A gateway's word for the person behind a hello (net/gateways/vouch.py)."""

    person: Annotated[str, Meta(max_length=64)]
    mac: Annotated[str, Meta(max_length=128)]
    address: Annotated[str, Meta(max_length=64)] | None = None


class Hello(Request, frozen=True, kw_only=True, tag="hello"):
    protocol: int | None = None
    secret: Annotated[str, Meta(min_length=16, max_length=256)] | None = None  # a claim from before keys
    key: str | None = None  # an Ed25519 public key, base64
    name: str | None = None
    vouch: Vouch | None = None


class Prove(Request, frozen=True, kw_only=True, tag="prove"):
    signature: str | None = None
    old: str | None = None


class Ping(Request, frozen=True, kw_only=True, tag="ping"):
    pass


# -- tables --------------------------------------------------------------------------------

class SeatWish(Struct, frozen=True):
    """One seat of a new table: open for a person, or a bot of a level."""

    kind: Literal["human", "bot"]
    level: str | None = None
    name: str | None = None


class ListTables(Request, frozen=True, kw_only=True, tag="list"):
    pass


class Create(Request, frozen=True, kw_only=True, tag="create"):
    # in the order the server always checked them: the first wrong one is the one it names
    variant: str = DEFAULT_VARIANT
    options: dict[str, Any] | None = None
    players: int | None = None
    target: int | None = None
    seats: list[SeatWish] | None = None
    seed: int | None = None
    bot_delay: Annotated[float, Meta(ge=0, le=5)] | UnsetType = UNSET  # unset: the server's own
    sit: int | None = -1  # -1: the first person's seat; None: do not sit
    start: bool = False
    private: bool = False


class Join(Request, frozen=True, kw_only=True, tag="join"):
    code: str
    token: str | None = None
    seat: int | None = None


class Watch(Request, frozen=True, kw_only=True, tag="watch"):
    code: str


class Start(Request, frozen=True, kw_only=True, tag="start"):
    code: str | None = None  # only when not seated at the table


class MoveWish(Struct, frozen=True):
    tile: str
    end: End | None = None


class Play(Request, frozen=True, kw_only=True, tag="play"):
    seat: int | UnsetType = UNSET  # unset: the sender's own
    move: MoveWish


class Ready(Request, frozen=True, kw_only=True, tag="ready"):
    pass


class Leave(Request, frozen=True, kw_only=True, tag="leave"):
    pass


class Records(Request, frozen=True, kw_only=True, tag="records"):
    variant: str = "all"
    what: Literal["leaderboard", "player", "match"]
    player_id: Annotated[int, Meta(gt=0, lt=2**62)] | None = None
    match_id: Annotated[int, Meta(gt=0, lt=2**62)] | None = None


class Board(Request, frozen=True, kw_only=True, tag="board"):
    feature: str | None = None


# -- quick match ---------------------------------------------------------------------------

# the seconds a searcher may wait before bots fill the table: what the server takes and the form offers
QUICK_WAIT_DEFAULT, QUICK_WAIT_MIN, QUICK_WAIT_MAX = 60.0, 5.0, 600.0


class QuickMatch(Request, frozen=True, kw_only=True, tag="quick_match"):
    variant: str | UnsetType = UNSET
    players: int | UnsetType = UNSET
    bots: bool = True
    wait: float | UnsetType = UNSET


class QuickCancel(Request, frozen=True, kw_only=True, tag="quick_cancel"):
    pass


# -- the club evening ----------------------------------------------------------------------

class TournamentSettings(Struct, frozen=True):
    """tournament_open's settings; what is left out is the evening's default
    (net/evening/evening.py EveningSettings, which checks the values)."""

    variant: str | UnsetType = UNSET
    format: str | UnsetType = UNSET  # "swiss", "roundrobin" or "rotation"
    rounds: int | UnsetType = UNSET
    players: int | None | UnsetType = UNSET
    target: int | None | UnsetType = UNSET
    fill_bots: bool | UnsetType = UNSET
    bot_level: str | UnsetType = UNSET
    round_minutes: int | float | None | UnsetType = UNSET


class Tournament(Request, frozen=True, kw_only=True, tag="tournament"):
    pass


class TournamentOpen(Request, frozen=True, kw_only=True, tag="tournament_open"):
    settings: TournamentSettings


class TournamentOrganize(Request, frozen=True, kw_only=True, tag="tournament_organize"):
    proof: Annotated[str, Meta(max_length=128)] | None = None  # proof.secret_proof over proof.organizer_message
    secret: str | None = None  # the secret itself, from a client older than `proof`


class TournamentRegister(Request, frozen=True, kw_only=True, tag="tournament_register"):
    pass


class TournamentWithdraw(Request, frozen=True, kw_only=True, tag="tournament_withdraw"):
    name: str | None = None  # an organizer withdraws someone else


class TournamentStart(Request, frozen=True, kw_only=True, tag="tournament_start"):
    pass


class TournamentClose(Request, frozen=True, kw_only=True, tag="tournament_close"):
    pass


REQUEST_TYPES: tuple[type[Request], ...] = (
    Hello, Prove, Ping, ListTables, Create, Join, Watch, Start, Play, Ready, Leave, Records, Board,
    QuickMatch, QuickCancel, Tournament, TournamentOpen, TournamentOrganize, TournamentRegister,
    TournamentWithdraw, TournamentStart, TournamentClose,
)
AnyRequest = (Hello | Prove | Ping | ListTables | Create | Join | Watch | Start | Play | Ready | Leave | Records | Board
              | QuickMatch | QuickCancel | Tournament | TournamentOpen | TournamentOrganize | TournamentRegister
              | TournamentWithdraw | TournamentStart | TournamentClose)
BY_KIND: dict[str, type[Request]] = {kind_of_class: cls for cls in REQUEST_TYPES
                                     if isinstance(kind_of_class := cls.__struct_config__.tag, str)}
DECODER = msgspec.json.Decoder(AnyRequest)


def kind_of(request: Request) -> str:
    """A request's "type"."""
    return str(type(request).__struct_config__.tag)


@dataclass(frozen=True)
class Malformed:
    """A message of a known type with a field of the wrong type (or a required one
    missing): the first such field in the order the server checks them, and its value
    as sent (absent: MISSING), and the whole message as plain JSON. The server answers
    it as that field's refusal."""

    kind: str
    id: int | str | None
    field: str
    value: Any
    data: dict[str, Any]


# Fields the server always read leniently: a value of the wrong type reads as if it were
# left out (a hello's name is then "Guest", a wrong vouch or signature proves nothing).
LENIENT = {("hello", "name"), ("hello", "vouch"), ("prove", "signature"), ("prove", "old"),
           ("tournament_organize", "secret"), ("board", "feature")}
