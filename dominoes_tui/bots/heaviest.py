"""The `heaviest` level: a plain "heaviest tile first" player, the benchmark's yardstick."""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Move, PlayerView
from ..engine.tiles import heaviness


class HeaviestBot:
    level = "heaviest"
    legal_only = True  # reads nothing but the legal moves (bots/runner.py)

    def __init__(self, rng: random.Random | None = None, name: str = "Heaviest") -> None:
        self.rng = rng or random.Random(0)
        self.name = name

    def choose(self, view: PlayerView) -> Move:
        return self.choose_legal(view.legal)

    def choose_legal(self, legal: Sequence[Move]) -> Move:
        # max() keeps the first of equals, so the earliest legal end wins a tie
        return max(legal, key=lambda m: heaviness(m.tile))

    def close(self) -> None:
        pass
