"""Learn from your mistakes as plain data (ui/screens/learn/learn_model.py): the seat's own
marked moves, each position exactly as that seat saw it, a move tried judged by the
analysis's figures, the results and the progress that resumes a lesson."""
from __future__ import annotations

import dataclasses

import pytest

from dominoes_tui.bots.analysis import MatchAnalysis, Verdict, move_words
from dominoes_tui.engine import view_for
from dominoes_tui.ui.screens.learn.learn_model import Kind, Lesson, Result
from dominoes_tui.ui.screens.still_table import StillTable

from .fixture import BEST, PLIES, analysis, lesson, steps


def test_a_lesson_asks_the_seats_own_marked_moves_in_play_order() -> None:
    got = lesson(0)
    assert [q.ply for q in got.questions] == PLIES
    assert all(q.judgement.seat == 0 and q.judgement.verdict in (Verdict.INACCURACY, Verdict.BLUNDER)
               for q in got.questions)
    marked_of_1 = [m for m in analysis().moves if m.seat == 1 and m.verdict in (Verdict.INACCURACY, Verdict.MISTAKE,
                                                                                  Verdict.BLUNDER)]
    assert [q.ply for q in lesson(1).questions] == [m.ply for m in marked_of_1]


def test_each_position_is_the_seats_view_just_before_its_move() -> None:
    the_steps = steps()
    for q in lesson(0).questions:
        assert q.match.to_act == 0
        event = the_steps.lines[the_steps.cuts[the_steps.play_steps[q.ply]] - 1][1]
        assert event["event"] == "play" and move_words(q.played) == q.judgement.played
        assert q.view == view_for(q.match, 0)
        assert q.played in q.view.legal and move_words(q.best) == BEST[q.ply]


def test_the_table_hands_out_the_learners_view_only() -> None:
    q = lesson(0).questions[0]
    table = StillTable(q.match, q.view.seat)
    other = view_for(q.match, 1)
    for seat in (0, 1):
        seen = table.view(seat)
        assert seen.seat == 0 and seen.hand == q.view.hand
        assert not set(other.hand) & set(seen.hand)
    assert table.waiting_for() == 0 and table.seats[0].is_human


def test_the_best_move_at_the_first_try() -> None:
    got = lesson(0)
    q = got.current
    answer = got.try_move(q.best)
    assert answer.kind == Kind.BEST and answer.solved and answer.after == answer.before == q.judgement.before
    assert got.results == {PLIES[0]: Result.FIRST} and not got.solving


def test_the_move_played_again_and_a_worse_one_keep_the_question_open() -> None:
    got = lesson(0)
    got.next()  # the second question: eight moves to choose from
    q = got.current
    answer = got.try_move(q.played)
    assert answer.kind == Kind.PLAYED and not answer.solved and answer.verdict == q.judgement.verdict
    worse = q.move("0-3 left")
    answer = got.try_move(worse)
    # 0-3 left loses 0.11, less the played move's margin: named no worse than the played move that lost more
    assert answer.kind == Kind.WORSE and answer.verdict == Verdict.INACCURACY and answer.after == pytest.approx(0.5371)
    assert got.solving and got.tries[q.ply] == 2
    assert got.try_move(q.best).solved
    assert got.results[q.ply] == Result.RETRIED


def test_a_move_within_an_inaccuracy_of_the_best_is_good_and_solves_it() -> None:
    got = lesson(0)
    q = got.current
    options = tuple((w, c if w != move_words(q.played) else q.judgement.before - 0.03) for w, c in q.judgement.options)
    got.questions[0] = dataclasses.replace(q, judgement=dataclasses.replace(q.judgement, options=options),
                                           played=q.best, best=q.best)  # the other move now loses 0.03
    other = next(m for m in q.view.legal if m != q.best)
    answer = got.try_move(other)
    assert answer.kind == Kind.GOOD and answer.verdict == Verdict.GOOD and answer.solved


def test_shown_and_skipped_and_the_summary() -> None:
    got = lesson(0)
    got.try_move(got.current.best)            # first try
    got.next()
    got.try_move(got.current.played)          # a miss, then found
    got.try_move(got.current.best)
    got.next()
    assert got.show_solution() == got.current.best
    assert not got.solving
    got.next()
    got.skip()
    assert got.done and got.current is None
    s = got.summary()
    assert (s.total, s.first, s.retried, s.shown, s.skipped) == (4, 1, 1, 1, 1)


def test_progress_resumes_at_the_first_question_not_ended() -> None:
    got = lesson(0)
    got.try_move(got.current.best)
    got.next()
    got.try_move(got.current.played)  # one miss on the second, then left
    kept = got.progress()
    again = lesson(0)
    again.resume(kept)
    assert again.current.ply == PLIES[1] and again.solving and again.tries == {PLIES[1]: 1}
    assert again.results == {PLIES[0]: Result.FIRST}
    assert again.try_move(again.current.best).solved and again.results[PLIES[1]] == Result.RETRIED
    # progress of plies this lesson does not ask about is left out
    other = lesson(0)
    other.resume({"results": {"3": "first", str(PLIES[0]): "skipped"}, "tries": {"5": 9}})
    assert other.results == {PLIES[0]: Result.SKIPPED} and other.tries == {} and other.current.ply == PLIES[1]


def test_again_opens_every_question() -> None:
    got = lesson(0)
    for _ in PLIES:
        got.skip()
    assert got.done
    got.again()
    assert got.current.ply == PLIES[0] and got.results == {} and got.solving


def test_no_marked_move_is_a_lesson_with_no_question() -> None:
    a = analysis()
    clean = MatchAnalysis(a.match, a.seats, tuple(m for m in a.moves if m.seat != 0), a.guesses)
    got = Lesson.build(steps(), clean, 0)
    assert got.done and got.summary().total == 0 and got.unusable == 0


def test_a_judgement_the_log_does_not_bear_out_is_left_out() -> None:
    a = analysis()
    moves = list(a.moves)
    i = next(k for k, m in enumerate(moves) if m.ply == PLIES[0])
    moves[i] = dataclasses.replace(moves[i], ply=PLIES[0] + 1)      # another seat moved there
    j = next(k for k, m in enumerate(moves) if m.ply == PLIES[1])
    moves[j] = dataclasses.replace(moves[j], played="6-6 left")      # not the move played
    got = Lesson.build(steps(), MatchAnalysis(a.match, a.seats, tuple(moves), a.guesses), 0)
    assert [q.ply for q in got.questions] == PLIES[2:] and got.unusable == 2


def test_only_legal_moves_are_judged() -> None:
    got = lesson(0)
    q = got.current
    from dominoes_tui.engine import Move, Tile

    with pytest.raises(ValueError):
        got.try_move(Move(Tile(6, 6), "left"))
    assert got.solving and q.ply not in got.tries
