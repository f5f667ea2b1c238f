"""The names of the table's ends and a tile as it lies: the words the core (bits, board)
and the public Layout both speak, so that neither imports the other to say them."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, Protocol

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


class LaidOut(Protocol):
    """What a Layout and a LayoutView both show: the line, the spinner's place, its arms."""

    @property
    def line(self) -> Sequence[Placed]: ...
    @property
    def spinner_index(self) -> int | None: ...
    @property
    def up(self) -> Sequence[Placed]: ...
    @property
    def down(self) -> Sequence[Placed]: ...


@dataclass(frozen=True)
class Chain:
    """A layout given by its parts (a position's, a fixture's): a LaidOut of plain tuples."""

    line: Sequence[Placed]
    spinner_index: int | None = None
    up: Sequence[Placed] = ()
    down: Sequence[Placed] = ()
