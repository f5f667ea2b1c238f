"""The integer form of the tiles, for the engine's core and for searching bots.

A tile is its index 0-27 in ALL_TILES; a set of tiles (a hand, the unseen) is a 28-bit
mask. Everything a turn needs is precomputed here once: the halves and pips of each
index, the mask of tiles carrying each number, and every Move object, so the hot paths
work on small integers and only hand out the shared public objects.
"""
from __future__ import annotations

from typing import Final

from .ends import END_NAMES
from .moves import LEAD, PLACE, Move
from .tiles import ALL_TILES, Tile

TILES: Final[tuple[Tile, ...]] = ALL_TILES
LO: Final[tuple[int, ...]] = tuple(t.low for t in ALL_TILES)
HI: Final[tuple[int, ...]] = tuple(t.high for t in ALL_TILES)
PIPS: Final[tuple[int, ...]] = tuple(t.low + t.high for t in ALL_TILES)
DOUBLE: Final[tuple[bool, ...]] = tuple(t.low == t.high for t in ALL_TILES)
NAME: Final[tuple[str, ...]] = tuple(f"{t.low}-{t.high}" for t in ALL_TILES)
INDEX: Final[dict[Tile, int]] = {t: i for i, t in enumerate(ALL_TILES)}
FULL: Final = (1 << 28) - 1
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(28))

# NUMBER[v]: the tiles carrying the number v (7 each)
NUMBER: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i, t in enumerate(ALL_TILES) if v in (t.low, t.high)) for v in range(7)
)

# END_INDEX[end name]: its index in END_NAMES; the lead (no end) is point 0
END_INDEX: Final[dict[str | None, int]] = {None: 0, **{name: i for i, name in enumerate(END_NAMES)}}


def mask_of(tiles: list[int]) -> int:
    """The set of tile indices `tiles` as a bitmask."""
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def tile_hands(hands: list[list[int]]) -> list[list[Tile]]:
    """Hands of indices as hands of Tiles (fresh lists)."""
    return [[TILES[t] for t in h] for h in hands]


def indices(mask: int) -> list[int]:
    """The tile indices in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def bit_count(mask: int) -> int:
    return mask.bit_count()


def fits(t: int, v: int) -> bool:
    """Whether tile `t` can be placed on an open end showing `v`: one of its halves is `v`
    (COM-3)."""
    return LO[t] == v or HI[t] == v


def _codes_for(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per tile, its codes (tile index * 4 + end index) onto open ends showing `values`."""
    return tuple(tuple(t * 4 + e for e, v in enumerate(values) if fits(t, v)) for t in range(28))


# Codes per tile for a line whose ends show (left, right): LINE_CODES[left * 7 + right][t]
LINE_CODES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    _codes_for((a, b)) for a in range(7) for b in range(7))
_FOUR: dict[tuple[int, int, int, int], tuple[tuple[int, ...], ...]] = {}


def four_codes(values: tuple[int, int, int, int]) -> tuple[tuple[int, ...], ...]:
    """Codes per tile once the spinner's four arms are open (made on first need, kept)."""
    table = _FOUR.get(values)
    if table is None:
        table = _FOUR[values] = _codes_for(values)
    return table


# OTHER[t * 7 + v]: the half of tile t left showing when its half v is covered
OTHER: Final[tuple[int, ...]] = tuple(
    (HI[t] if LO[t] == v else LO[t]) for t in range(28) for v in range(7)
)
# PLACED_CODE[id(move)]: tile index * 4 + end index of every shared Move onto an end;
# CODE: the same, with the leads too (end 0)
PLACED_CODE: Final[dict[int, int]] = {id(PLACE[e][t]): t * 4 + e for e in range(4) for t in range(28)}
CODE: Final[dict[int, int]] = {id(m): t * 4 for t, m in enumerate(LEAD)}
CODE.update(PLACED_CODE)
# PLACED[code]: the shared Move of a placement's code (tile index * 4 + end index)
PLACED: Final[tuple[Move, ...]] = tuple(PLACE[code & 3][code >> 2] for code in range(112))
