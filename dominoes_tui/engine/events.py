"""The log's events from the compact records the core keeps while a round is played.

The core appends small tuples (a kind and a few integers, or the shared Move) on every
play, draw and pass; the dicts of docs/GAMELOG.md are made only when someone reads
`Match.events` (a log, a view, a screen), and a bot-only match that is never logged never
makes them at all.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NoReturn

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


class FrozenEvent(dict[str, Any]):
    """An event no reader can change: a dict (so JSON, equality and fast reading work as
    for any event) whose every changing method refuses, its lists made tuples. Views hand
    these out, shared by every seat, never the match's own events (view.py)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a view's event cannot be changed")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[FrozenEvent], tuple[dict[str, Any]]]:
        return FrozenEvent, (dict(self),)  # pickle and deepcopy rebuild it whole


def _frozen_value(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(map(_frozen_value, value))
    if isinstance(value, dict):
        return freeze(value)
    return value


Event = FrozenEvent  # an event as a view shows it: read-only, whoever holds it


def freeze(event: Mapping[str, Any]) -> FrozenEvent:
    """A read-only copy of `event`, all the way down; TypeError if it is not a mapping."""
    if isinstance(event, FrozenEvent):
        return event
    if not isinstance(event, Mapping):
        raise TypeError(f"an event is a JSON object, not {type(event).__name__}")
    return FrozenEvent({str(k): _frozen_value(v) for k, v in event.items()})
