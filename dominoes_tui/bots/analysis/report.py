"""The analysis of a match as data: each judged move, each seat's summary, and their JSON.

`MatchAnalysis.to_json()` is exactly the shape `dominoes analyze --json` prints
(docs/ANALYSIS.md); `to_json(full=True)` adds what a replay viewer wants of each move (its ply,
the chances before and after, every option) and reads back with `from_json`. Moves are
written by `move_words` ("3-5 left", a lead "6-6"): the same move, the same string, in
every language.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...engine import Move
from .verdicts import Verdict, accuracy

# What a stored analysis may hold (it is read back from a file or the records, which a
# stranger may have written): anything past these bounds is damage, never a crash later.
MAX_SEATS = 4
MAX_MOVES = 5_000  # judged moves in one match (a long match to 500 has a few hundred)
MAX_OPTIONS = 64  # distinct moves one decision can have, with room to spare
MAX_WORDS = 40  # a move's words ("3-5 left")
MAX_COUNT = 10**6  # guesses, rounds, match numbers


def whole(data: dict[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    """A whole number field in [low, high]; ValueError otherwise (true is no number)."""
    value = data.get(key, default) if default is not None else data[key]
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{key} {str(value)[:20]} is not a whole number from {low} to {high}")
    return value


def fraction(value: Any, high: float = 1.0, what: str = "a chance") -> float:
    """A finite number in [0, high]; ValueError otherwise (NaN, 1e308, a string)."""
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= high:
        raise ValueError(f"{what} {str(value)[:20]} is not a number from 0 to {high:g}")
    return float(value)


def words(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_WORDS:
        raise ValueError("a move's words are a short text")
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def bounded(value: Any, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"a list of at most {most} is expected")
    return value


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
        """ValueError, TypeError or KeyError for anything a judgement never holds."""
        options = bounded(data.get("options", []), MAX_OPTIONS)
        return cls(
            round=whole(data, "round", 1, MAX_COUNT), seat=whole(data, "seat", 0, MAX_SEATS - 1),
            ply=whole(data, "ply", -1, MAX_MOVES * MAX_SEATS * 10, -1),
            played=words(data["played"]), best=words(data["best"]), loss=fraction(data["loss"]),
            choices=whole(data, "choices", 1, MAX_OPTIONS), verdict=Verdict(data["verdict"]),
            before=fraction(data.get("before", 0.0)), after=fraction(data.get("after", 0.0)),
            options=tuple((words(m), fraction(c)) for m, c in options),
            exact=flag(data.get("exact", False)), error=fraction(data.get("error", 0.0), what="a margin"),
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
        """ValueError, TypeError or KeyError for anything a seat's report never holds."""
        name = data["name"]
        if not isinstance(name, str) or len(name) > 100:
            raise ValueError("a seat's name is a short text")
        return cls(whole(data, "seat", 0, MAX_SEATS - 1), name, whole(data, "moves", 0, MAX_MOVES),
                   fraction(data["mean_loss"], what="a mean loss"), fraction(data["accuracy"], 100.0, "an accuracy"),
                   whole(data, "inaccuracies", 0, MAX_MOVES), whole(data, "mistakes", 0, MAX_MOVES),
                   whole(data, "blunders", 0, MAX_MOVES))

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
    def from_json(cls, data: dict[str, Any], players: int = MAX_SEATS) -> MatchAnalysis:
        """A stored analysis read back and checked (types, finite numbers in range, seats
        of a match of `players`, sizes bounded): ValueError, TypeError or KeyError if it
        holds anything an analysis never does, so a forged one is set aside, never shown."""
        if not isinstance(data, dict):
            raise ValueError("an analysis is a JSON object")
        out = cls(whole(data, "match", 1, MAX_COUNT), tuple(SeatReport.from_json(s) for s in bounded(data["seats"], MAX_SEATS)),
                  tuple(MoveJudgement.from_json(m) for m in bounded(data["moves"], MAX_MOVES)),
                  whole(data, "guesses", 0, MAX_COUNT, 0))
        seats = [s.seat for s in out.seats] + [m.seat for m in out.moves]
        if any(seat >= players for seat in seats) or len({s.seat for s in out.seats}) != len(out.seats):
            raise ValueError(f"a seat that a match of {players} does not have, or a seat twice")
        return out

    def worst(self, count: int = 5) -> list[MoveJudgement]:
        """The moves that lost the most, worst first (those that lost anything)."""
        return sorted((m for m in self.moves if m.loss > 0 and m.verdict != Verdict.BEST),
                      key=lambda m: (-m.loss, m.ply))[:count]
