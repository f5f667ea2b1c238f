"""The plain records a match is made of and reports: seats, deals, finished rounds."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .scoring import RoundOutcome
from .tiles import Tile


class RoundResult(StrEnum):
    """How a round ended (round_end's `result`; the scoresheet's): a seat went out, nobody
    could play, or a score in play won the match before the round's end (FIVES-11)."""

    DOMINO = "domino"
    BLOCKED = "blocked"
    WON_IN_PLAY = "won_in_play"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "bot"  # "human" or "bot"
    level: str | None = None

    def to_json(self, seat: int) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": seat, "name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data


@dataclass(frozen=True)
class Deal:
    """A round's hands and boneyard (top first), and optionally its leader (from a log)."""

    hands: list[list[Tile]]
    boneyard: list[Tile]
    leader: int | None = None


@dataclass(frozen=True)
class RoundRecord:
    """A finished round as the scoresheet and summaries show it."""

    round: int
    result: RoundResult
    outcome: RoundOutcome
    hands: list[list[Tile]]
    went_out: int | None
    blocker: int | None
    play_points: list[int]  # All Fives: points scored in play this round, per seat
    scores: list[int]
