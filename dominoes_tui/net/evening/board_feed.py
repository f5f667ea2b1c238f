"""What the projector board is sent (`board` request): every live table in brief, the one
worth showing large in full, and the evening's standings. Only public facts: names,
scores, whose turn, the last move (a draw face down), tile counts; the large table's
view is the engine's public_view, built from public facts alone, so the board can hold
no hidden tile."""
from __future__ import annotations

from collections.abc import Callable, Set
from typing import Any, Protocol

from ...engine import MATCH_OVER, PLAYING, VARIANTS
from ...engine.view import public_view
from ..tables.table import Table
from ..wire import protocol as P
from ..wire import says as S


class EveningSource(Protocol):
    def public(self) -> dict[str, Any] | None: ...


# The club leaderboard's top for a list ("all" or a variant): None until it has been read.
Leaders = Callable[[str], "list[dict[str, Any]] | None"]

MAX_TABLES = 60  # miniatures in one answer; a board shows fewer than that


ON_END = {"left": S.BOARD_PLAYED_LEFT, "right": S.BOARD_PLAYED_RIGHT, "up": S.BOARD_PLAYED_UP, "down": S.BOARD_PLAYED_DOWN}


def last_move(table: Table) -> str:
    """The table's last move in English (logs, old clients)."""
    return str(last_said(table)["last"])


def last_said(table: Table) -> dict[str, Any]:
    """The table's last move as `last` (English) with `last_say`/`last_args` (says.py), so
    each board reads it in its own language."""
    m = table.match
    if m is None or not m.round_no:
        return {"last": ""}
    said: dict[str, Any] = S.said("last", S.BOARD_DEALT, n=m.round_no)
    for event in reversed(m.round_events()):
        kind = event.get("event")
        who = table.slots[event["seat"]].name if isinstance(event.get("seat"), int) else ""
        if kind == "play":
            said = S.said("last", ON_END.get(event.get("end") or "", S.BOARD_PLAYED), name=who, tile=str(event["tile"]))
            break
        if kind in ("draw", "pass"):
            said = S.said("last", S.BOARD_DREW if kind == "draw" else S.BOARD_PASSED, name=who)
            break
        if kind == "round_end":
            said = S.said("last", S.BOARD_DEAL_OVER, n=m.round_no)  # a match's round: the board's rounds are the evening's
            break
    return {"last": said["last"], "last_say": said["say"], "last_args": said.get("args", {})}


def summary(table: Table) -> dict[str, Any]:
    m = table.match
    assert m is not None
    teams = m.config.teams
    sides = [list(t) for t in teams] if teams else [[i] for i in range(m.n)]
    return {
        "code": table.code, "title": VARIANTS[m.config.variant].title, "variant": m.config.variant,
        "target": m.config.target, "round": m.round_no, "phase": m.phase,
        "seats": [{"name": s.name, "kind": s.kind, "connected": s.conn is not None} for s in table.slots],
        "sides": sides, "scores": list(m.scores),
        "to_act": m.to_act if m.phase == PLAYING else None,
        "hand_sizes": list(m.hand_sizes()), "boneyard": m.boneyard_size,
        **last_said(table), "spectators": len(table.spectators),
    }


def excitement(s: dict[str, Any], last_round: Set[str], evening: Set[str] = frozenset()) -> tuple[int, int, float, float]:
    """Tables of the tournament's last round first, then the evening's other tables (a
    quick match beside them is not the evening's channel), then the closest scores, then
    the nearest to the end."""
    scores = sorted(s["scores"], reverse=True) + [0]
    target = max(1, s["target"])
    code = s["code"]
    return (int(code in last_round), int(code in evening), -(scores[0] - scores[1]) / target, scores[0] / target)


def board(
    tables: dict[str, Table], host: EveningSource | None, feature: object = None, leaders: Leaders | None = None,
    puzzle: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """`puzzle`: the puzzle of the evening as it is shown now (evening_puzzle.py's
    board_part: a finished match's position, its answer only once due), if one is."""
    live = [  # a private table is on no board: its code is its invite
        t for t in tables.values() if t.match is not None and t.match.phase != MATCH_OVER and not t.private
    ][:MAX_TABLES]
    summaries = [summary(t) for t in live]
    evening = host.public() if host is not None else None
    last_round: set[str] = set()
    this_round: set[str] = set()
    if evening and evening["state"] == "playing":
        this_round = {tb["code"] for tb in evening["tables"] if tb["code"]}
        if evening["round"] == evening["settings"]["rounds"]:
            last_round = this_round
    chosen = feature if isinstance(feature, str) and feature in {s["code"] for s in summaries} else None
    auto = chosen is None
    if auto and summaries:
        chosen = max(summaries, key=lambda s: excitement(s, last_round, this_round))["code"]
    msg: dict[str, Any] = {"type": "board", "tables": summaries, "tournament": evening, "featured": chosen, "auto": auto}
    if leaders is not None:
        # the evening's variant when there is one (its games move that list), else every variant
        variant = evening["settings"]["variant"] if evening else "all"
        msg["leaderboard"] = {"variant": variant, "rows": leaders(variant)}
    if puzzle is not None:
        msg["puzzle"] = puzzle
    if chosen is not None:
        msg["view"] = P.view_to_json(public_view(tables[chosen].match))  # type: ignore[arg-type]
    return msg
