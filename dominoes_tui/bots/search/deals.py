"""Guesses at the hidden tiles, each consistent with what the seat has seen.

A guess deals the unseen tiles (not in the seat's hand, not on the table) to the other
hands, at their known sizes, and the rest to the boneyard; a seat never gets a tile with
a number it has shown it lacks. The guesses are drawn exactly uniformly among all such
deals by the bots' sampler (sampler.py, the one the hard level uses), which counts the
completions once per position and is then cheap for every iteration of the search.
"""
from __future__ import annotations

import random

from ...engine import PlayerView
from ...engine.bits import INDEX
from ..knowledge import Knowledge
from ..sampler import DealSampler as ExactSampler
from ..sampler import NoConsistentDeal


class DealSampler:
    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.rng = rng
        know = Knowledge.from_view(view)
        others = [s for s in range(view.players) if s != view.seat]
        unseen = [INDEX[t] for t in know.unseen]
        sizes = {s: view.hand_sizes[s] for s in others}
        consistent = True
        try:
            self.exact = ExactSampler(unseen, sizes, {s: know.lacks[s] for s in others})
        except NoConsistentDeal:  # facts that contradict each other: guess without the lacks
            self.exact = ExactSampler(unseen, sizes, {})
            consistent = False
        # Every hidden tile's place follows from what is public (one deal fits, and what is
        # left over can never be drawn): the position is one of perfect information.
        self.determined = consistent and (view.drawable == 0 or self.exact.rest <= 1) and self.exact.deals() == 1

    def deal(self) -> tuple[dict[int, list[int]], list[int]]:
        """One guess: {seat: tile indices}, boneyard (top last)."""
        return self.exact.sample(self.rng)
