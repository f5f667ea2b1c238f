"""Tiles of the double-six set (docs/RULES.md §1)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .errors import BadText
from .says import NO_SUCH_TILE, NOT_A_TILE, NOT_TILES


class Tile(NamedTuple):
    """A tile `low-high`; `a-b` and `b-a` are the same tile, so it is stored sorted."""

    low: int
    high: int

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, value: int) -> bool:
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The half left exposed when the half `value` is covered."""
        return self.high if self.low == value else self.low

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile({self.low}-{self.high})"


ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a in range(7) for b in range(a, 7))
TILE_NAME: dict[Tile, str] = {t: f"{t.low}-{t.high}" for t in ALL_TILES}
_BY_NAME = {str(t): t for t in ALL_TILES}
_BY_NAME.update({f"{t.high}-{t.low}": t for t in ALL_TILES})


def tile(a: int, b: int) -> Tile:
    if not (0 <= a <= 6 and 0 <= b <= 6):
        raise BadText(NO_SUCH_TILE, a=a, b=b)
    return Tile(a, b) if a <= b else Tile(b, a)


def parse_tile(text: object) -> Tile:
    """`"3-5"` (or `"5-3"`) -> Tile(3, 5); anything else raises ValueError."""
    if not isinstance(text, str) or text.strip() not in _BY_NAME:
        raise BadText(NOT_A_TILE, text=text)
    return _BY_NAME[text.strip()]


def parse_tiles(items: object) -> list[Tile]:
    if not isinstance(items, list):
        raise BadText(NOT_TILES, items=items)
    return [parse_tile(x) for x in items]


def hand_pips(hand: Sequence[Tile]) -> int:
    return sum(t.low + t.high for t in hand)


def heaviness(t: Tile) -> tuple[int, int]:
    """Sort key: heavier tiles compare greater; equal pips are ranked by the high half."""
    return (t.pips, t.high)


def lightness(t: Tile) -> tuple[int, int]:
    """Sort key: lighter tiles compare smaller; equal pips are ranked by the low half."""
    return (t.pips, t.low)
