"""The trainer's logic without a screen (ui/screens/puzzles/trainer.py): a move judged
against the answer, only the first try rated, retry and the answer shown moving nothing
more, and the records failing on the way."""
from __future__ import annotations

import pytest

from dominoes_tui.records.puzzle_rating import MemoryLedger, Rated
from dominoes_tui.records.store import RecordsUnavailable
from dominoes_tui.training.admit import DEALS as BY_DEALS
from dominoes_tui.training.admit import ESTIMATE as BY_ESTIMATE
from dominoes_tui.training.admit import EXACT as BY_EXACT
from dominoes_tui.ui.screens.puzzles.trainer import Position, State

from .fixture import DEALS, ESTIMATE, EXACT, puzzles, trainer


def wrong(t) -> object:
    return next(m for m in t.current.view.legal if m not in t.current.answer)


def test_how_sure_each_answer_is() -> None:
    how = {p.id: Position.of(p).how for p in puzzles()}
    assert (how[EXACT], how[DEALS], how[ESTIMATE]) == (BY_EXACT, BY_DEALS, BY_ESTIMATE)


def test_a_right_move_solves_and_raises_the_rating() -> None:
    t = trainer([EXACT])
    t.next()
    assert t.try_move(t.current.answer[1])  # either of the answer's moves
    assert t.state == State.SOLVED
    assert t.standing.rating.mu > t.started.rating.mu and t.standing.streak == 1


def test_a_wrong_move_misses_and_a_retry_moves_nothing() -> None:
    t = trainer([EXACT])
    t.next()
    assert not t.try_move(wrong(t))
    assert t.state == State.MISSED
    after_miss = t.standing
    assert after_miss.rating.mu < t.started.rating.mu and after_miss.streak == 0
    t.retry()
    assert t.state == State.SOLVING
    assert t.try_move(t.current.answer[0])
    assert t.state == State.SOLVED
    assert t.standing == after_miss  # found at the retry: no further change
    assert len(t.sitting) == 1
    t.show()
    assert t.standing == after_miss


def test_the_answer_shown_first_counts_as_a_miss_and_once() -> None:
    t = trainer([DEALS])
    t.next()
    assert t.show() == t.current.answer
    assert t.state == State.SHOWN
    assert t.standing.rating.mu < t.started.rating.mu and [r.solved for r in t.sitting] == [False]
    with pytest.raises(ValueError):
        t.try_move(t.current.answer[0])  # nothing more to try
    t.show()
    assert len(t.sitting) == 1


def test_the_streak_counts_and_resets() -> None:
    t = trainer()
    streaks = []
    for right in (True, True, False, True):
        t.next()
        t.try_move(t.current.answer[0] if right else wrong(t))
        streaks.append(t.standing.streak)
    assert streaks == [1, 2, 0, 1]
    assert t.standing.best == 2


class FailingLedger(MemoryLedger):
    """Records that worked when opened and fail at the first rated attempt."""

    def rate(self, puzzle_id: str, start: float, solved: bool) -> Rated:
        raise RecordsUnavailable("the records at x cannot be used now (disk I/O error)")


def test_records_failing_mid_sitting_leave_the_trainer_going_in_memory() -> None:
    t = trainer([EXACT, ESTIMATE], ledger=FailingLedger())
    t.next()
    assert t.problem is None
    assert t.try_move(t.current.answer[0])
    assert t.problem == "the records at x cannot be used now (disk I/O error)"
    assert isinstance(t.ledger, MemoryLedger) and not isinstance(t.ledger, FailingLedger)
    assert t.standing.streak == 1 and t.standing.rating.mu > t.started.rating.mu
    first = t.current.puzzle.id
    t.next()
    assert t.current.puzzle.id != first
