"""What a seat can work out from public facts: who lacks which numbers, what is unseen.

Everything here reads a PlayerView only. `Knowledge.from_view` replays the round's
public history (plays, draws, passes) on a fresh layout, so it knows the open ends at
the moment of every draw and pass:

- a seat that passed holds no tile carrying any end value showing then (COM-6);
- a seat that drew held no such tile, and its drawn tiles did not fit either; but the
  drawn tiles are unknown, so what was known about *other* numbers is void (COM-5).

This is the medium bot's own tracking; the engine's `PlayerView.lacks` holds the same
facts and a test checks the two agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import ALL_TILES, Layout, PlayerView, Tile
from ..engine.knowledge import replay_history


def _tile(text: str) -> Tile:
    a, _, b = text.partition("-")
    x, y = int(a), int(b)
    return Tile(x, y) if x <= y else Tile(y, x)


@dataclass
class Knowledge:
    players: int
    lacks: list[set[int]]  # numbers each seat is known not to hold now
    played: list[list[Tile]]  # tiles each seat placed this round, in order
    shown: list[set[int]]  # numbers a seat chose to expose or lead (its likely strong suits)
    drew: list[int]  # tiles each seat drew this round
    passes: list[int]
    unseen: list[Tile] = field(default_factory=list)

    @classmethod
    def from_view(cls, view: PlayerView) -> Knowledge:
        n = view.players
        played: list[list[Tile]] = [[] for _ in range(n)]
        shown: list[set[int]] = [set() for _ in range(n)]
        drew, passes = [0] * n, [0] * n

        def note(event: dict[str, Any], layout: Layout) -> None:
            kind, seat = event["event"], event["seat"]
            if kind == "play":
                t, end = _tile(event["tile"]), event["end"]
                if end is None:
                    shown[seat].update((t.low, t.high))
                else:
                    value = layout.end_value(end)
                    shown[seat].add(t.other(value) if value is not None else t.high)
                played[seat].append(t)
            elif kind == "draw":
                drew[seat] += 1
            else:
                passes[seat] += 1

        layout, tracker = replay_history(n, view.history, view.rules.spinner, note)
        seen = set(view.hand) | set(layout.tiles())
        unseen = [t for t in ALL_TILES if t not in seen]
        lacks = tracker.lacks
        lacks[view.seat] = set(range(7)) - {v for t in view.hand for v in (t.low, t.high)}
        return cls(n, lacks, played, shown, drew, passes, unseen)

    def unseen_with(self, value: int) -> int:
        return sum(1 for t in self.unseen if t.low == value or t.high == value)


def holding_odds(view: PlayerView, know: Knowledge) -> dict[int, dict[Tile, float]]:
    """For every other seat, a rough chance that it holds each unseen tile.

    Each unseen tile lies in one of the other hands or in the boneyard (or among the
    dead tiles in Block); a hand known to lack one of the tile's numbers is ruled out,
    the rest share it in proportion to their sizes.
    """
    others = [s for s in range(view.players) if s != view.seat]
    odds: dict[int, dict[Tile, float]] = {s: {} for s in others}
    bone = view.boneyard
    for t in know.unseen:
        weights = {s: view.hand_sizes[s] for s in others
                   if view.hand_sizes[s] and t.low not in know.lacks[s] and t.high not in know.lacks[s]}
        total = sum(weights.values()) + bone
        if total <= 0:
            continue
        for s, w in weights.items():
            odds[s][t] = w / total
    return odds


def chance_to_answer(odds: dict[Tile, float], values: set[int] | list[int]) -> float:
    """Chance a seat holds at least one tile carrying one of `values` (tiles independent)."""
    miss = 1.0
    for t, p in odds.items():
        if t.low in values or t.high in values:
            miss *= 1.0 - p
    return 1.0 - miss
