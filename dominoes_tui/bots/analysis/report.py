"""The analysis of a match as data: each judged move, each seat's summary, and their JSON.

`MatchAnalysis.to_json()` is exactly the shape `dominoes analyze --json` prints
(docs/ANALYSIS.md); `to_json(full=True)` adds what a replay viewer wants of each move (its ply,
the chances before and after, every option) and reads back with `from_json`. Moves are
written by `move_words` ("3-5 left", a lead "6-6"): the same move, the same string, in
every language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import Move
from .verdicts import Verdict, accuracy


def move_words(move: Move) -> str:
    """A move as the analysis writes it: the tile, then the end ("3-5 left"; a lead "6-6")."""
    return str(move.tile) if move.end is None else f"{move.tile} {move.end}"


@dataclass(frozen=True)
class MoveJudgement:
    round: int            # 1-based round of the match
    seat: int
    ply: int              # this move's index among the match's placements (0-based)
    played: str           # move_words of the move played
    best: str             # of the best one found (the move played when that was it, or its mirror image)
    loss: float           # best chance - played chance, >= 0 (win chance, 0..1)
    choices: int          # the distinct moves the mover had (mirror images once), >= 2
    verdict: Verdict
    before: float         # the mover's chance of winning the match with the best move
    after: float          # ... with the move played
    options: tuple[tuple[str, float], ...]  # every legal move and its chance, best first
    exact: bool = False   # solved (every hidden tile known from what was public), not estimated
    error: float = 0.0    # how far the loss may be off (verdicts.margin): 0 when exact

    def to_json(self, full: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"round": self.round, "seat": self.seat, "ply": self.ply, "played": self.played,
                               "best": self.best, "loss": round(self.loss, 4), "error": round(self.error, 4),
                               "exact": self.exact, "choices": self.choices, "verdict": str(self.verdict)}
        if full:
            out.update(before=round(self.before, 4), after=round(self.after, 4),
                       options=[[m, round(c, 4)] for m, c in self.options])
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveJudgement:
        return cls(
            round=int(data["round"]), seat=int(data["seat"]), ply=int(data.get("ply", -1)),
            played=str(data["played"]), best=str(data["best"]), loss=float(data["loss"]),
            choices=int(data["choices"]), verdict=Verdict(data["verdict"]),
            before=float(data.get("before", 0.0)), after=float(data.get("after", 0.0)),
            options=tuple((str(m), float(c)) for m, c in data.get("options", ())),
            exact=bool(data.get("exact", False)), error=float(data.get("error", 0.0)),
        )


@dataclass(frozen=True)
class SeatReport:
    seat: int
    name: str
    moves: int            # judged moves
    mean_loss: float
    accuracy: float       # 0..100 (verdicts.accuracy)
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "moves": self.moves, "mean_loss": round(self.mean_loss, 4),
                "accuracy": round(self.accuracy, 1), "inaccuracies": self.inaccuracies,
                "mistakes": self.mistakes, "blunders": self.blunders}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatReport:
        return cls(int(data["seat"]), str(data["name"]), int(data["moves"]), float(data["mean_loss"]),
                   float(data["accuracy"]), int(data["inaccuracies"]), int(data["mistakes"]), int(data["blunders"]))

    @classmethod
    def of(cls, seat: int, name: str, moves: list[MoveJudgement]) -> SeatReport:
        mine = [m for m in moves if m.seat == seat]
        losses = [m.loss for m in mine]
        return cls(seat, name, len(mine), sum(losses) / len(losses) if losses else 0.0, accuracy(losses),
                   sum(m.verdict == Verdict.INACCURACY for m in mine), sum(m.verdict == Verdict.MISTAKE for m in mine),
                   sum(m.verdict == Verdict.BLUNDER for m in mine))


@dataclass(frozen=True)
class MatchAnalysis:
    match: int                          # 1-based match number within the log
    seats: tuple[SeatReport, ...]
    moves: tuple[MoveJudgement, ...]    # judged decisions only, in play order
    guesses: int                        # guesses per decision (0: judged against a clock)

    def to_json(self, full: bool = False) -> dict[str, Any]:
        """`dominoes analyze --json`'s shape for one match; `full` adds each move's ply,
        chances and options and the guesses, for the records store (from_json reads both)."""
        out: dict[str, Any] = {"match": self.match, "seats": [s.to_json() for s in self.seats],
                               "moves": [m.to_json(full) for m in self.moves]}
        if full:
            out["guesses"] = self.guesses
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchAnalysis:
        return cls(int(data["match"]), tuple(SeatReport.from_json(s) for s in data["seats"]),
                   tuple(MoveJudgement.from_json(m) for m in data["moves"]), int(data.get("guesses", 0)))

    def worst(self, count: int = 5) -> list[MoveJudgement]:
        """The moves that lost the most, worst first (those that lost anything)."""
        return sorted((m for m in self.moves if m.loss > 0 and m.verdict != Verdict.BEST),
                      key=lambda m: (-m.loss, m.ply))[:count]
