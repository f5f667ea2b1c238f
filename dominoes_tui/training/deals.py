"""Every deal of the hidden tiles that fits what the mover has seen, listed one by one.

The bots' sampler (bots/sampler.py) draws such deals at random and counts them; a puzzle
admitted "in every deal" needs each of them once. A deal gives each other seat its known
number of unseen tiles, never a tile carrying a number that seat has shown it lacks, and
leaves the rest (dead tiles, or a boneyard nobody may draw from) aside: with a boneyard
still drawable its order would matter too, and such positions are not listed here.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..bots.knowledge import Knowledge
from ..bots.sampler import DealSampler, NoConsistentDeal
from ..engine import PlayerView
from ..engine.bits import INDEX, TILES

Deal = tuple[dict[int, list[int]], list[int]]  # {seat: tile indices}, the rest


class TooMany(Exception):
    """More deals fit than the caller would solve one by one."""


def every_deal(view: PlayerView, most: int) -> list[Deal]:
    """Each deal consistent with `view` (its seat's knowledge), at most `most` of them:
    TooMany past that, or where a drawable boneyard makes its order part of the deal.
    An empty list where the facts contradict each other."""
    if view.drawable > 0:
        raise TooMany
    know = Knowledge.from_view(view)
    others = [s for s in range(view.players) if s != view.seat]
    unseen = sorted(INDEX[t] for t in know.unseen)
    sizes = [view.hand_sizes[s] for s in others]
    rest = len(unseen) - sum(sizes)
    if rest < 0:
        return []
    lacks = [frozenset(know.lacks[s]) for s in others]
    try:  # counted first, cheaply: a position with thousands of deals is not walked at all
        count = DealSampler(unseen, dict(zip(others, sizes, strict=True)), dict(zip(others, lacks, strict=True))).deals()
    except NoConsistentDeal:
        return []
    if count > most:
        raise TooMany
    fits = [[not (lacks[k] & {TILES[t].low, TILES[t].high}) for k in range(len(others))] for t in unseen]
    found: list[Deal] = []

    def place(i: int, room: list[int], left: int, hands: list[list[int]], aside: list[int]) -> Iterator[None]:
        if i == len(unseen):
            yield None
            return
        t = unseen[i]
        for k in range(len(others)):
            if room[k] and fits[i][k]:
                room[k] -= 1
                hands[k].append(t)
                yield from place(i + 1, room, left, hands, aside)
                hands[k].pop()
                room[k] += 1
        if left:
            aside.append(t)
            yield from place(i + 1, room, left - 1, hands, aside)
            aside.pop()

    hands: list[list[int]] = [[] for _ in others]
    aside: list[int] = []
    for _ in place(0, list(sizes), rest, hands, aside):
        found.append(({s: list(hands[k]) for k, s in enumerate(others)}, list(aside)))
        if len(found) > most:
            raise TooMany
    return found
