"""The puzzle trainer as plain data (no widgets): which puzzle is on show, a move judged,
the rating moved, retry and the answer shown. lichess's puzzle trainer is the model.

A move is right when it is one of the puzzle's `answer` moves (the moves equally best).
Only the first try at a puzzle on show is rated: right, the rating goes up and the
streak on; wrong, or the answer shown before any right move, the rating goes down and
the streak back to 0. A retry after a miss, and the answer shown after it, move nothing.

The figures are kept by a ledger: the club records (records/puzzle_book.py), or, where
they cannot be used, this sitting's memory (records/puzzle_rating.py, MemoryLedger),
the reason kept in `problem` for the screen to say. A ledger that fails mid-sitting is
replaced by memory that goes on from the figures so far.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ....bots.search.deals import DealSampler
from ....engine import Match, Move, PlayerView, view_for
from ....engine.gamelog import replay
from ....records.puzzle_rating import MemoryLedger, Rated, Standing, shown
from ....records.ratings import Rating
from ....records.store import RecordsUnavailable
from ....training import Puzzle
from ....training.admit import DEALS, ESTIMATE, EXACT
from ....training.check import move_of
from ....training.choose import Filter, choose


class Ledger(Protocol):
    def standing(self) -> Standing: ...
    def puzzle_ratings(self) -> dict[str, Rating]: ...
    def solved(self) -> set[str]: ...
    def rate(self, puzzle_id: str, start: float, solved: bool) -> Rated: ...
    def close(self) -> None: ...


class State(StrEnum):
    SOLVING = "solving"  # a move may be tried
    SOLVED = "solved"    # a right move was found
    MISSED = "missed"    # a wrong move was tried: r retries, v shows the answer
    SHOWN = "shown"      # the answer is on show


@dataclass(frozen=True)
class Position:
    """A puzzle at its position, from the mover's view."""

    puzzle: Puzzle
    match: Match
    view: PlayerView
    answer: tuple[Move, ...]
    how: str  # EXACT, DEALS or ESTIMATE: how sure the answer is

    @classmethod
    def of(cls, puzzle: Puzzle) -> Position:
        """The puzzle's position, its log replayed (a puzzle read from a file was checked
        so already: training/check.py)."""
        match = replay(list(enumerate(puzzle.log, start=1)))
        view = view_for(match, puzzle.seat)
        answer = tuple(move_of(words) for words in puzzle.answer)
        if not puzzle.solved:
            how = ESTIMATE
        else:
            how = EXACT if DealSampler(view, random.Random(0)).determined else DEALS
        return cls(puzzle, match, view, answer, how)


class Trainer:
    def __init__(self, puzzles: list[Puzzle], ledger: Ledger, problem: str | None = None,
                 rng: random.Random | None = None) -> None:
        self.puzzles = puzzles
        self.ledger = ledger
        self.problem = problem  # why the rating is not kept (None: it is)
        self.rng = rng or random.Random()
        self.within = Filter()
        self.current: Position | None = None
        self.state = State.SOLVING
        self.rated: Rated | None = None   # this showing's rated attempt (None: not yet rated)
        self.tried: Move | None = None    # the last move tried
        self.sitting: list[Rated] = []    # this sitting's rated attempts
        self.started = Standing()  # the figures when the sitting began
        self.standing = Standing()
        self.ratings: dict[str, Rating] = {}
        self.solved_ids: set[str] = set()
        self._guarded(self._load)

    # -- the ledger, and going on without it --------------------------------------------
    def _load(self) -> None:
        self.standing = self.ledger.standing()
        self.started = self.standing
        self.ratings = self.ledger.puzzle_ratings()
        self.solved_ids = self.ledger.solved()

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except RecordsUnavailable as exc:
            self._without(str(exc))
            work()

    def _without(self, why: str) -> None:
        """The records failed: this sitting's memory goes on from the figures so far."""
        try:
            self.ledger.close()
        except Exception:  # noqa: BLE001 - a broken database may fail closing too; nothing to keep
            pass
        self.ledger = MemoryLedger(self.standing, dict(self.ratings), set(self.solved_ids))
        self.problem = why

    def close(self) -> None:
        self.ledger.close()

    # -- where it stands ------------------------------------------------------------------
    @property
    def solving(self) -> bool:
        return self.current is not None and self.state == State.SOLVING

    @property
    def fitting(self) -> int:
        """How many puzzles the filter lets through."""
        return sum(1 for p in self.puzzles if self.within.admits(p))

    def puzzle_rating(self, puzzle: Puzzle) -> float:
        moved = self.ratings.get(puzzle.id)
        return shown(moved) if moved is not None else puzzle.rating

    # -- the player's doing ---------------------------------------------------------------
    def next(self) -> Position | None:
        """The next puzzle near the rating (None: the filter lets none through)."""
        last = self.current.puzzle.id if self.current is not None else None
        ratings = {pid: shown(r) for pid, r in self.ratings.items()}
        chosen = choose(self.puzzles, shown(self.standing.rating), self.rng, ratings=ratings,
                        solved=self.solved_ids, last=last, within=self.within)
        self.current = Position.of(chosen) if chosen is not None else None
        self.state, self.rated, self.tried = State.SOLVING, None, None
        return self.current

    def filter(self, within: Filter) -> Position | None:
        self.within = within
        return self.next()

    def try_move(self, move: Move) -> bool:
        """Judge `move` at the puzzle on show: True when it is one of the answer's."""
        position = self.current
        if position is None or not self.solving:
            raise ValueError("no puzzle is open")
        if move not in position.view.legal:
            raise ValueError(f"{move} is not legal here")
        right = move in position.answer
        self.tried = move
        self._rate(right)
        self.state = State.SOLVED if right else State.MISSED
        return right

    def retry(self) -> None:
        if self.state == State.MISSED:
            self.state, self.tried = State.SOLVING, None

    def show(self) -> tuple[Move, ...]:
        """The answer; before any move tried it counts as missed (lichess's "view the solution")."""
        position = self.current
        if position is None:
            raise ValueError("no puzzle is open")
        self._rate(False)
        if self.state in (State.SOLVING, State.MISSED):
            self.state = State.SHOWN
        return position.answer

    def _rate(self, solved: bool) -> None:
        position = self.current
        if position is None or self.rated is not None:
            return  # the first try alone is rated
        puzzle = position.puzzle

        def rate() -> None:
            self.rated = self.ledger.rate(puzzle.id, puzzle.rating, solved)

        self._guarded(rate)
        assert self.rated is not None
        self.standing = self.rated.after
        self.sitting.append(self.rated)
        self.ratings[puzzle.id] = self.rated.puzzle_after
        if solved:
            self.solved_ids.add(puzzle.id)
