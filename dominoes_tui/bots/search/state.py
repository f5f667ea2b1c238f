"""The search's view of a round in play: the engine's round core (engine/round.py),
with every hidden hand and the boneyard filled in by a guess (deals.py), so it can be
played forward exactly as the engine would. What is the search's own is here: which of
the legal placements are worth trying (mirror images merged) and the greedy first guess.
"""
from __future__ import annotations

from ...engine.board import Board
from ...engine.round import Round
from ..sim import greedy as greedy_pick

Key = tuple[int, int, int]  # (seat, tile index, point): an edge of the search tree


def apply_key(state: Round, key: Key) -> None:
    """Make the move `key` (a lead too: any point is the lead on an empty board)."""
    state.play(key[1], key[2])


def _look(b: Board, p: int) -> tuple[bool, int, bool, bool]:
    """What placing at a spinner's arm `p` depends on: W/E or N/S, its number, whether its
    outer tile is a double, whether it holds any tile."""
    return (p >= 2, b.val[p], b.dbl[p], b.cnt[p] > 0)


def merged_point(b: Board, p: int) -> int:
    """The open end that stands for `p` among those giving the same result: the first
    that shows the same number and looks alike (mirror images are one move)."""
    if b.spin >= 0:
        look = _look(b, p)
        for q in b.points():
            if _look(b, q) == look:
                return q
        return p
    if p < 2 and b.val[0] == b.val[1]:
        return 0
    return p


def distinct_points(state: Round) -> list[int]:
    """The open ends worth trying, one per distinct result."""
    b = state.board
    if b.spin < 0:  # a line (or nothing yet): its two ends alike when they show one number
        if b.empty:
            return []
        return [0] if b.val[0] == b.val[1] else [0, 1]
    seen: set[tuple[bool, int, bool, bool]] = set()
    distinct: list[int] = []
    for p in b.points():  # the first of each look, as merged_point picks
        look = _look(b, p)
        if look not in seen:
            seen.add(look)
            distinct.append(p)
    return distinct


def moves(state: Round) -> list[Key]:
    """The placements open to the seat to act (the round core's, in its order), mirror
    images merged (distinct_points); none on an empty board."""
    seat = state.to_act
    kept = 0
    for p in distinct_points(state):
        kept |= 1 << p
    out: list[Key] = []
    if kept:
        for code in state.legal():
            if kept >> (code & 3) & 1:
                out.append((seat, code >> 2, code & 3))
    return out


def greedy(state: Round) -> Key | None:
    """The playout policy's own choice here (the search tries it first)."""
    choice = greedy_pick(state)
    return None if choice is None else (state.to_act, choice[0], choice[1])
