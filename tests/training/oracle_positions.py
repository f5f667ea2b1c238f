"""A puzzle's position read from its log by the tests' own replay (no engine): both hands,
the open ends, what is left to draw, the scores (with this round's play points, All
Fives' `score` events), the round's placements in order (All Fives' layout is built from
them by its oracle) and what each seat has shown it lacks by passing (a pass comes only
when nothing is left to draw, so its facts hold for good)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..oracle.draw_endgame import tile_from


@dataclass
class Position:
    hands: list[set[tuple[int, int]]]
    left: int | None = None
    right: int | None = None
    boneyard: int = 0
    stock: list[tuple[int, int]] = field(default_factory=list)  # the boneyard left, in draw order
    scores: list[int] = field(default_factory=list)
    table: set[tuple[int, int]] = field(default_factory=set)
    lacks: list[set[int]] = field(default_factory=list)
    plays: list[tuple[tuple[int, int], str | None]] = field(default_factory=list)  # this round's, in order


def position_of(log: list[dict[str, Any]], players: int) -> Position:
    pos = Position([set() for _ in range(players)], scores=[0] * players)
    for event in log:
        kind = event["event"]
        if kind == "round_start":
            pos.hands = [{tile_from(t) for t in h} for h in event["hands"]]
            pos.boneyard = len(event["boneyard"])
            pos.stock = [tile_from(t) for t in event["boneyard"]]
            pos.left = pos.right = None
            pos.table = set()
            pos.lacks = [set() for _ in range(players)]
            pos.plays = []
        elif kind == "draw":
            pos.hands[event["seat"]].add(tile_from(event["tile"]))
            pos.stock.remove(tile_from(event["tile"]))
            pos.boneyard -= 1
        elif kind == "pass":
            pos.lacks[event["seat"]].update(v for v in (pos.left, pos.right) if v is not None)
        elif kind == "play":
            tile, end = tile_from(event["tile"]), event["end"]
            pos.hands[event["seat"]].discard(tile)
            pos.table.add(tile)
            pos.plays.append((tile, end))
            a, b = tile
            if end is None:
                pos.left, pos.right = a, b
            elif end == "left":
                pos.left = b if a == pos.left else a
            else:
                pos.right = b if a == pos.right else a
        elif kind == "score":
            pos.scores[event["seat"]] += event["points"]
        elif kind == "round_end":
            pos.scores = list(event["scores"])
    return pos
