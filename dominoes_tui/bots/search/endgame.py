"""Exact play of a guessed round's ending, for every variant: alpha-beta over the match value.

Once a guess (deals.py) leaves few tiles in play, the rest of the round is searched to
its end with every seat playing its best, instead of by the greedy players of sim.py,
whose slips in the last moves decide many rounds. Like every perfect-information step
of a determinized search it is optimistic for each seat (it plays as if it saw all the
hands and the boneyard's order), but averaged over many guesses it is a far better
guide than a fixed policy.

The value is the searching side's chance of winning the match once the round is scored
(value.py), so near the target it plays for the points that decide the match. With two
sides the game is zero-sum and this is exact minimax with alpha-beta. With three players
each seat plays for its own chance (max-n): taking the other two as playing together
against the searcher (the "paranoid" assumption) was measured weaker, 31.2% against
35.8% of 300 Draw 3p rounds against hard on the same deals (bench/README.md, the entry of 2026-12-01 on Block, three players).
The search gives up past a node budget (the caller then falls back to a playout).
"""
from __future__ import annotations

from ...engine.round import Round
from .state import Key, apply_key, greedy, moves
from .value import MatchValue


class TooBig(Exception):
    """The ending needs more nodes than the budget allows."""


class EndgameSolver:
    def __init__(self, value: MatchValue, side: int, max_nodes: int = 5_000) -> None:
        self.value = value
        self.side = side
        self.max_nodes = max_nodes
        self.nodes = 0
        self._leaves: dict[tuple, list[float]] = {}

    def solve(self, state: Round) -> float | None:
        """The searching side's value of `state` with best play, or None if too big."""
        self.nodes = 0
        try:
            if self.value.sides > 2:
                return self._maxn(state)[self.side]
            return self._search(state, -1.0, 2.0)
        except TooBig:
            return None

    def _values(self, state: Round) -> list[float]:
        """Every side's value of a finished round (kept: many lines end alike)."""
        key = (state.went_out, state.blocker, state.capicu, tuple(tuple(sorted(h)) for h in state.hands),
               tuple(state.play_points))
        known = self._leaves.get(key)
        if known is None:
            known = self.value.of_round(state.hands, state.went_out, state.blocker, state.capicu, state.play_points)
            self._leaves[key] = known
        return known

    def _leaf(self, state: Round) -> float:
        return self._values(state)[self.side]

    def _ordered(self, state: Round) -> list[Key]:
        keys = moves(state)
        if len(keys) > 1:
            first = greedy(state)  # the playout policy's choice is a good first guess
            if first in keys:
                keys.remove(first)
                keys.insert(0, first)
        return keys

    def _maxn(self, state: Round) -> list[float]:
        """Every side's value with each seat playing for its own (a tie goes to the move
        tried first)."""
        if state.over:
            return self._values(state)
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooBig
        me = self._side(state.to_act)
        best: list[float] = []
        for key in self._ordered(state):
            child = state.copy()
            apply_key(child, key)
            v = self._maxn(child)
            if not best or v[me] > best[me]:
                best = v
        return best

    def _search(self, state: Round, alpha: float, beta: float) -> float:
        if state.over:
            return self._leaf(state)
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooBig
        moves = self._ordered(state)
        mine = self._side(state.to_act) == self.side
        best = -1.0 if mine else 2.0
        for key in moves:
            child = state.copy()
            apply_key(child, key)
            v = self._search(child, alpha, beta)
            if mine:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _side(self, seat: int) -> int:
        return seat % 2 if self.value.teams else seat
