"""The hard bot's sampler deals exactly uniformly among the deals consistent with what
is public: its marginals match exact enumeration on small positions."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from dominoes_tui.bots.sampler import DealSampler, NoConsistentDeal
from dominoes_tui.engine.bits import HI, LO

# (unseen tiles, hand sizes of the other seats, their lacks): positions where a seat has
# shown a lack, the kind where dealing seat after seat from one shuffle is biased
POSITIONS = [
    ([0, 1, 2, 7, 13, 27], {1: 2, 2: 2}, {1: {0}, 2: set()}),
    ([0, 1, 2, 3, 8, 14, 20, 27], {1: 3, 2: 2, 3: 2}, {1: {0, 1}, 2: {6}, 3: set()}),
    ([3, 4, 5, 9, 10, 15, 21], {1: 2, 3: 3}, {1: {3}, 3: {5}}),
    ([0, 6, 12, 17, 21, 24, 26], {1: 3, 2: 1, 3: 1}, {1: {5}, 2: {0}, 3: set()}),
]


def exact_marginals(unseen, sizes, lacks):
    """P(tile in seat) over every consistent deal, by brute force."""
    seats = sorted(sizes)
    counts: Counter = Counter()
    total = 0
    for labels in itertools.product([*seats, None], repeat=len(unseen)):
        if any(labels.count(s) != sizes[s] for s in seats):
            continue
        if any(s is not None and (LO[t] in lacks[s] or HI[t] in lacks[s]) for t, s in zip(unseen, labels)):
            continue
        total += 1
        counts.update(zip(unseen, labels))
    return {k: v / total for k, v in counts.items()}, total


@pytest.mark.parametrize("position", POSITIONS)
def test_marginals_match_exact_enumeration(position) -> None:
    unseen, sizes, lacks = position
    exact, total = exact_marginals(unseen, sizes, lacks)
    sampler = DealSampler(unseen, sizes, lacks)
    assert sampler.completions(0, sampler.sizes + (sampler.rest,)) == total
    rng = random.Random(7)
    n = 20000
    seen: Counter = Counter()
    for _ in range(n):
        hands, rest = sampler.sample(rng)
        for s, tiles in hands.items():
            assert len(tiles) == sizes[s]
            assert not any(LO[t] in lacks[s] or HI[t] in lacks[s] for t in tiles)
            seen.update((t, s) for t in tiles)
        seen.update((t, None) for t in rest)
        assert sorted([t for h in hands.values() for t in h] + rest) == sorted(unseen)
    worst = max(abs(seen[k] / n - p) for k, p in exact.items())
    assert worst < 0.015, worst


def test_every_consistent_deal_comes_up_about_equally_often() -> None:
    unseen, sizes, lacks = POSITIONS[0]
    sampler = DealSampler(unseen, sizes, lacks)
    rng = random.Random(3)
    deals: Counter = Counter()
    for _ in range(30000):
        hands, rest = sampler.sample(rng)
        deals[tuple(tuple(sorted(hands[s])) for s in sorted(hands))] += 1
    _, total = exact_marginals(unseen, sizes, lacks)
    assert len(deals) == total
    expected = 30000 / total
    assert all(abs(c - expected) < 0.25 * expected for c in deals.values())


def test_facts_that_admit_no_deal_are_refused() -> None:
    with pytest.raises(NoConsistentDeal):
        DealSampler([0, 1], {1: 2}, {1: {0}})  # both tiles carry the 0 it lacks
    with pytest.raises(NoConsistentDeal):
        DealSampler([0, 1], {1: 3}, {1: set()})
