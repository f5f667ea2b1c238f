"""The tiles on the table: a line with two ends, and in All Fives a spinner (FIVES-5/6).

The line is kept left to right as oriented tiles. Once a spinner exists, the tiles left
of it are arm W ("left"), those right of it arm E ("right"); arms N ("up") and S
("down") are separate lists that open when W and E each hold a tile.

What play depends on (which ends are open, what they show, the count) is the core's
Board, which the Layout carries and asks: the Layout itself only keeps how the tiles lie,
for views and screens.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from .bits import END_INDEX, INDEX, OTHER, fits
from .board import Board
from .ends import END_NAMES, End, LaidOut, Placed
from .errors import IllegalMove
from .says import END_NOT_OPEN, NEEDS_END, NO_MATCH, end_phrase
from .tiles import Tile

__all__ = ["END_NAMES", "End", "LaidOut", "Layout", "Placed"]


class Layout:
    __slots__ = ("spinner_allowed", "line", "spinner", "west", "east", "up", "down", "board")

    def __init__(self, spinner_allowed: bool = False) -> None:
        self.spinner_allowed = spinner_allowed
        self.line: deque[Placed] = deque()
        self.spinner: Tile | None = None
        self.west = 0  # tiles left of the spinner in the line
        self.east = 0  # tiles right of the spinner in the line
        self.up: list[Placed] = []
        self.down: list[Placed] = []
        self.board = Board(spinner_allowed)  # the ends as play sees them, kept in step

    @classmethod
    def of(cls, laid: LaidOut, spinner_allowed: bool) -> Layout:
        """A Layout lying as `laid` does (a LayoutView, a position's chain); the chain's
        own checks are the position's (position_check.py)."""
        layout = cls(spinner_allowed)
        layout.line = deque(laid.line)
        index = laid.spinner_index
        if index is not None:
            layout.spinner = laid.line[index].tile
            layout.west, layout.east = index, len(laid.line) - 1 - index
        layout.up, layout.down = list(laid.up), list(laid.down)
        layout.board = Board.from_layout(layout, spinner_allowed)
        return layout

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
        board = self.board
        return [(END_NAMES[point], board.val[point]) for point in board.points()]

    def end_value(self, end: str) -> int | None:
        point = END_INDEX.get(end) if isinstance(end, str) else None
        if point is None or point not in self.board.points():
            return None
        return self.board.val[point]

    def count(self) -> int:
        """FIVES-6: the sum the All Fives scoring looks at."""
        return self.board.count()

    # -- changing --------------------------------------------------------------
    def place(self, tile: Tile, end: str | None) -> None:
        """Attach `tile` at `end` (None for the lead). Raises IllegalMove without changing anything."""
        board, t = self.board, INDEX[tile]
        if end is None:
            if not board.empty:
                raise IllegalMove(NEEDS_END, tile=str(tile))
            board.place(t, 0)
            self.line.append(Placed(tile, tile.low, tile.high))
            if board.spin >= 0:
                self.spinner = tile
            return
        value = self.end_value(end)
        if value is None:
            raise IllegalMove(END_NOT_OPEN, end=end_phrase(end))
        if not fits(t, value):
            raise IllegalMove(NO_MATCH, tile=str(tile), end=end_phrase(end), value=value)
        point, outer = END_INDEX[end], OTHER[t * 7 + value]
        had_spinner = self.spinner is not None
        board.place(t, point)
        becomes_spinner = not had_spinner and board.spin >= 0
        if point == 0:
            self.line.appendleft(Placed(tile, outer, value))
            if becomes_spinner:
                self.spinner, self.west, self.east = tile, 0, len(self.line) - 1
            elif had_spinner:
                self.west += 1
        elif point == 1:
            self.line.append(Placed(tile, value, outer))
            if becomes_spinner:
                self.spinner, self.west, self.east = tile, len(self.line) - 1, 0
            elif had_spinner:
                self.east += 1
        else:
            (self.up if point == 2 else self.down).append(Placed(tile, value, outer))

    def copy(self) -> Layout:
        other = Layout(self.spinner_allowed)
        other.line = deque(self.line)
        other.spinner, other.west, other.east = self.spinner, self.west, self.east
        other.up, other.down = list(self.up), list(self.down)
        other.board = self.board.copy()
        return other
