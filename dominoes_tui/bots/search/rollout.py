"""The search's playout: sim.py's greedy player, made to look at the next hand.

In a guess every hand is filled in, so a playout may as well use it: a seat that can
leave ends the next seat cannot follow (a forced pass or draw for an opponent) takes that
chance unless a much heavier tile is waiting, and avoids shutting out its partner. This
is the perfect-information step of a determinized search (like the exact endings of
endgame.py), played greedily rather than searched, so it is cheap enough for the middle
of a round; averaged over many guesses it judges a move by the blocks it sets up.
"""
from __future__ import annotations

from ...engine.bits import BIT
from ..sim import Board, Rules, playout
from ..sim import _pick as greedy_pick

BLOCK_BONUS = 6.0  # about a six-pip tile: a pass is worth a heavy tile kept


def _pick(hands: list[list[int]], s: int, b: Board, points: list[int], rules: Rules) -> tuple[int, int] | None:
    nxt = (s + 1) % rules.n
    foe = not rules.teams or nxt % 2 != s % 2
    mask = 0
    for t in hands[nxt]:
        mask |= BIT[t]
    return greedy_pick(hands[s], b, points, rules.fives, mask, BLOCK_BONUS if foe else -BLOCK_BONUS)


def sharp_playout(rules: Rules, hands: list[list[int]], stock: list[int], b: Board, to_act: int,
                  last_placer: int | None, passes: int, play_points: list[int]) -> tuple[int | None, int | None, bool]:
    """Play the round out in place, as sim.playout does. Returns (went_out, blocker, capicu)."""
    return playout(rules, hands, stock, b, to_act, last_placer, passes, play_points,
                   pick=lambda hs, s, board, points: _pick(hs, s, board, points, rules))
