"""The game log's events (docs/GAMELOG.md) as types: one Struct per event, tagged by "event".

Reading a log (gamelog.replay) checks every event against its type as the referee comes
to it, so a field of the wrong shape (a seat that is no whole number, a
hand that is no list of tiles, an end that is none of the four) is named with its line
at once, and docs/schema/gamelog.json is written from these classes (the schema command,
net/wire/schema.py; a test fails when it differs from them). What types cannot say (a
tile fits, a seat is this match's, the facts are the rules') the referee checks.

Fields this program adds, or that a log may leave out, are optional; any field not named
here is welcome and ignored (docs/GAMELOG.md: "more fields are welcome").
"""
from __future__ import annotations

from typing import Any

import msgspec
from msgspec import Struct

from .errors import N_, Phrase
from .layout import End
from .records import RoundResult

Seat = int
Tile = str  # "a-b" (the referee parses it: tiles.parse_tile)
Hand = list[Tile]


class Event(Struct, tag_field="event", kw_only=True, frozen=True):
    """Every event of a log."""


class LogSeat(Struct, frozen=True):
    name: str | None = None
    kind: str = "bot"  # "human" or "bot"
    level: str | None = None  # a bot's level (or "cmd" for an outside program)
    seat: Seat | None = None


class MatchStart(Event, frozen=True, kw_only=True, tag="match_start"):
    version: int
    variant: str
    seats: list[LogSeat]
    options: dict[str, Any] | None
    teams: list[list[Seat]] | None = None
    target: int | None = None
    seed: int | str | None = None
    players: int | None = None
    records: dict[str, Any] | None = None  # only in a log kept in unrecorded/ (docs/GAMELOG.md)


class RoundStart(Event, frozen=True, kw_only=True, tag="round_start"):
    hands: list[Hand]
    boneyard: Hand
    leader: Seat
    round: int | None = None


class Play(Event, frozen=True, kw_only=True, tag="play"):
    seat: Seat
    tile: Tile
    end: End | None  # None: the lead


class Draw(Event, frozen=True, kw_only=True, tag="draw"):
    seat: Seat
    tile: Tile


class Pass(Event, frozen=True, kw_only=True, tag="pass"):
    seat: Seat


class Score(Event, frozen=True, kw_only=True, tag="score"):
    seat: Seat
    points: int
    reason: str | None = None  # "ends": All Fives' points in play


class RoundEnd(Event, frozen=True, kw_only=True, tag="round_end"):
    round: int
    result: RoundResult
    winner: int | None  # a seat, or a team with teams; None: nobody scores
    points: int | list[int]  # Kozel: a penalty per seat
    hands: list[Hand]
    scores: list[int]
    blocker: Seat | None = None
    capicu: bool | None = None


class MatchEnd(Event, frozen=True, kw_only=True, tag="match_end"):
    winner: int | list[int] | None  # Kozel: the survivors sharing the lowest total
    scores: list[int]
    loser: int | list[int] | None = None  # Kozel
    shutout: bool | None = None  # Partner


EVENT_TYPES: tuple[type[Event], ...] = (MatchStart, RoundStart, Play, Draw, Pass, Score, RoundEnd, MatchEnd)
BY_EVENT: dict[str, type[Event]] = {str(cls.__struct_config__.tag): cls for cls in EVENT_TYPES}
AnyEvent = MatchStart | RoundStart | Play | Draw | Pass | Score | RoundEnd | MatchEnd

NEEDS_FIELD = N_("{event} needs a {field!r} field")
WRONG_TYPE = N_("{event}: {field!r} has the wrong type")


MISSING: Any = object()  # a required field left out


def first_wrong(cls: type[Struct], data: dict[str, Any]) -> tuple[str, Any]:
    """The first field of `data` (a message or an event of type `cls`, read as plain
    JSON) that its type refuses, and its value (MISSING: a required field left out);
    ("", MISSING) when every field alone is right."""
    for field in msgspec.structs.fields(cls):
        if field.encode_name == cls.__struct_config__.tag_field:
            continue
        if field.encode_name not in data:
            if field.required:
                return field.encode_name, MISSING
            continue
        try:
            msgspec.convert(data[field.encode_name], field.type)
        except (msgspec.ValidationError, RecursionError):
            return field.encode_name, data[field.encode_name]
    return "", MISSING


def problem(event: dict[str, Any]) -> Phrase | None:
    """What is wrong with the shape of `event` (a known event, read as plain JSON), or None."""
    cls = BY_EVENT[event["event"]]
    try:
        msgspec.convert(event, cls)  # one class, not the union: about a million events a second
        return None
    except (msgspec.ValidationError, RecursionError):
        pass
    field, value = first_wrong(cls, event)
    if value is MISSING:
        return Phrase(NEEDS_FIELD, event=event["event"], field=field)
    return Phrase(WRONG_TYPE, event=event["event"], field=field)
