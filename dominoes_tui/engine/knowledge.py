"""Which numbers each seat has shown it cannot hold (COM-6), from public events only.

One rule for the engine, the bot protocol and the bots: a seat that passes lacks every
end value. A seat that draws voids what was known of it at once (the drawn tiles are
unknown to the others and may carry any number); it lacks the end values once its turn
ends, by a pass or by placing the drawn tile that fits, and not before: until then it
holds that tile.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .layout import Layout
from .tiles import parse_tile


class LackTracker:
    __slots__ = ("lacks", "pending")

    def __init__(self, players: int) -> None:
        self.lacks: list[set[int]] = [set() for _ in range(players)]
        self.pending: dict[int, set[int]] = {}

    def drew(self, seat: int, ends: Iterable[int]) -> None:
        self.lacks[seat] = set()  # the unknown drawn tiles may carry any number
        self.pending[seat] = set(ends)

    def passed(self, seat: int, ends: Iterable[int]) -> None:
        if seat in self.pending:
            self.lacks[seat] = self.pending.pop(seat)
        self.lacks[seat].update(ends)

    def played(self, seat: int) -> None:
        if seat in self.pending:
            self.lacks[seat] = self.pending.pop(seat)


# sees each play, draw and pass of a round's history with the layout as it stood before it
Each = Callable[[dict[str, Any], Layout], None]


def replay_history(players: int, history: Iterable[dict[str, Any]], spinner: bool,
                   each: Each | None = None) -> tuple[Layout, LackTracker]:
    """The layout and the lacks a round's public events lead to (draws may be face down):
    the one walk over a round's public history, which the bot protocol, the bots'
    knowledge and the expert's inference share; `each`, if given, is shown every play,
    draw and pass with the layout as it stood before it (the same Layout, changed after)."""
    layout = Layout(spinner_allowed=spinner)
    tracker = LackTracker(players)
    for event in history:
        kind = event.get("event")
        if kind == "play":
            if each is not None:
                each(event, layout)
            tracker.played(event["seat"])
            layout.place(parse_tile(event["tile"]), event.get("end"))
        elif kind in ("draw", "pass"):
            if each is not None:
                each(event, layout)
            ends = [v for _, v in layout.open_ends()]
            (tracker.drew if kind == "draw" else tracker.passed)(event["seat"], ends)
    return layout, tracker
