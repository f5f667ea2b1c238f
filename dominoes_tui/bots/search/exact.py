"""Exact play of the rest of a round with every tile known: alpha-beta over the match value.

A guess (deals.py) fills in every hidden hand and the boneyard's order, so what is left of
the round is a game of perfect information, and it can be searched to its end with every
seat playing its best, instead of played out by a rule of thumb whose slips decide many
rounds. The value is the searching side's chance of winning the match once the round is
settled (value.py, on the engine's own `settle`), so near the target it plays for the
points that decide the match, and a match won in play (FIVES-11) ends the line at once.

With two sides (two players, or Partner's two teams) the game is zero-sum: alpha-beta
with a transposition table that keeps, for each position met, the bounds proved on its
value and the move that proved them (tried first when the position comes back), and the
greedy choice first where the table knows nothing. Positions recur: the candidates of one
guess reach the same endings by other orders, so the table lives as long as the guess
(`new_deal` empties it). With three or more sides each seat plays for its own chance
(max-n): taking the others as playing together against the searcher (the "paranoid"
assumption) was measured weaker (bench/README.md, the entry of 2026-12-01 on Block, three
players); max-n prunes nothing, so its table keeps exact values only.

Every rule is the round core's (engine/round.py): a child is a copy of the round with one
placement made, and the round itself draws, passes, blocks, scores in play and ends. A
position is told apart by what its future depends on: the hands, the open ends as the
core keeps them (board.py), whose turn it is, how much of this guess's boneyard is left
(its order is fixed within a guess, so the count says which tiles), and in All Fives the
points scored in play since the search began. The search gives up past a node budget
(TooBig; the caller then plays the position out instead).
"""
from __future__ import annotations

import threading

from ...engine.board import Board
from ...engine.round import Round
from .state import Key, apply_key, moves
from .value import MatchValue

Position = tuple[int, ...]
_NULL = 1e-9  # a null window's width: values that differ by less are one value
# Tiles in play at or below which the table is not worth its keys: in a guess's ending,
# searched once within a budget. A known position's every candidate is solved to the end
# with the whole window, and there the small endings are met again and again under other
# windows: with the table from 4 tiles up, a 21-tile ending took a seventh of the nodes.
_SMALL = 6
KNOWN_SMALL = 4
# (lower bound, upper bound, best move's code) of a position's value, for the searching side
Bounds = tuple[float, float, int]


class TooBig(Exception):
    """The ending needs more nodes than the budget allows."""


def board_code(b: Board) -> int:
    """The open ends as one integer: the spinner's number, each end's value, which outer
    tiles are doubles and which arms hold a tile (all the count and the fit depend on)."""
    code = b.spin + 1
    for i in range(4):
        code = code * 8 + b.val[i]
    for i in range(4):
        code = code * 4 + (2 if b.dbl[i] else 0) + (1 if b.cnt[i] > 0 else 0)
    return code * 2 + (1 if b.empty else 0)


class ExactSolver:
    def __init__(self, value: MatchValue, side: int, max_nodes: int = 5_000,
                 cancel: threading.Event | None = None, small: int = _SMALL) -> None:
        self.value = value
        self.small = small
        self.cancel = cancel  # set from another thread: the search gives up (as TooBig) within a few ms
        self.side = side
        self.max_nodes = max_nodes
        self.nodes = 0
        self.teams = value.teams
        self.sides = value.sides
        self.fives = value.config.rules.spinner
        self.table: dict[Position, Bounds] = {}
        self.vectors: dict[Position, list[float]] = {}  # max-n's exact values, every side's
        # how often each tile proved best or cut a search off, weighted by how much was
        # left to search (the history heuristic): tried first where the table knows nothing
        self.history = [0] * 28

    def new_deal(self) -> None:
        """Forget the positions of the last guess: another deal's are other games."""
        self.table.clear()
        self.vectors.clear()
        self.history = [0] * 28

    def solve(self, state: Round) -> float | None:
        """The searching side's value of `state` with best play by all, or None if the
        ending needs more than `max_nodes` nodes (counted afresh for each call)."""
        self.nodes = 0
        try:
            if self.sides > 2:
                return self._maxn(state, state.in_play())[self.side]
            return self._alphabeta(state, -1.0, 2.0, state.in_play())
        except TooBig:
            return None

    # -- the position's key and the leaves --------------------------------------------
    def _position(self, state: Round) -> Position:
        head = (board_code(state.board) * 4 + state.to_act) * 32 + len(state.stock)
        key = [head]
        key.extend(state.masks)
        if self.fives:
            key.extend(state.play_points)
        return tuple(key)

    def _count(self) -> None:
        """One more node searched: past the budget, or once cancelled, the search gives up."""
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.nodes & 1023 == 0 and self.cancel is not None and self.cancel.is_set()):
            raise TooBig

    def _side(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def _ordered(self, state: Round, first: int) -> list[Key]:
        """The moves, the one that proved the position's bounds before first, then by the
        history heuristic."""
        keys = moves(state)
        if len(keys) > 1:
            history = self.history
            keys.sort(key=lambda k: -history[k[1]])
            if first >= 0:
                for i, key in enumerate(keys):
                    if key[1] * 4 + key[2] == first:
                        if i:
                            keys.insert(0, keys.pop(i))
                        break
        return keys

    # -- two sides: alpha-beta -------------------------------------------------------
    def _alphabeta(self, state: Round, alpha: float, beta: float, left: int) -> float:
        """`left`: tiles in play (a placement takes one out of play; a draw none)."""
        if state.over:
            return self.value.of_state(state)[self.side]
        if left <= self.small:
            return self._plain(state, alpha, beta)
        position = self._position(state)
        low, high, first = -1.0, 2.0, -1
        known = self.table.get(position)
        if known is not None:
            low, high, first = known
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        self._count()
        mine = self._side(state.to_act) == self.side
        a, b = alpha, beta
        best = -1.0 if mine else 2.0
        best_code = first
        best_tile = -1
        searched = 0
        for key in self._ordered(state, first):
            child = state.copy()
            apply_key(child, key)
            if searched == 0 or child.over:
                v = self._alphabeta(child, a, b, left - 1)
            elif mine:  # principal variation search: prove the rest no better, re-search if one is
                v = self._alphabeta(child, a, a + _NULL, left - 1)
                if a < v < b:
                    v = self._alphabeta(child, v, b, left - 1)
            else:
                v = self._alphabeta(child, b - _NULL, b, left - 1)
                if a < v < b:
                    v = self._alphabeta(child, a, v, left - 1)
            searched += 1
            if mine:
                if v > best:
                    best, best_code, best_tile = v, key[1] * 4 + key[2], key[1]
                    if v > a:
                        a = v
            elif v < best:
                best, best_code, best_tile = v, key[1] * 4 + key[2], key[1]
                if v < b:
                    b = v
            if a >= b:
                break
        if best_tile >= 0:
            self.history[best_tile] += left * left
        # what the search proved: an upper bound if nothing beat alpha, a lower one if
        # the window was cut, else the value itself
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.table[position] = (low, high, best_code)
        return best

    def _plain(self, state: Round, alpha: float, beta: float) -> float:
        """Alpha-beta without the table, for the last few tiles: there a position's key
        costs more than searching it again."""
        if state.over:
            return self.value.of_state(state)[self.side]
        self._count()
        mine = self._side(state.to_act) == self.side
        best = -1.0 if mine else 2.0
        for key in moves(state):
            child = state.copy()
            apply_key(child, key)
            v = self._plain(child, alpha, beta)
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

    # -- three or more sides: max-n ----------------------------------------------------
    def _maxn(self, state: Round, left: int) -> list[float]:
        """Every side's value with each seat playing for its own (a tie goes to the move
        tried first)."""
        if state.over:
            return self.value.of_state(state)
        keep = left > self.small
        position: Position = ()
        if keep:
            position = self._position(state)
            known = self.vectors.get(position)
            if known is not None:
                return known
        self._count()
        me = self._side(state.to_act)
        best: list[float] = []
        for key in self._ordered(state, -1):
            child = state.copy()
            apply_key(child, key)
            v = self._maxn(child, left - 1)
            if not best or v[me] > best[me]:
                best = v
        if keep:
            self.vectors[position] = best
        return best
