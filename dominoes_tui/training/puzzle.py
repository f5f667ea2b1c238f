"""A puzzle: a position of a logged match, the mover's seat, and the move(s) that are best.

Its JSON is the exchange form of `dominoes puzzles export --json` and of the puzzle file:
`{"id", "variant", "players", "options", "theme", "seat", "log", "answer", "solved",
"rating"}`. `log` is the game log's lines (docs/GAMELOG.md) from the match's start up to
the position, the mover to play next; `answer` the best moves as the analysis writes
them ("0-3 right", a lead "6-6"), several where they are equally best; `solved` says the
answer is proved (exactly, or in every deal the mover cannot tell apart), not estimated.

The id is a hash of the position (variant, players, options, seat, log), so the same
position harvested twice is one puzzle, and a file whose id does not fit its content
was edited by hand.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import N_, DominoError

START_RATING = 1500.0  # a new puzzle's rating, as a new player's (lichess's Glicko-2 start)
ID_LENGTH = 16  # hex digits of the hash kept


class PuzzleError(DominoError):
    """A puzzle (or a file of them) that cannot be trusted; the text says why, in one line."""


@dataclass(frozen=True)
class Puzzle:
    variant: str
    players: int
    options: dict[str, Any]
    seat: int
    log: tuple[dict[str, Any], ...]
    answer: tuple[str, ...]
    solved: bool
    theme: tuple[str, ...] = ()
    rating: float = START_RATING
    id: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", content_id(self.variant, self.players, self.options, self.seat, self.log))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "variant": self.variant, "players": self.players, "options": dict(self.options),
                "theme": list(self.theme), "seat": self.seat, "log": list(self.log), "answer": list(self.answer),
                "solved": self.solved, "rating": self.rating}


def content_id(variant: str, players: int, options: dict[str, Any], seat: int, log: tuple[dict[str, Any], ...]) -> str:
    """The stable hash of a position: the same position gives the same id on every machine."""
    text = json.dumps([variant, players, options, seat, list(log)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:ID_LENGTH]


BAD_ID = N_("its id {id!r} is not the hash of its position")
