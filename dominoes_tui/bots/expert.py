"""The `expert` level: the hard bot's honest sampling given a second a move and a far
larger cap of deals, for people who want a challenge. Kept apart from hard.py: the
information-set search of issue 13 will take its place here."""
from __future__ import annotations

import random

from .hard import HardBot

EXPERT_THINK_MS = 1000.0
EXPERT_MAX_SAMPLES = 20000


class ExpertBot(HardBot):
    level = "expert"

    def __init__(self, rng: random.Random | None = None, name: str = "Expert",
                 think_ms: float | None = EXPERT_THINK_MS, max_samples: int = EXPERT_MAX_SAMPLES) -> None:
        super().__init__(rng, name, think_ms=think_ms, max_samples=max_samples)
