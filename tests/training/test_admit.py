"""Admission: a puzzle only where its answer is sure (dominoes_tui/training/admit.py)."""
from __future__ import annotations

from typing import Any

import pytest

from dominoes_tui.bots.analysis import Judgement
from dominoes_tui.bots.knowledge import Knowledge
from dominoes_tui.engine import view_for
from dominoes_tui.training import admit as admission
from dominoes_tui.training.admit import DEALS, ESTIMATE, admit
from dominoes_tui.training.deals import TooMany, every_deal

from ..engine.fixtures import mv, position


def _estimate_view() -> Any:
    """Two players, a boneyard to draw from: neither solved nor few deals, so estimated."""
    match = position("draw", [["1-2", "4-4", "5-6"], ["0-0"]], ends=(1, 4),
                     boneyard=["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-3", "1-4", "1-5"])
    return view_for(match, 0)


def _judged(view: Any, chances: tuple[float, ...], errors: tuple[float, ...], first: int = 0) -> Judgement:
    moves = [m for m in view.legal]
    order = [moves[first]] + [m for i, m in enumerate(moves) if i != first]
    return Judgement(moves=tuple(order[:len(chances)]), chances=chances, noise=(0.0,) * len(chances), guesses=400,
                     legal=tuple((m, order.index(m)) for m in moves[:len(chances)]), exact=False, error=errors)


@pytest.mark.parametrize("chances,errors,firsts,admitted", [
    ((0.70, 0.50), (0.0, 0.03), (0, 0), True),    # 20 points ahead, margin 3: 5 x 3 = 15 <= 20
    ((0.70, 0.56), (0.0, 0.01), (0, 0), False),   # 14 points: under 15
    ((0.70, 0.50), (0.0, 0.05), (0, 0), False),   # 20 points, but 5 x 5 = 25
    ((0.70, 0.50), (0.0, 0.03), (0, 1), False),   # the two seeds name different moves
])
def test_an_estimated_answer_needs_15_points_and_five_margins_on_two_seeds(
        monkeypatch: pytest.MonkeyPatch, chances: tuple[float, ...], errors: tuple[float, ...],
        firsts: tuple[int, int], admitted: bool) -> None:
    view = _estimate_view()
    calls = iter(firsts)
    monkeypatch.setattr(admission, "judge", lambda v, rng, guesses: _judged(v, chances, errors, next(calls)))
    found = admit(view, seed=1)
    assert (found is not None) == admitted
    if found is not None:
        assert found.how == ESTIMATE and not found.solved and found.answer == (view.legal[0],)


def test_every_deal_is_listed_once() -> None:
    # Block, two players: seat 1 holds one of the tiles the mover has not seen
    match = position("block", [["1-2", "4-4", "5-6"], ["0-0"]], ends=(1, 4))
    view = view_for(match, 0)
    deals = every_deal(view, 500)
    unseen = len(Knowledge.from_view(view).unseen)
    assert len(deals) == unseen
    assert len({tuple(d[0][1]) for d in deals}) == unseen
    with pytest.raises(TooMany):
        every_deal(view, unseen - 1)


def test_a_move_best_in_some_deals_only_is_no_puzzle() -> None:
    # 4-4 first wins where seat 1 cannot follow on 1 or 4, 1-2 first where it holds a 1:
    # neither is best in every deal the mover cannot tell apart
    match = position("block", [["1-2", "4-4"], ["0-0"]], ends=(1, 4), scores=[95, 95])
    assert admit(view_for(match, 0), seed=1) is None


def test_a_move_best_in_every_deal_is_a_solved_puzzle() -> None:
    # at 95-95 to 100 in Block, both ends 6: whatever seat 1's two tiles, placing the 6-6
    # (on either end: mirror images, both listed) is at least as good as 2-6, and better in some
    match = position("block", [["6-6", "2-6", "0-1"], ["0-0", "3-3"]], ends=(6, 6), scores=[95, 95])
    found = admit(view_for(match, 0), seed=1)
    assert found is not None and found.how == DEALS and found.solved
    assert set(found.answer) == {mv("6-6", "left"), mv("6-6", "right")}
    assert found.best - found.second >= admission.MIN_GAP
