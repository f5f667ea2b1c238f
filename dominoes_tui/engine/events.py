"""The log's events from the compact records the core keeps while a round is played.

The core appends small tuples (a kind and a few integers, or the shared Move) on every
play, draw and pass; the dicts of docs/GAMELOG.md are made only when someone reads
`Match.events` (a log, a view, a screen), and a bot-only match that is never logged never
makes them at all.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .bits import INDEX, NAME

PLAY, DRAW, PASS, ROUND_START, ROUND_END, START, EVENT = range(7)


def materialize(raw: Iterable[Any], start_event: Callable[[], dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for r in raw:
        kind = r[0]
        if kind == PLAY:
            move = r[2]
            yield {"event": "play", "seat": r[1], "tile": NAME[INDEX[move.tile]], "end": move.end}
        elif kind == DRAW:
            yield {"event": "draw", "seat": r[1], "tile": NAME[r[2]]}
        elif kind == PASS:
            yield {"event": "pass", "seat": r[1]}
        elif kind == ROUND_START:
            yield {"event": "round_start", "round": r[1], "hands": [[NAME[t] for t in h] for h in r[2]],
                   "boneyard": [NAME[t] for t in r[3]], "leader": r[4]}
        elif kind == ROUND_END:
            event = r[1]
            event["hands"] = [[NAME[t] for t in h] for h in event["hands"]]
            yield event
        elif kind == START:
            yield start_event()
        else:
            yield r[1]
