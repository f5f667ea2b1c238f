"""The server's answer to a request with a field of the wrong type (net/wire/requests.py
`Malformed`): the refusal the server always gave for that field, so a client reads the
same one line, and it counts as one mistake as every refusal does.

A field without a refusal of its own (one the old reading took leniently, checked now by
its type) is refused as "{kind}: {field} has the wrong type".
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import msgspec
from msgspec import UNSET

from ...bots import level_names
from ...engine import DEFAULT_VARIANT, ConfigError, Move, make_config, phrase_of
from ...engine import Said as EngineSaid
from ...records.report import lists
from ..evening.evening import EveningSettings
from ..evening.tournament_host import REQUESTS as TOURNAMENT_REQUESTS
from ..evening.tournament_host import TournamentHost
from ..host.connection import Conn, Refused
from ..host.limits import Limits
from ..tables.table import Slot, Table
from ..wire import protocol as P
from ..wire import requests as R
from ..wire import says as S
from ..wire.requests import MISSING, Malformed, SeatWish
from .quick_match import QuickMatch

Answer = Callable[[Conn, Any, dict[str, Any]], Exception | None]


def _refused(say: str, **args: Any) -> Answer:
    return lambda conn, value, _message: Refused(say, **args)


def _error(say: str) -> Answer:
    return lambda conn, value, _message: P.ProtocolError(say)


def _raised(check: Callable[[Any], object]) -> Answer:
    """The refusal an older check of the whole value raises (None: it takes the value)."""
    def answer(conn: Conn, value: Any, _message: dict[str, Any]) -> Exception | None:
        try:
            check(None if value is MISSING else value)
        except Refused as exc:
            return exc
        except (EngineSaid, ValueError, TypeError) as exc:
            return Refused.again(exc)
        return None
    return answer


def _move(conn: Conn, value: Any, _message: dict[str, Any]) -> Exception | None:
    try:
        Move.from_json(None if value is MISSING else value)
    except ValueError as exc:
        return Refused(S.BAD_MOVE, detail=phrase_of(exc))
    return None


def _seat(conn: Conn, value: Any, _message: dict[str, Any]) -> Exception:
    return Refused(S.NOT_YOUR_SEAT, mine=conn.seat if conn.seat is not None else "?", seat=repr(value)[:20])


def _seats(conn: Conn, value: Any, message: dict[str, Any]) -> Exception | None:
    """A new table's seats as the server always checked them: their number, then each
    seat's kind and level."""
    variant, players = message.get("variant", DEFAULT_VARIANT), message.get("players")
    try:
        count = make_config(variant, players, message.get("target"), dict(message.get("options") or {})).players
    except (ConfigError, ValueError, TypeError) as exc:
        return Refused.again(exc)
    if not isinstance(value, list) or len(value) != count:
        return Refused(S.GIVE_SEATS, players=count)
    for i, seat in enumerate(value):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "bot"):
            return Refused(S.SEAT_KIND, seat=i)
        level = seat.get("level")
        if seat["kind"] == "bot" and level is not None and (not isinstance(level, str) or level not in level_names()):
            return Refused(S.SEAT_LEVEL, seat=i, levels=", ".join(level_names()))
    return None


def _quick(key: str) -> Answer:
    return _refused(S.QUICK_WRONG_TYPE, key=repr(key))


ANSWERS: dict[tuple[str, str], Answer] = {
    ("hello", "secret"): _error(S.BAD_SECRET),
    ("hello", "key"): _error(S.BAD_KEY),
    ("create", "variant"): _refused(S.BAD_VARIANT),
    ("create", "options"): _refused(S.BAD_VARIANT),
    ("create", "players"): _refused(S.PLAYERS_NUMBER),
    ("create", "target"): _refused(S.TARGET_NUMBER),
    ("create", "seats"): _seats,
    ("create", "seed"): _refused(S.SEED_NUMBER),
    ("create", "bot_delay"): _refused(S.BOT_DELAY),
    ("create", "sit"): _refused(S.SIT_SEAT),
    ("create", "start"): _refused(S.START_BOOL),
    ("create", "private"): _refused(S.PRIVATE_BOOL),
    ("join", "code"): _refused(S.WHICH_TABLE),
    ("join", "token"): _refused(S.TOKEN_STRING),
    ("join", "seat"): _refused(S.SEAT_NUMBER),
    ("watch", "code"): _refused(S.WHICH_TABLE),
    ("start", "code"): _refused(S.WHICH_TABLE),
    ("play", "move"): _move,
    ("play", "seat"): _seat,
    ("records", "variant"): lambda conn, value, _message: P.ProtocolError(S.RECORDS_VARIANT, allowed=", ".join(lists())),
    ("records", "what"): _error(S.RECORDS_WHAT),
    ("quick_match", "variant"): _quick("variant"),
    ("quick_match", "players"): _quick("players"),
    ("quick_match", "bots"): _quick("bots"),
    ("quick_match", "wait"): _quick("wait"),
    ("tournament_open", "settings"): _raised(EveningSettings.from_json),
    ("tournament_withdraw", "name"): _refused(S.NAME_STRING),
}


def refusal(conn: Conn, wrong: Malformed) -> Exception:
    """What to raise for `wrong`: the field's own refusal (Refused, or ProtocolError
    where the server always said "error"), counted as a mistake by the caller."""
    if wrong.field == "type":
        return P.ProtocolError(S.UNKNOWN_TYPE, kind=repr(wrong.kind[:40]))
    if wrong.kind == "records" and wrong.field in ("player_id", "match_id"):
        return P.ProtocolError(S.RECORDS_NUMBER, field=wrong.field)
    answer = ANSWERS.get((wrong.kind, wrong.field))
    said = answer(conn, wrong.value, wrong.data) if answer is not None else None
    return said if said is not None else Refused(S.WRONG_FIELD, kind=wrong.kind, field=wrong.field)


class Checking(Protocol):
    """What the server checks of a request before reading its fields (server.py, seating.py)."""

    quick: QuickMatch
    tournament_host: TournamentHost
    limits: Limits

    def may_create(self, conn: Conn) -> None: ...
    def may_guess(self, address: str) -> None: ...
    def _find(self, code: str | None, address: str) -> Table: ...
    def _my_table(self, conn: Conn) -> Table: ...
    def _slots(self, seats: list[SeatWish] | None, players: int) -> list[Slot]: ...


def _create_before(server: Checking, data: dict[str, Any], field: str) -> None:
    """A new table's checks of the fields before `field`, in the server's order: the
    rules' (make_config), the seats', then whether it takes a seed at all."""
    if field in ("variant", "options", "players", "target"):
        return
    try:
        config = make_config(data.get("variant", DEFAULT_VARIANT), data.get("players"), data.get("target"),
                             dict(data.get("options") or {}))
    except (ConfigError, ValueError, TypeError) as exc:
        raise Refused.again(exc) from None
    if field != "seats":
        server._slots(msgspec.convert(data.get("seats"), list[SeatWish] | None), config.players)
    if data.get("seed") is not None and not server.limits.practice:
        raise Refused(S.NO_SEEDS)


def before_fields(server: Checking, conn: Conn, wrong: Malformed) -> R.Start | None:
    """What a request of `wrong.kind` is refused for before its fields are read, so a
    wrong field is named only where the server always named it (a play when it is not
    your turn is refused for that, whatever its move). A request whose wrong field the
    server never reads is returned without it (a seated creator's start names no code)."""
    if wrong.kind == "create":
        server.may_create(conn)
        _create_before(server, wrong.data, wrong.field)
    elif wrong.kind == "start" and conn.table is not None:
        return R.Start(id=wrong.id)
    elif wrong.kind in ("join", "watch", "start"):
        server.may_guess(conn.address)
        if wrong.field != "code":
            server._find(wrong.data["code"], conn.address)  # a string: the code comes first
    elif wrong.kind == "records":
        variant = wrong.data.get("variant", "all")
        if isinstance(variant, str) and variant not in lists():
            raise P.ProtocolError(S.RECORDS_VARIANT, allowed=", ".join(lists()))
    elif wrong.kind == "play":
        seat = wrong.value if wrong.field == "seat" else wrong.data.get("seat", UNSET)
        server._my_table(conn).may_play(conn, seat)
    elif wrong.kind == "quick_match":
        server.quick.may_search(conn)
    elif wrong.kind in TOURNAMENT_REQUESTS:
        server.tournament_host.may_ask(conn, wrong.kind)
    return None
