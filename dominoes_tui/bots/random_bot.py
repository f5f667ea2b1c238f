"""The `random` / `easy` level: a uniformly random legal move."""
from __future__ import annotations

import random

from ..engine import Move, PlayerView


class RandomBot:
    level = "random"

    def __init__(self, rng: random.Random, name: str = "Random") -> None:
        self.rng = rng
        self.name = name

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal)

    def close(self) -> None:
        pass
