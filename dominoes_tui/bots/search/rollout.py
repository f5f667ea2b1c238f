"""The search's playout: sim.py's greedy player, made to look at the next hand.

In a guess every hand is filled in, so a playout may as well use it: a seat that can
leave ends the next seat cannot follow (a forced pass or draw for an opponent) takes that
chance unless a much heavier tile is waiting, and avoids shutting out its partner. This
is the perfect-information step of a determinized search (like the exact endings of
exact.py), played greedily rather than searched, so it is cheap enough for the middle
of a round; averaged over many guesses it judges a move by the blocks it sets up.
"""
from __future__ import annotations

from ...engine.round import Round
from ..sim import Rules, step
from ..sim import _pick as greedy_pick

BLOCK_BONUS = 6.0  # about a six-pip tile: a pass is worth a heavy tile kept


def _pick(state: Round, rules: Rules) -> tuple[int, int] | None:
    s = state.to_act
    nxt = (s + 1) % rules.n
    foe = not rules.teams or nxt % 2 != s % 2
    b = state.board
    return greedy_pick(state.hands[s], b, b.points(), rules.fives, state.masks[nxt],
                       BLOCK_BONUS if foe else -BLOCK_BONUS)


def sharp_step(rules: Rules, state: Round) -> None:
    """One placement by this sharper player (the round in play)."""
    step(state, lambda s: _pick(s, rules))
