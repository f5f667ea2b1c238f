"""The analysis agrees with its own legend: a mark is the legend's name for what a move surely
lost, a line whose loss alone would earn more says why it does not, and an estimate is
shown with ≈ while a solved move's chances are shown as they are."""
from __future__ import annotations

import argparse

import pytest

from dominoes_tui.bots.analysis import MatchAnalysis, MoveJudgement, SeatReport, Verdict, analyse_match, verdict_for
from dominoes_tui.bots.analysis.verdicts import held_back
from dominoes_tui.commands import analyze
from dominoes_tui.i18n import use as set_language
from dominoes_tui.ui.screens.replay.replay_words import judged_line
from tests.records.helpers import people, play


def judged(loss: float, error: float, exact: bool) -> MoveJudgement:
    return MoveJudgement(round=1, seat=0, ply=4, played="3-5 left", best="6-5 right", loss=loss, choices=3,
                         verdict=verdict_for(loss, error, False), before=0.6, after=0.6 - loss,
                         options=(("6-5 right", 0.6), ("3-5 left", 0.6 - loss), ("0-0 left", 0.1)),
                         exact=exact, error=error)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_loss_held_back_by_its_margin_says_so_in_the_viewer_and_the_summary() -> None:
    move = judged(0.108, 0.03, exact=False)
    assert move.verdict == Verdict.INACCURACY and held_back(move.loss, move.error) == Verdict.MISTAKE
    line = judged_line(move, "Ana").plain
    assert "inaccuracy" in line and "not surely a mistake" in line and "10.8%" in line.replace("\u00a0", "")
    worst = analyze._worst_line(move, ["Ana"])
    assert "≈ −10.8" in worst and "not surely a mistake" in worst


def test_a_loss_its_margin_does_not_hold_back_needs_no_words() -> None:
    move = judged(0.25, 0.03, exact=False)
    assert move.verdict == Verdict.BLUNDER
    assert "not surely" not in judged_line(move, "Ana").plain
    assert "not surely" not in analyze._worst_line(move, ["Ana"])


def test_a_solved_move_is_shown_without_approximately_and_an_estimate_with_it() -> None:
    solved, estimated = judged(0.2, 0.0, exact=True), judged(0.2, 0.0, exact=False)
    assert "≈" not in judged_line(solved, "Ana").plain and "≈" not in analyze._worst_line(solved, ["Ana"])
    assert "≈" in judged_line(estimated, "Ana").plain and "≈" in analyze._worst_line(estimated, ["Ana"])


def test_at_80_columns_the_held_back_words_keep_what_the_move_is_not_surely() -> None:
    set_language("de")
    move = judged(0.234, 0.126, exact=False)
    line = judged_line(move, "Ana", 78)
    second = line.plain.splitlines()[1]
    assert len(second) <= 78 and "(nicht sicher ein Patzer)" in second, second


def test_the_german_words_for_a_held_back_mark() -> None:
    set_language("de")
    line = judged_line(judged(0.108, 0.03, exact=False), "Ana").plain
    assert "Ungenauigkeit" in line and "nicht sicher ein Fehler" in line


def test_every_mark_of_an_analysed_match_is_the_legends_name_for_what_it_surely_lost() -> None:
    match = play("draw", 2, people("Ana", "Ben"), seed=4)
    analysis = analyse_match(match, guesses=40, seed=1)
    assert analysis.moves
    for move in analysis.moves:
        assert move.verdict == verdict_for(move.loss, move.error, move.loss == 0.0)
        if move.exact:  # a solved move has no margin
            assert move.error == 0.0
    summary = analyze._summary(analysis, ["Ana", "Ben"], argparse.Namespace(seed=1, think_ms=None))
    assert "≈ an estimate" in summary  # the legend explains the marks


def test_a_summary_reads_back_its_margins_and_exactness() -> None:
    move = judged(0.108, 0.03, exact=False)
    analysis = MatchAnalysis(1, (SeatReport.of(0, "Ana", [move]),), (move,), 400)
    again = MatchAnalysis.from_json(analysis.to_json(full=True))
    assert again.moves[0].error == pytest.approx(0.03) and again.moves[0].exact is False
    assert set(analysis.to_json()["moves"][0]) >= {"ply", "exact", "error"}
