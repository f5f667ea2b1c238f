"""An exact solver of two-player Draw endings with every tile known, written for the tests
from docs/RULES.md alone: it shares no code and no representation with the engine or the
bots' search, so it cannot share their mistakes.

The position: both hands known, the line's two open ends, whose turn it is, and an empty
boneyard (so nobody draws: COM-5 needs drawable > 0). The rules it follows:

- COM-3: a tile fits an end that shows one of its numbers; the other number then shows.
- COM-4/COM-6: a player with a fitting tile must place one; without one, passes.
- COM-7 (a): placing the last tile ends the round (domino); (b) when neither player can
  place (here: both pass in a row) the round is blocked.
- DRAW-7/COM-9: the round is won by whoever went out, else by the lower raw pip total; a
  tie wins nobody.
- DRAW-8: the winner scores the other's pips minus their own (0 after a domino); with
  `blocked_points = loser_pips` the subtraction is dropped after a block.

`margin` is the round's points from one player's side: what they score if they win, minus
what the other scores if the other wins. Each player places to make their own margin as
large as it can be (in a zero-sum round, the other's as small), which is best play.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

Tile = tuple[int, int]  # (low, high)
Hand = frozenset[Tile]

# The set as this oracle numbers it (its own order: nothing here is the engine's), and for
# each end value the tiles that carry it, as bits.
SET: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))
BIT = {tile: 1 << i for i, tile in enumerate(SET)}
CARRY = tuple(sum(BIT[t] for t in SET if v in t) for v in range(7))
PIPS = tuple(a + b for a, b in SET)


def pips(hand: Hand) -> int:
    return sum(a + b for a, b in hand)


def tile_from(text: str) -> Tile:
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


def mask(hand: Hand) -> int:
    return sum(BIT[t] for t in hand)


# the pips of each byte's tiles, so a hand's pips are four look-ups
_BYTE_PIPS = tuple(tuple(sum(PIPS[8 * k + i] for i in range(8) if 8 * k + i < 28 and byte >> i & 1)
                         for byte in range(256)) for k in range(4))


def mask_pips(m: int) -> int:
    return (_BYTE_PIPS[0][m & 255] + _BYTE_PIPS[1][m >> 8 & 255] + _BYTE_PIPS[2][m >> 16 & 255]
            + _BYTE_PIPS[3][m >> 24 & 255])


def placements(hand: Hand, left: int, right: int) -> list[tuple[Tile, str, int, int]]:
    """Every (tile, end, new left, new right) the hand may place; a tile that fits both ends
    gives two (their results may be the same)."""
    out = []
    for tile in sorted(hand):
        a, b = tile
        if left in tile:
            out.append((tile, "left", b if a == left else a, right))
        if right in tile:
            out.append((tile, "right", left, b if a == right else a))
    return out


def mask_placements(tiles: int, left: int | None, right: int | None) -> Iterator[tuple[int, str, int, int]]:
    """Each placement of the tiles in `tiles` (bits) on the line: the tile's bit, the move in
    words ("a-b left"; a lead, on no ends yet, "a-b") and the ends after it."""
    for i in range(28):
        if not tiles >> i & 1:
            continue
        a, b = SET[i]
        if left is None or right is None:  # the lead: its two numbers are the ends
            yield 1 << i, f"{a}-{b}", a, b
            continue
        if left in (a, b):
            yield 1 << i, f"{a}-{b} left", b if a == left else a, right
        if right in (a, b):
            yield 1 << i, f"{a}-{b} right", left, b if a == right else a


def _blocked_points(loser_pips: int, winner_pips: int, loser_pips_rule: bool) -> int:
    return loser_pips if loser_pips_rule else loser_pips - winner_pips


@lru_cache(maxsize=4_000_000)
def _margin(mover: int, other: int, left: int, right: int, passed: bool, loser_pips_rule: bool) -> int:
    fits = mover & (CARRY[left] | CARRY[right])
    if not fits:
        if passed:  # neither can place: blocked (COM-7 b), the lower total wins (COM-9)
            mine, theirs = mask_pips(mover), mask_pips(other)
            if mine < theirs:
                return _blocked_points(theirs, mine, loser_pips_rule)
            if mine > theirs:
                return -_blocked_points(mine, theirs, loser_pips_rule)
            return 0
        return -_margin(other, mover, left, right, True, loser_pips_rule)
    best = None
    while fits:
        low = fits & -fits
        fits ^= low
        a, b = SET[low.bit_length() - 1]
        rest = mover ^ low
        for end_value, keep in ((left, right), (right, left)):
            if end_value not in (a, b):
                continue
            new = b if a == end_value else a
            if not rest:  # domino: the mover scores the other's pips (DRAW-8, P(w) = 0)
                value = mask_pips(other)
            elif new <= keep:  # the two ends are alike (COM-3): a position is kept with its lower end first
                value = -_margin(other, rest, new, keep, False, loser_pips_rule)
            else:
                value = -_margin(other, rest, keep, new, False, loser_pips_rule)
            if best is None or value > best:
                best = value
    assert best is not None
    return best


def margin(mover: Hand, other: Hand, left: int, right: int, passed: bool, loser_pips_rule: bool = False) -> int:
    """The mover's margin with best play by both. `passed`: the other player passed just
    before (a second pass in a row blocks the round)."""
    return _margin(mask(mover), mask(other), min(left, right), max(left, right), passed, loser_pips_rule)


def move_margins(mover: Hand, other: Hand, left: int, right: int, loser_pips_rule: bool = False) -> dict[tuple[Tile, str], int]:
    """Each legal placement's margin for the mover, with best play afterwards."""
    out: dict[tuple[Tile, str], int] = {}
    for tile, end, new_left, new_right in placements(mover, left, right):
        rest = mover - {tile}
        out[(tile, end)] = pips(other) if not rest else -margin(other, rest, new_left, new_right, False, loser_pips_rule)
    return out
