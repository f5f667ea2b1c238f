"""Moves and legal-move generation (COM-3)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .layout import END_NAMES, Layout
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
            raise ValueError(f"a move is an object with 'tile' and 'end', not {data!r}")
        if "tile" not in data:
            raise ValueError("a move needs a 'tile'")
        end = data.get("end")
        if end is not None and end not in END_NAMES:
            raise ValueError(f"end {end!r} is not one of {', '.join(END_NAMES)} or null")
        return Move(parse_tile(data["tile"]), end)


# Every (tile, end) move made once: legal moves are listed on every turn, and building
# NamedTuples there was a large part of the engine's time.
_MOVES: dict[str | None, dict[Tile, Move]] = {
    end: {t: Move(t, end) for t in ALL_TILES} for end in (None, *END_NAMES)
}


def legal_moves(hand: Sequence[Tile], layout: Layout, lead_tile: Tile | None = None) -> list[Move]:
    """Every (tile, end) the hand may play, hand order first, then end order.

    A tile fitting several ends yields one move per end, even when the results mirror
    each other (COM-3). On an empty layout every tile may lead, unless the lead
    procedure names one (COM-8).
    """
    if layout.is_empty:
        leads = _MOVES[None]
        if lead_tile is not None:
            return [leads[lead_tile]] if lead_tile in hand else []
        return [leads[t] for t in hand]
    ends = layout.open_ends()
    return [_MOVES[name][t] for t in hand for name, value in ends if t.low == value or t.high == value]
