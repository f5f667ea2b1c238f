"""The table protocol of docs/PROTOCOL.md: JSON Lines between `dominoes host` and its clients.

Pure data: encoding and decoding of messages, views and round reports, and the limits
both sides hold to. No sockets here (server.py and client.py own those), no textual.
"""
from __future__ import annotations

import hmac
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any, cast

import msgspec

from ...engine import End, LayoutView, Move, Phase, Placed, PlayerView, RoundResult, ScoreRow, jsontext, parse_tile
from ...engine.events import freeze
from ...table.client import RoundReport, SeatInfo
from ...table.plain import plain, plain_name
from . import says as S
from .requests import BY_KIND, DECODER, LENIENT, MAX_ID, AnyRequest, Malformed, first_wrong
from .says import MAX_TEXT, Said
from .server_parts import Wire

PROTOCOL_VERSION = 1
DEFAULT_PORT = 7788

MAX_LINE = 16 * 1024  # bytes a client may send in one line (the newline included)
MAX_CLIENT_LINE = 4 * 1024 * 1024  # what a client accepts from the server
RATE_PER_SECOND = 20.0  # messages a client may send per second, on average ...
RATE_BURST = 60  # ... with bursts up to this many
MAX_ERRORS = 20  # refused/garbled messages before the server hangs up ...
FORGIVE_EVERY = 60.0  # ... of which one is forgiven every minute
MAX_NAME = 14
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read aloud across a room
CODE_LENGTH = 4
# A private table's code is its invite: unlisted, and 24**12 (about 2**55) codes to guess from
PRIVATE_CODE_LENGTH = 12

CLIENT_TYPES = set(BY_KIND)  # every type a client may send (requests.py)


class ProtocolError(Said, ValueError):
    """A message that does not follow docs/PROTOCOL.md; the text is sent back as the reason
    (a template of says.py, with its arguments, so the client can translate it)."""


def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8")


def decode(line: bytes) -> dict[str, Any]:
    try:
        data = jsontext.loads(line)
    except ValueError as exc:  # not UTF-8, not JSON, NaN, a number past 4,000 digits, [[[[…]]]] nested deep
        raise ProtocolError(S.NOT_JSON, kind=str(exc)) from None
    if not isinstance(data, dict):
        raise ProtocolError(S.NOT_OBJECT)
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(S.NO_TYPE)
    return data


_EVERY_VALUE = msgspec.json.Decoder()


def read_request(line: bytes) -> AnyRequest | Malformed:
    """A client's line as its typed request (requests.py), read and checked in one step.
    A line that is not one is read again as plain JSON (decode) to say what is wrong as
    the server always said it: ProtocolError for a line that is not JSON, an object with
    a "type", or has a bad "id" (then the answer carries no id); an unknown type or a
    field of the wrong type is `Malformed`, which the server refuses in that field's words."""
    try:
        # every value read, the fields a handler never looks at too: a number past the
        # strict reading's bounds is a mistake wherever it stands (engine/jsontext.py)
        _EVERY_VALUE.decode(line)
        return DECODER.decode(line)
    except (msgspec.MsgspecError, RecursionError):  # wrong, or what only the plain reading takes
        pass
    data = decode(line)
    msg_id = data.get("id")
    if type(msg_id) not in (int, str, type(None)) or (isinstance(msg_id, str) and len(msg_id) > MAX_ID):
        raise ProtocolError(S.BAD_ID)
    kind: str = data["type"]
    cls = BY_KIND.get(kind)
    if cls is None:
        return Malformed(kind, msg_id, "type", kind, data)
    while True:
        try:  # e.g. a lone surrogate, which msgspec's JSON reading refuses and the plain one takes
            return cast(AnyRequest, msgspec.convert(data, cls))
        except (msgspec.ValidationError, RecursionError):
            field, value = first_wrong(cls, data)
        if (kind, field) not in LENIENT:
            return Malformed(kind, msg_id, field, value, data)
        del data[field]


def clean_name(name: object, fallback: str = "Guest") -> str:
    """A person's name as the table shows it: plain text (table/plain.py), at most MAX_NAME characters."""
    return plain_name(name, MAX_NAME, fallback)


def plain_message(data: Any) -> Any:
    """A message as the client may use it: every string in it (keys too) plain text
    (table/plain.py: no control or escape characters), at most MAX_TEXT characters."""
    if isinstance(data, str):
        return plain(data, MAX_TEXT)
    if isinstance(data, list):
        return [plain_message(x) for x in data]
    if isinstance(data, dict):
        return {plain(k, MAX_TEXT): plain_message(v) for k, v in data.items()}
    return data


def now() -> float:
    return time.time()


# -- views ---------------------------------------------------------------------------

def _placed(p: Placed) -> list[Any]:
    return [str(p.tile), p.first, p.second]


def _unplaced(x: list[Any]) -> Placed:
    return Placed(parse_tile(x[0]), int(x[1]), int(x[2]))


def view_to_json(view: PlayerView) -> dict[str, Any]:
    lay = view.layout
    return {
        "seat": view.seat,
        "variant": view.variant,
        "players": view.players,
        "teams": [list(t) for t in view.teams] if view.teams else None,
        "options": dict(view.options),
        "target": view.target,
        "names": list(view.names),
        "round": view.round,
        "phase": view.phase,
        "leader": view.leader,
        "to_act": view.to_act,
        "hand": [str(t) for t in view.hand],
        "layout": {
            "line": [_placed(p) for p in lay.line],
            "spinner_index": lay.spinner_index,
            "up": [_placed(p) for p in lay.up],
            "down": [_placed(p) for p in lay.down],
            "ends": [[name, value] for name, value in lay.ends],
            "count": lay.count,
        },
        "hand_sizes": list(view.hand_sizes),
        "boneyard": view.boneyard,
        "drawable": view.drawable,
        "scores": list(view.scores),
        "legal": [m.to_json() for m in view.legal],
        "history": [dict(e) for e in view.history],
        "lacks": [sorted(s) for s in view.lacks],
        "scoresheet": [
            {
                "round": r.round, "result": r.result, "winner": r.winner,
                "points": list(r.points) if isinstance(r.points, tuple) else r.points,
                "play_points": list(r.play_points), "scores": list(r.scores), "capicu": r.capicu,
            }
            for r in view.scoresheet
        ],
    }


def _tuple_or_int(x: Any) -> Any:
    return tuple(x) if isinstance(x, list) else x


def view_from_json(data: Mapping[str, Any] | Wire) -> PlayerView:
    """A view as sent (a dict, or the typed view a client read: answers.py)."""
    try:
        lay = data["layout"]
        teams = data.get("teams")
        return PlayerView(
            seat=int(data["seat"]),
            variant=str(data["variant"]),
            players=int(data["players"]),
            teams=tuple(tuple(t) for t in teams) if teams else None,
            options=dict(data["options"]),
            target=int(data["target"]),
            names=tuple(clean_name(n, "?") for n in data["names"]),
            round=int(data["round"]),
            phase=Phase(data["phase"]),
            leader=int(data["leader"]),
            to_act=data["to_act"],
            hand=tuple(parse_tile(t) for t in data["hand"]),
            layout=LayoutView(
                tuple(_unplaced(p) for p in lay["line"]),
                lay["spinner_index"],
                tuple(_unplaced(p) for p in lay["up"]),
                tuple(_unplaced(p) for p in lay["down"]),
                tuple((End(n), int(v)) for n, v in lay["ends"]),
                int(lay["count"]),
            ),
            hand_sizes=tuple(int(x) for x in data["hand_sizes"]),
            boneyard=int(data["boneyard"]),
            drawable=int(data["drawable"]),
            scores=tuple(int(x) for x in data["scores"]),
            legal=tuple(Move.from_json(dict(m.items()) if isinstance(m, Wire) else m) for m in data["legal"]),
            history=tuple(freeze(e) for e in data["history"]),
            lacks=tuple(frozenset(int(v) for v in s) for s in data["lacks"]),
            scoresheet=tuple(
                ScoreRow(
                    int(r["round"]), RoundResult(r["result"]), r["winner"], _tuple_or_int(r["points"]),
                    tuple(r["play_points"]), tuple(r["scores"]), bool(r["capicu"]),
                )
                for r in data.get("scoresheet") or []
            ),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(f"bad view: {type(exc).__name__}: {exc}") from None


# -- round reports ----------------------------------------------------------------------

def report_to_json(r: RoundReport) -> dict[str, Any]:
    def plain(x: Any) -> Any:
        return list(x) if isinstance(x, tuple) else x

    return {
        "round": r.round, "result": r.result, "winner": r.winner, "points": plain(r.points),
        "terms": [[k, v] for k, v in r.terms], "hands": [[str(t) for t in h] for h in r.hands],
        "went_out": r.went_out, "blocker": r.blocker, "capicu": r.capicu,
        "play_points": list(r.play_points), "scores": list(r.scores), "match_over": r.match_over,
        "match_winner": plain(r.match_winner), "match_loser": plain(r.match_loser), "shutout": r.shutout,
    }


def report_from_json(d: Mapping[str, Any] | Wire) -> RoundReport:
    try:
        return RoundReport(
            round=int(d["round"]), result=RoundResult(d["result"]), winner=d["winner"], points=_tuple_or_int(d["points"]),
            terms=tuple((k, int(v)) for k, v in d["terms"]),
            hands=tuple(tuple(parse_tile(t) for t in h) for h in d["hands"]),
            went_out=d["went_out"], blocker=d["blocker"], capicu=bool(d["capicu"]),
            play_points=tuple(d["play_points"]), scores=tuple(d["scores"]), match_over=bool(d["match_over"]),
            match_winner=_tuple_or_int(d["match_winner"]), match_loser=_tuple_or_int(d["match_loser"]),
            shutout=bool(d.get("shutout", False)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(f"bad round report: {type(exc).__name__}: {exc}") from None


def seat_infos(seats: Sequence[Mapping[str, Any] | Wire], mine: int | None) -> tuple[SeatInfo, ...]:
    """Seats as the table screen wants them on this device: only the seat played here is
    "human"; other people are "remote", which the screen treats like a bot it waits on."""
    out = []
    for i, s in enumerate(seats):
        name = clean_name(s.get("name"), f"Seat {i + 1}")  # a hostile server's 10,000 characters: cut
        if i == mine:
            out.append(SeatInfo(name, "human"))
        elif s.get("kind") == "bot":
            out.append(SeatInfo(name, "bot", s.get("level")))
        else:
            out.append(SeatInfo(name, "remote", "person" if s.get("connected") else "away"))
    return tuple(out)


def same_secret(given: str, expected: str) -> bool:
    """A token or secret from the wire against ours, in constant time. compare_digest
    refuses a str with letters beyond ASCII, and a lone surrogate (a JSON escape) has no
    strict UTF-8: compared as bytes with such characters replaced, neither can raise."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode("utf-8", "replace"))
