"""Moves: a tile and the end it goes to (COM-3); the legal ones come from the round's core (round.py)."""
from __future__ import annotations

from typing import Any, Final, NamedTuple

from .ends import END_NAMES, End
from .errors import BadText, Phrase
from .says import BAD_END, MOVE_ON, MOVE_SHAPE, MOVE_TILE, end_phrase
from .tiles import ALL_TILES, Tile, parse_tile


class Move(NamedTuple):
    """Place `tile` at `end`; `end` is None for the lead."""

    tile: Tile
    end: End | None

    def __str__(self) -> str:
        """The move in English ("3-5 on left"; `phrase` for a person, to_json() for machines)."""
        return str(self.phrase)

    @property
    def phrase(self) -> Phrase | str:
        """The move as a person reads it, as a key and arguments that the edges put in their language."""
        if self.end is None:
            return str(self.tile)
        return Phrase(MOVE_ON, tile=str(self.tile), end=end_phrase(self.end))

    def to_json(self) -> dict[str, Any]:
        return {"tile": str(self.tile), "end": self.end}

    @staticmethod
    def from_json(data: object) -> Move:
        """Parse `{"tile": "3-5", "end": "left"}`; ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise BadText(MOVE_SHAPE, data=data)
        if "tile" not in data:
            raise BadText(MOVE_TILE)
        end = data.get("end")
        if end is not None and end not in END_NAMES:
            raise BadText(BAD_END, end=end, ends=", ".join(END_NAMES))
        return Move(parse_tile(data["tile"]), None if end is None else End(end))


# Every Move there is, made once: LEAD[t] leads tile index t, PLACE[end index][t] places
# it at an end (END_NAMES order). Legal moves are listed on every turn, and building
# NamedTuples there was a large part of the engine's time: the engine hands out these.
LEAD: Final[tuple[Move, ...]] = tuple(Move(t, None) for t in ALL_TILES)
PLACE: Final[tuple[tuple[Move, ...], ...]] = tuple(tuple(Move(t, end) for t in ALL_TILES) for end in END_NAMES)
