"""Which puzzle comes next: one near the player's rating, as lichess chooses.

Among the puzzles the filter lets through (a variant, a theme), those the player has not
solved yet; the NEAREST closest to their rating (each puzzle's own rating where it has
moved here, else its file's), one of them at random so the same rating does not always
bring the same puzzle. Never the puzzle just played, where there is another. When every
puzzle that fits is solved, they come round again.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .puzzle import Puzzle

NEAREST = 5  # the choice is among this many puzzles closest to the rating


@dataclass(frozen=True)
class Filter:
    variant: str | None = None  # None: every variant
    theme: str | None = None    # None: every theme (and none)

    def admits(self, puzzle: Puzzle) -> bool:
        return (self.variant is None or puzzle.variant == self.variant) and \
            (self.theme is None or self.theme in puzzle.theme)


def choose(puzzles: Iterable[Puzzle], rating: float, rng: random.Random, *, ratings: Mapping[str, float] | None = None,
           solved: set[str] | frozenset[str] = frozenset(), last: str | None = None,
           within: Filter = Filter()) -> Puzzle | None:
    """The next puzzle, or None when the filter lets none through. `rating` and `ratings`
    (the puzzles' own, by id) are on the shown scale (1500 a newcomer)."""
    fitting = [p for p in puzzles if within.admits(p)]
    if len(fitting) > 1:
        fitting = [p for p in fitting if p.id != last]
    fresh = [p for p in fitting if p.id not in solved] or fitting
    if not fresh:
        return None
    moved = ratings or {}
    fresh.sort(key=lambda p: (abs(moved.get(p.id, p.rating) - rating), p.id))
    return rng.choice(fresh[:NEAREST])
