"""The puzzle rating: each rated attempt is a game of two, the person against the
puzzle, won by the person when they find the answer (lichess rates puzzles so).

Rated with the same openskill model as the club's matches (ratings.py): one model in the
records, a rating shown on the same 1500 scale, "?" while it is provisional. A puzzle's
rating from its file (training/puzzle.py, 1500 unless harvested otherwise) is its start;
it then moves with every attempt, the other way from the person's. Only the first try at
a puzzle on show is rated: a retry after a miss, or the answer shown, moves nothing.

MemoryLedger keeps all this for one sitting, where the club records cannot be used
(puzzle_book.py keeps it in the records); both answer the same questions.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from .ratings import SCALE, START_SIGMA, Rating

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Standing:
    """A person's puzzle rating, their streak of puzzles solved in a row and its best."""

    rating: Rating = Rating()
    streak: int = 0
    best: int = 0
    attempts: int = 0


@dataclass(frozen=True)
class Rated:
    """What one rated attempt changed."""

    solved: bool
    before: Standing
    after: Standing
    puzzle_before: Rating
    puzzle_after: Rating


def puzzle_start(rating: float) -> Rating:
    """A puzzle not yet attempted here: its file's rating, as unsure as a newcomer's."""
    return Rating(rating / SCALE, START_SIGMA)


def shown(rating: Rating) -> float:
    """A rating as one number on the 1500 scale (not rounded: the choice compares them)."""
    return rating.mu * SCALE


def rate_attempt(standing: Standing, puzzle: Rating, solved: bool) -> Rated:
    """The person's and the puzzle's ratings after an attempt, and the streak."""
    person = _MODEL.rating(mu=standing.rating.mu, sigma=standing.rating.sigma)
    opponent = _MODEL.rating(mu=puzzle.mu, sigma=puzzle.sigma)
    (new_person,), (new_puzzle,) = _MODEL.rate([[person], [opponent]], ranks=[1.0, 2.0] if solved else [2.0, 1.0])
    streak = standing.streak + 1 if solved else 0
    after = Standing(Rating(new_person.mu, new_person.sigma), streak, max(standing.best, streak), standing.attempts + 1)
    return Rated(solved, standing, after, puzzle, Rating(new_puzzle.mu, new_puzzle.sigma))


@dataclass
class MemoryLedger:
    """The figures of one sitting, kept nowhere: the trainer without the club records."""

    standing_: Standing = Standing()
    ratings: dict[str, Rating] = field(default_factory=dict)
    solved_ids: set[str] = field(default_factory=set)

    def standing(self) -> Standing:
        return self.standing_

    def puzzle_ratings(self) -> dict[str, Rating]:
        return dict(self.ratings)

    def solved(self) -> set[str]:
        return set(self.solved_ids)

    def rate(self, puzzle_id: str, start: float, solved: bool) -> Rated:
        rated = rate_attempt(self.standing_, self.ratings.get(puzzle_id, puzzle_start(start)), solved)
        self.standing_ = rated.after
        self.ratings[puzzle_id] = rated.puzzle_after
        if solved:
            self.solved_ids.add(puzzle_id)
        return rated

    def close(self) -> None:
        pass
