"""The exact solver plays by the round core's rules (engine/round.py): its moves are the
core's legal placements with mirror images merged, and a merged move leads to the same
position, up to the mirror, as each placement it stands for (COM-3, FIVES-5, FIVES-6).
test_determinized.py then checks its values against a minimax over the core's own moves."""
from __future__ import annotations

import pytest

from dominoes_tui.bots import sim
from dominoes_tui.bots.search.state import merged_point, moves
from dominoes_tui.engine.round import Round

from .helpers import TABLES, positions


def _seen_from_outside(state: Round) -> tuple[object, ...]:
    """What a round's future depends on, with the mirror images (W and E, N and S, a
    line's two ends) not told apart."""
    b = state.board
    arms = [(b.val[i], b.dbl[i], b.cnt[i] > 0) for i in range(4)]
    board = (b.empty, b.spin, b.four, sorted(arms[:2]), sorted(arms[2:]) if b.four else None)
    return (board, state.masks, state.to_act, len(state.stock), state.play_points, state.over,
            state.went_out, state.blocker, state.capicu)


@pytest.mark.parametrize("variant,players", TABLES)
def test_COM3_the_solvers_moves_are_the_cores_legal_moves_with_mirror_images_merged(variant: str, players: int) -> None:
    checked = 0
    for match, view in positions(variant, players, 80, seed=players * 7 + len(variant)):
        if not view.layout.line:
            continue
        rules = sim.Rules(view)
        state = rules.start([[sim.INDEX[t] for t in h] for h in match.hands],
                            [sim.INDEX[t] for t in reversed(match.boneyard)], sim.board_of(view), match.to_act)
        keys = moves(state)
        legal = state.legal()
        assert [k[1] * 4 + k[2] for k in keys] == [c for c in legal if merged_point(state.board, c & 3) == c & 3]
        for code in legal:
            t, p = code >> 2, code & 3
            q = merged_point(state.board, p)
            assert (state.to_act, t, q) in keys
            placed, standing_in = state.copy(), state.copy()
            placed.play(t, p)
            standing_in.play(t, q)
            assert _seen_from_outside(placed) == _seen_from_outside(standing_in)
        checked += 1
    assert checked >= 40
