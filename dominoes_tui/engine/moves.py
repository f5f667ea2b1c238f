"""Moves: a tile and the end it goes to (COM-3); the legal ones come from the round's core (round.py)."""
from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..i18n import _
from .layout import END_NAMES
from .tiles import ALL_TILES, Tile, parse_tile


class Move(NamedTuple):
    """Place `tile` at `end`; `end` is None for the lead."""

    tile: Tile
    end: str | None

    def __str__(self) -> str:
        return f"{self.tile}" if self.end is None else f"{self.tile} on {self.end}"

    def to_json(self) -> dict[str, Any]:
        return {"tile": str(self.tile), "end": self.end}

    @staticmethod
    def from_json(data: object) -> Move:
        """Parse `{"tile": "3-5", "end": "left"}`; ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(_("a move is an object with 'tile' and 'end', not {data!r}").format(data=data))
        if "tile" not in data:
            raise ValueError(_("a move needs a 'tile'"))
        end = data.get("end")
        if end is not None and end not in END_NAMES:
            raise ValueError(_("end {end!r} is not one of {ends} or null").format(end=end, ends=", ".join(END_NAMES)))
        return Move(parse_tile(data["tile"]), end)


# Every Move there is, made once: LEAD[t] leads tile index t, PLACE[end index][t] places
# it at an end (END_NAMES order). Legal moves are listed on every turn, and building
# NamedTuples there was a large part of the engine's time: the engine hands out these.
LEAD: Final[tuple[Move, ...]] = tuple(Move(t, None) for t in ALL_TILES)
PLACE: Final[tuple[tuple[Move, ...], ...]] = tuple(tuple(Move(t, end) for t in ALL_TILES) for end in END_NAMES)
