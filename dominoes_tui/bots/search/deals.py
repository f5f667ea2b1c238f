"""Guesses at the hidden tiles, each consistent with what the seat has seen.

A guess deals the unseen tiles (not in the seat's hand, not on the table) to the other
hands, at their known sizes, and the rest to the boneyard; a seat never gets a tile with
a number it has shown it lacks (PlayerView.lacks). Drawn uniformly from all such deals
by rejection; when the lacks make rejection hopeless (late in a round with many passes)
a constrained dealing takes over (the most constrained seat first, each taking only
tiles it may hold), which keeps every constraint but is not exactly uniform.
"""
from __future__ import annotations

import random

from ...engine import PlayerView
from ..knowledge import Knowledge
from ..sim import HI, INDEX, LO

REJECTION_TRIES = 24


class DealSampler:
    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.view, self.rng = view, rng
        self.know = Knowledge.from_view(view)
        self.others = [s for s in range(view.players) if s != view.seat]
        self.unseen = [INDEX[t] for t in self.know.unseen]
        self.sizes = [view.hand_sizes[s] for s in self.others]
        # per seat, a 7-bit mask of numbers it lacks; a tile is allowed when it carries none
        self.banned = []
        for s in self.others:
            lack = 0
            for v in view.lacks[s]:
                lack |= 1 << v
            self.banned.append(lack)
        self.tile_mask = [(1 << LO[t]) | (1 << HI[t]) for t in range(28)]
        self.constrained = any(self.banned)
        self.rejections = 0

    def deal(self) -> tuple[dict[int, list[int]], list[int]]:
        """One guess: {seat: tile indices}, boneyard (top last)."""
        pool = self.unseen[:]
        shuffle, mask = self.rng.shuffle, self.tile_mask
        for _ in range(REJECTION_TRIES if self.constrained else 1):
            shuffle(pool)
            hands: dict[int, list[int]] = {}
            start, ok = 0, True
            for s, size, banned in zip(self.others, self.sizes, self.banned):
                part = pool[start:start + size]
                if banned and any(mask[t] & banned for t in part):
                    ok = False
                    break
                hands[s] = part
                start += size
            if ok:
                return hands, pool[start:]
            self.rejections += 1
        return self._constrained(pool)

    def _constrained(self, pool: list[int]) -> tuple[dict[int, list[int]], list[int]]:
        mask = self.tile_mask
        seats = list(zip(self.others, self.sizes, self.banned))
        # most constrained first: fewest allowed tiles beyond its size
        seats.sort(key=lambda x: sum(1 for t in pool if not mask[t] & x[2]) - x[1])
        for _ in range(50):
            self.rng.shuffle(pool)
            rest, hands = pool, {}
            for s, size, banned in seats:
                picked = [t for t in rest if not mask[t] & banned][:size]
                if len(picked) < size:
                    break
                taken = set(picked)
                rest = [t for t in rest if t not in taken]
                hands[s] = picked
            else:
                return hands, rest
        # the real hands always fit, so this is not reached in play; never fail a move
        start, hands = 0, {}
        for s, size, _ in seats:
            hands[s] = pool[start:start + size]
            start += size
        return hands, pool[start:]
