"""The `easy` level (alias `random`): a uniformly random legal move."""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Move, PlayerView


class EasyBot:
    level = "easy"
    legal_only = True  # reads nothing but the legal moves (bots/runner.py)

    def __init__(self, rng: random.Random | None = None, name: str = "Easy") -> None:
        self.rng = rng or random.Random(0)
        self.name = name

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal)

    def choose_legal(self, legal: Sequence[Move]) -> Move:
        return self.rng.choice(legal)

    def close(self) -> None:
        pass
