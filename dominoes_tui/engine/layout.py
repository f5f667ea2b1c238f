"""The tiles on the table: a line with two ends, and in All Fives a spinner (FIVES-5/6).

The line is kept left to right as oriented tiles. Once a spinner exists, the tiles left
of it are arm W ("left"), those right of it arm E ("right"); arms N ("up") and S
("down") are separate lists that open when W and E each hold a tile.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from enum import StrEnum
from typing import NamedTuple

from .errors import IllegalMove
from .says import END_NOT_OPEN, NEEDS_END, NO_MATCH, end_phrase
from .tiles import Tile


class End(StrEnum):
    """An end a tile is placed at (COM-3); up and down are the spinner's arms (FIVES-5).
    Each member is its word, as logs and the protocol write it."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"


END_NAMES: tuple[End, ...] = tuple(End)


class Placed(NamedTuple):
    """A tile on the table and how it lies (a NamedTuple: it is made on every play)."""

    tile: Tile
    first: int  # the half nearer the left of the line, or nearer the spinner on N/S
    second: int

    @property
    def is_double(self) -> bool:
        return self.first == self.second


class Layout:
    __slots__ = ("spinner_allowed", "line", "spinner", "west", "east", "up", "down")

    def __init__(self, spinner_allowed: bool = False) -> None:
        self.spinner_allowed = spinner_allowed
        self.line: deque[Placed] = deque()
        self.spinner: Tile | None = None
        self.west = 0  # tiles left of the spinner in the line
        self.east = 0  # tiles right of the spinner in the line
        self.up: list[Placed] = []
        self.down: list[Placed] = []

    # -- reading -------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.line) + len(self.up) + len(self.down)

    @property
    def is_empty(self) -> bool:
        return not self.line

    @property
    def spinner_index(self) -> int | None:
        return self.west if self.spinner is not None else None

    def tiles(self) -> Iterator[Tile]:
        for p in self.line:
            yield p.tile
        for p in self.up:
            yield p.tile
        for p in self.down:
            yield p.tile

    def open_ends(self) -> list[tuple[End, int]]:
        """Every attachment point with the value showing there, in END_NAMES order."""
        line = self.line
        if not line:
            return []
        ends = [(End.LEFT, line[0].first), (End.RIGHT, line[-1].second)]
        if self.spinner is not None and self.west and self.east:
            s = self.spinner.low
            ends.append((End.UP, self.up[-1].second if self.up else s))
            ends.append((End.DOWN, self.down[-1].second if self.down else s))
        return ends

    def end_value(self, end: str) -> int | None:
        for name, value in self.open_ends():
            if name == end:
                return value
        return None

    def count(self) -> int:
        """FIVES-6: the sum the All Fives scoring looks at."""
        if not self.line:
            return 0
        left, right = self.line[0], self.line[-1]
        if self.spinner is None:
            return left.first + right.second
        s = self.spinner.low
        total = 0
        if self.west:
            total += 2 * left.first if left.is_double else left.first
        if self.east:
            total += 2 * right.second if right.is_double else right.second
        for arm in (self.up, self.down):
            if arm:
                outer = arm[-1]
                total += 2 * outer.second if outer.is_double else outer.second
        if not self.west or not self.east:
            total += 2 * s
        return total

    # -- changing --------------------------------------------------------------
    def place(self, tile: Tile, end: str | None) -> None:
        """Attach `tile` at `end` (None for the lead). Raises IllegalMove without changing anything."""
        if end is None:
            if self.line:
                raise IllegalMove(NEEDS_END, tile=str(tile))
            self.line.append(Placed(tile, tile.low, tile.high))
            if self.spinner_allowed and tile.is_double:
                self.spinner = tile
            return
        if end == End.LEFT:
            value: int | None = self.line[0].first if self.line else None
        elif end == End.RIGHT:
            value = self.line[-1].second if self.line else None
        else:
            value = self.end_value(end)
        if value is None:
            raise IllegalMove(END_NOT_OPEN, end=end_phrase(end))
        if not tile.has(value):
            raise IllegalMove(NO_MATCH, tile=str(tile), end=end_phrase(end), value=value)
        outer = tile.other(value)
        becomes_spinner = self.spinner_allowed and self.spinner is None and tile.is_double
        if end == End.LEFT:
            self.line.appendleft(Placed(tile, outer, value))
            if becomes_spinner:
                self.spinner, self.west, self.east = tile, 0, len(self.line) - 1
            elif self.spinner is not None:
                self.west += 1
        elif end == End.RIGHT:
            self.line.append(Placed(tile, value, outer))
            if becomes_spinner:
                self.spinner, self.west, self.east = tile, len(self.line) - 1, 0
            elif self.spinner is not None:
                self.east += 1
        else:
            (self.up if end == End.UP else self.down).append(Placed(tile, value, outer))

    def copy(self) -> Layout:
        other = Layout(self.spinner_allowed)
        other.line = deque(self.line)
        other.spinner, other.west, other.east = self.spinner, self.west, self.east
        other.up, other.down = list(self.up), list(self.down)
        return other
