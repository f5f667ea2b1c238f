"""The exact Partner solver (bots/search/solver.py) against plain minimax, written here
straight from the rules (PARTNER-4..6): no pruning, no table, no shortcuts."""
from __future__ import annotations

import random

from dominoes_tui.bots.search.solver import PartnerSolver
from dominoes_tui.engine import ALL_TILES
from dominoes_tui.engine.bits import BIT

LO = [t.low for t in ALL_TILES]
HI = [t.high for t in ALL_TILES]


def _fits(t: int, ends: tuple[int, int]) -> bool:
    return LO[t] in ends or HI[t] in ends


def _minimax(hands: list[list[int]], ends: tuple[int, int], seat: int, passes: int) -> int:
    """The result for team 0 (seats 0 and 2): 1 win, 0 tie, -1 loss."""
    if passes == 4:  # nobody could play: the fewer pips win (COM-9)
        a = sum(LO[t] + HI[t] for t in hands[0] + hands[2])
        b = sum(LO[t] + HI[t] for t in hands[1] + hands[3])
        return (a < b) - (a > b)
    options = []
    for t in hands[seat]:
        for i in (0, 1):
            e = ends[i]
            if e not in (LO[t], HI[t]):
                continue
            other = HI[t] if LO[t] == e else LO[t]
            new = (other, ends[1]) if i == 0 else (ends[0], other)
            rest = [x for x in hands[seat] if x != t]
            if not rest:
                options.append(1 if seat % 2 == 0 else -1)
                continue
            after = [rest if s == seat else h for s, h in enumerate(hands)]
            options.append(_minimax(after, new, (seat + 1) % 4, 0))
    if not options:
        return _minimax(hands, ends, (seat + 1) % 4, passes + 1)
    return max(options) if seat % 2 == 0 else min(options)


def _position(rng: random.Random, left: int) -> tuple[list[list[int]], tuple[int, int], int] | None:
    """A Partner hand played at random until `left` tiles remain in the hands."""
    tiles = list(range(28))
    rng.shuffle(tiles)
    hands = [tiles[7 * s:7 * s + 7] for s in range(4)]
    lead = hands[0].pop()
    ends, seat, passes = (LO[lead], HI[lead]), 1, 0
    while sum(map(len, hands)) > left:
        playable = [t for t in hands[seat] if _fits(t, ends)]
        if not playable:
            passes += 1
            if passes == 4:
                return None
            seat = (seat + 1) % 4
            continue
        t = rng.choice(playable)
        hands[seat].remove(t)
        if not hands[seat]:
            return None
        e = ends[0] if ends[0] in (LO[t], HI[t]) else ends[1]
        other = HI[t] if LO[t] == e else LO[t]
        ends = (other, ends[1]) if e == ends[0] else (ends[0], other)
        seat, passes = (seat + 1) % 4, 0
    return hands, ends, seat


def test_the_solver_agrees_with_plain_minimax_on_small_endings() -> None:
    rng = random.Random(13)
    checked = 0
    solver = PartnerSolver()  # one table across positions, as in a search
    while checked < 120:
        pos = _position(rng, rng.choice([5, 7, 9, 11]))
        if pos is None:
            continue
        hands, ends, seat = pos
        expected = _minimax(hands, ends, seat, 0)
        masks = [sum(BIT[t] for t in h) for h in hands]
        got = solver.value(masks, ends[0], ends[1], seat)
        assert (got if seat % 2 == 0 else -got) == expected, (hands, ends, seat)
        checked += 1
