"""The `heaviest` level: the heaviest tile first, the yardstick of the benchmarks and of
the golden logs (a fixed policy: tuning the other levels never changes what it plays)."""
from __future__ import annotations

from collections.abc import Sequence

from ..engine import Move
from ..engine.tiles import heaviness
from .base import LegalOnlyBot


class HeaviestBot(LegalOnlyBot):
    level = "heaviest"

    def choose_legal(self, legal: Sequence[Move]) -> Move:
        # max() keeps the first of equals, so the earliest legal end wins a tie
        return max(legal, key=lambda m: heaviness(m.tile))
