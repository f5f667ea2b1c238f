"""The bot protocol of docs/BOT_PROTOCOL.md: JSON lines, one message a line.

`turn_message(view)` is what a table writes when a seat must place a tile; it holds
exactly what that seat may know. `view_from_turn(message)` rebuilds a PlayerView from
such a message (the layout and the passes/draws replayed from its history), so a bot
program answers with the same code that plays inside the app.
"""
from __future__ import annotations

import json
from typing import Any

from ..engine import PLAYING, VARIANTS, LayoutView, Move, PlayerView, jsontext, make_config, parse_tile
from ..engine.events import freeze
from ..engine.knowledge import replay_history
from ..engine.round_end import drawable_at

PROTOCOL_VERSION = 1
HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION}
BYE = {"type": "bye"}


class ProtocolError(ValueError):
    """A message that does not follow docs/BOT_PROTOCOL.md."""


def encode(message: dict[str, Any]) -> str:
    """One line of JSON, newline included."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def turn_message(view: PlayerView) -> dict[str, Any]:
    return {
        "type": "turn",
        "variant": view.variant,
        "options": dict(view.options),
        "target": view.target,
        "seat": view.seat,
        "seats": view.players,
        "teams": [list(t) for t in view.teams] if view.teams else None,
        "hand": [str(t) for t in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "boneyard": view.boneyard,
        "ends": view.ends,
        "scores": list(view.scores),
        "round": view.round,
        "history": [dict(e) for e in view.history],
        "legal": [m.to_json() for m in view.legal],
    }


def parse_move(line: str) -> Move:
    """A bot's answer line as a Move; ValueError says what is wrong with it."""
    try:
        data = jsontext.loads(line)
    except ValueError as exc:
        raise ValueError(f"not JSON ({exc})") from None
    return Move.from_json(data)


def view_from_turn(msg: dict[str, Any]) -> PlayerView:
    """The PlayerView a turn message describes. ProtocolError if it is malformed."""
    try:
        variant = msg["variant"]
        if variant not in VARIANTS:
            raise ProtocolError(f"unknown variant {variant!r}")
        seat, players = int(msg["seat"]), int(msg["seats"])
        config = make_config(variant, players, options=dict(msg.get("options") or {}))
        history = tuple(freeze(e) for e in msg.get("history") or [])
        layout, tracker = replay_history(players, history, config.rules.spinner)
        lacks = tracker.lacks
        leader = next((e["seat"] for e in history if e.get("event") == "play"), None)
        hand = tuple(parse_tile(t) for t in msg["hand"])
        legal = tuple(Move.from_json(m) for m in msg["legal"])
        boneyard = int(msg.get("boneyard") or 0)
        drawable = drawable_at(config, boneyard)
        teams = msg.get("teams")
        return PlayerView(
            seat=seat,
            variant=variant,
            players=players,
            teams=tuple(tuple(t) for t in teams) if teams else None,
            options=dict(config.options),
            target=int(msg.get("target") or config.target),
            names=tuple(f"Seat {i}" for i in range(players)),
            round=int(msg.get("round") or 1),
            phase=PLAYING,
            leader=seat if leader is None else leader,
            to_act=seat,
            hand=hand,
            layout=LayoutView(
                tuple(layout.line), layout.spinner_index, tuple(layout.up), tuple(layout.down),
                tuple(layout.open_ends()), layout.count(),
            ),
            hand_sizes=tuple(int(x) for x in msg["hand_sizes"]),
            boneyard=boneyard,
            drawable=drawable,
            scores=tuple(int(x) for x in msg.get("scores") or []),
            legal=legal,
            history=history,
            lacks=tuple(frozenset(s) for s in lacks),
        )
    except ProtocolError:
        raise
    except Exception as exc:  # noqa: BLE001 - any malformed field is a protocol error
        raise ProtocolError(f"bad turn message: {type(exc).__name__}: {exc}") from None
