"""Deals of the hidden tiles drawn exactly uniformly among those consistent with what is public.

What a seat knows of the others: how many tiles each holds, and the numbers each has
shown it lacks (COM-6); every unseen tile is in some other hand or in the boneyard (or
among the dead tiles), and the boneyard takes anything. Every deal that respects this is
equally likely given the public play, so a fair guess draws uniformly from them (dealing
the seats one after another from one shuffle does not: each seat then gets what the seat
before could not take).

Tiles that the same seats may hold are interchangeable for counting, so the tiles are
grouped by the set of seats allowed to hold them (at most 8 groups with 3 other seats).
The number of completions from any point (how many of each group are still to place, how
much room each hand has left) is counted once per position; a deal is then drawn group by
group, choosing how many of the group go to each seat with probability proportional to
the completions that follow, and which tiles of the group go where by a shuffle. Exact,
and after the first deal, cheap: a search can call `sample` thousands of times.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb

from ..engine.bits import HI, LO


class NoConsistentDeal(ValueError):
    """The public facts admit no deal (they contradict each other)."""


class DealSampler:
    def __init__(self, unseen: Sequence[int], sizes: dict[int, int], lacks: dict[int, set[int] | frozenset[int]]) -> None:
        """`unseen`: tile indices hidden from this seat; `sizes`: hand size of every other
        seat; `lacks`: numbers each of them has shown it lacks. The tiles left over after
        the hands form the boneyard (or the dead tiles)."""
        self.seats = sorted(sizes)
        self.sizes = tuple(sizes[s] for s in self.seats)
        self.rest = len(unseen) - sum(self.sizes)
        if self.rest < 0:
            raise NoConsistentDeal("more tiles in the hands than are unseen")
        groups: dict[tuple[bool, ...], list[int]] = {}
        for t in unseen:
            allowed = tuple(LO[t] not in lacks.get(s, ()) and HI[t] not in lacks.get(s, ()) for s in self.seats)
            groups.setdefault(allowed, []).append(t)
        self.groups = sorted(groups.items())  # fixed order: the same deals for the same rng
        self._plans: dict[tuple[int, tuple[int, ...]], tuple[list[float], list[tuple[int, ...]]]] = {}
        if self.completions(0, self.sizes + (self.rest,)) == 0:
            raise NoConsistentDeal("no deal fits every seat's size and what it has shown it lacks")

    # -- counting ---------------------------------------------------------------------
    def deals(self) -> int:
        """How many deals fit (the rest counted as a set: its order is not told apart)."""
        return self.completions(0, self.sizes + (self.rest,))

    def completions(self, g: int, room: tuple[int, ...]) -> int:
        return _count(tuple((allowed, len(tiles)) for allowed, tiles in self.groups), g, room)

    def _plan(self, g: int, room: tuple[int, ...]) -> tuple[list[float], list[tuple[int, ...]]]:
        """Cumulative weights of each way to split group g among the seats and the rest."""
        key = (g, room)
        plan = self._plans.get(key)
        if plan is None:
            allowed, tiles = self.groups[g]
            specs = tuple((a, len(t)) for a, t in self.groups)
            cumulative: list[float] = []
            splits: list[tuple[int, ...]] = []
            total = 0
            for split in _splits(len(tiles), allowed, room):
                after = tuple(r - k for r, k in zip(room, split))
                ways = _multinomial(split) * _count(specs, g + 1, after)
                if ways:
                    total += ways
                    cumulative.append(total)
                    splits.append(split)
            plan = self._plans[key] = ([c / total for c in cumulative], splits)
        return plan

    # -- drawing ------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        """One deal: {seat: tiles}, and the rest (boneyard or dead tiles) in random order."""
        room = self.sizes + (self.rest,)
        hands: list[list[int]] = [[] for _ in self.seats]
        rest: list[int] = []
        for g, (_allowed, tiles) in enumerate(self.groups):
            cumulative, splits = self._plan(g, room)
            split = splits[min(bisect_right(cumulative, rng.random()), len(splits) - 1)]
            pool = tiles[:]
            rng.shuffle(pool)
            at = 0
            for i, k in enumerate(split[:-1]):
                hands[i].extend(pool[at:at + k])
                at += k
            rest.extend(pool[at:])
            room = tuple(r - k for r, k in zip(room, split))
        rng.shuffle(rest)  # the boneyard's order is unknown too
        return {s: hands[i] for i, s in enumerate(self.seats)}, rest


def _multinomial(parts: tuple[int, ...]) -> int:
    n, ways = 0, 1
    for k in parts:
        n += k
        ways *= comb(n, k)
    return ways


def _splits(n: int, allowed: tuple[bool, ...], room: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to put n tiles into the allowed seats and the rest (last), within room."""
    seats = len(allowed)

    def rec(i: int, left: int, acc: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == seats:
            if left <= room[seats]:
                yield acc + (left,)
            return
        top = min(left, room[i]) if allowed[i] else 0
        for k in range(top + 1):
            yield from rec(i + 1, left - k, acc + (k,))

    yield from rec(0, n, ())


@lru_cache(maxsize=65536)
def _count(specs: tuple[tuple[tuple[bool, ...], int], ...], g: int, room: tuple[int, ...]) -> int:
    """Ways to place groups g.. (each group's tiles distinct) into seats and rest, filling
    every seat exactly and the rest exactly."""
    if g == len(specs):
        return 1 if not any(room) else 0
    allowed, n = specs[g]
    total = 0
    for split in _splits(n, allowed, room):
        total += _multinomial(split) * _count(specs, g + 1, tuple(r - k for r, k in zip(room, split)))
    return total
