"""The `easy` level (alias `random`): a uniformly random legal move."""
from __future__ import annotations

from collections.abc import Sequence

from ..engine import Move
from .base import LegalOnlyBot


class EasyBot(LegalOnlyBot):
    level = "easy"

    def choose_legal(self, legal: Sequence[Move]) -> Move:
        return self.rng.choice(legal)


class RandomBot(EasyBot):
    """The `random` level: the easy bot under the level's own name (its seats are "Random")."""

    level = "random"
