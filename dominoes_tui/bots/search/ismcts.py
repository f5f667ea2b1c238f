"""Information-set Monte Carlo tree search (single observer), anytime.

Every iteration guesses the hidden tiles afresh (deals.py), then walks one tree that
all guesses share, from the bot's own information set: a node is a sequence of public
placements, an edge a (seat, tile, point). At a node, only the edges the guess allows
are candidates (the tile must be in that seat's guessed hand and fit); each counts how
often it was available, and UCB1 is taken over availability rather than parent visits,
so an edge the guesses rarely allow is not starved (Cowling, Powley & Whitehouse 2012).
A new edge is added per iteration, the playout policy's own choice first; the round is
then played out by sim.py's greedy players, and the result is valued as each side's
chance of winning the match (value.py). In Partner, once few tiles are left (SOLVE_AT),
the guess is played out exactly instead (solver.py): the greedy players' slips in the
last moves decide many hands, and a small ending costs well under a millisecond. The
solver knows who wins, not by how much: the winners are credited half the pips still
held (all of them count at 99 to 99, where only the win matters). Each node keeps the
value to the side that made its move, so every seat plays for its own side (and
partners for their team).

The search stops at its deadline, at an iteration cap, or when cancelled, and plays the
most visited move at the root.
"""
from __future__ import annotations

import math
import random
import threading
import time
from typing import Callable

from ...engine import Move, PlayerView
from ...engine.bits import BIT
from ...engine.layout import END_NAMES
from ..sim import INDEX, PIPS, Board, Rules, count, open_points, place
from .deals import DealSampler
from .solver import PartnerSolver
from .state import Key, RoundState
from .value import MatchValue

EXPLORATION = 0.7
# Partner: with this many tiles or fewer left in the hands, a guess is played out
# exactly (solver.py) rather than by the greedy players
SOLVE_AT = 16


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class Search:
    """One decision's search; `run` may be called again to think longer."""

    def __init__(self, view: PlayerView, rng: random.Random, exploration: float | None = None) -> None:
        self.view, self.rng = view, rng
        self.c = EXPLORATION if exploration is None else exploration
        self.rules = Rules(view)
        self.value = MatchValue(self.rules, view.scores)
        self.sampler = DealSampler(view, rng)
        self.board = Board.from_layout(view.layout)
        self.hand = [INDEX[t] for t in view.hand]
        self.root = Node()
        self.iterations = 0
        self.side = view.seat % 2 if view.teams else view.seat
        # the solver knows the default block rule only (fewer pips win, COM-9)
        exact = view.variant == "partner" and self.rules.config.option("partner_block_winner") != "blocker"
        self.solver = PartnerSolver() if exact and SOLVE_AT > 0 else None
        # the root's edges: the legal moves, mirror images merged
        self.root_moves: dict[Key, Move] = {}
        for move in view.legal:
            key = self._key(move)
            self.root_moves.setdefault(key, move)

    def _key(self, move: Move) -> Key:
        t = INDEX[move.tile]
        p = 0 if move.end is None else END_NAMES.index(move.end)
        b = self.board
        if move.end is not None:
            # the same merging RoundState.moves does below the root
            if self.rules.fives and b.spin >= 0:
                for q in open_points(b, True):
                    if (q >= 2, b.val[q], b.dbl[q], b.cnt[q] > 0) == (p >= 2, b.val[p], b.dbl[p], b.cnt[p] > 0):
                        p = q
                        break
            elif b.val[0] == b.val[1] and p in (0, 1):
                p = 0
        return (self.view.seat, t, p)

    def _state(self) -> RoundState:
        others, stock = self.sampler.deal()
        v = self.view
        hands = [self.hand[:] if s == v.seat else others[s] for s in range(v.players)]
        board = self.board.copy()
        return RoundState(self.rules, hands, stock, board, v.seat, None)

    def run(self, deadline: float | None, max_iterations: int | None, cancel: threading.Event | None,
            clock: Callable[[], float] = time.perf_counter) -> None:
        perf = clock
        # An iteration is begun only if the longest so far still fits before the deadline: on
        # a busy machine iterations stretch, and a fixed margin let the last one run over.
        longest, now = 0.0, perf()
        while True:
            if max_iterations is not None and self.iterations >= max_iterations:
                return
            if cancel is not None and cancel.is_set():
                return
            if deadline is not None and now + longest >= deadline:
                return
            self.iterate()
            self.iterations += 1
            after = perf()
            longest, now = max(longest, after - now), after

    def iterate(self) -> None:
        state = self._state()
        node, path = self.root, [self.root]
        sides = [self.side]
        c, rng = self.c, self.rng
        first = True
        while not state.over:
            keys = list(self.root_moves) if first else state.moves()
            first = False
            children = node.children
            untried = [k for k in keys if k not in children]
            for k in keys:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                greedy = None if node is self.root and state.board.empty else state.greedy()
                key = greedy if greedy in untried else untried[rng.randrange(len(untried))]
                child = Node()
                child.avail = 1
                children[key] = child
                self._apply(state, key)
                path.append(child)
                sides.append(self._side(key[0]))
                break
            best, best_ucb = keys[0], -1.0
            for k in keys:
                ch = children[k]
                ucb = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if ucb > best_ucb:
                    best, best_ucb = k, ucb
            node = children[best]
            self._apply(state, best)
            path.append(node)
            sides.append(self._side(best[0]))
        values = self._solved(state) if self.solver is not None and not state.over else None
        if values is None:
            state.rollout()
            values = self.value.of_round(state.hands, state.went_out, state.blocker, state.capicu,
                                         state.play_points)
        for n, side in zip(path, sides):
            n.visits += 1
            n.total += values[side]

    def _solved(self, state: RoundState) -> list[float] | None:
        """The leaf's value by exact play of this guess, once few enough tiles are left."""
        hands = state.hands
        if state.board.empty or sum(len(h) for h in hands) > SOLVE_AT:
            return None
        masks = [0, 0, 0, 0]
        for s, h in enumerate(hands):
            m = 0
            for t in h:
                m |= BIT[t]
            masks[s] = m
        b = state.board
        v = self.solver.value(masks, b.val[0], b.val[1], state.to_act)
        side = state.to_act % 2
        if v == 0:
            return self.value.of_hand_winner(None, 0)
        winner = side if v > 0 else 1 - side
        return self.value.of_hand_winner(winner, sum(PIPS[t] for h in hands for t in h) // 2)

    def _side(self, seat: int) -> int:
        return seat % 2 if self.rules.teams else seat

    @staticmethod
    def _apply(state: RoundState, key: Key) -> None:
        _, t, p = key
        if state.board.empty:
            # the lead: place it, then the turn passes on
            seat = state.to_act
            place(state.board, t, 0, state.rules.fives)
            hand = state.hands[seat]
            hand.remove(t)
            state.passes, state.last_placer = 0, seat
            if state.rules.fives:
                c = count(state.board)
                if c and c % 5 == 0:
                    state.play_points[seat] += c
            if not hand:
                state.over, state.went_out = True, seat
                return
            state.advance((seat + 1) % state.rules.n)
            return
        state.play(t, p)

    def best(self) -> Move:
        children = self.root.children
        if not children:
            return next(iter(self.root_moves.values()))
        key = max(children, key=lambda k: (children[k].visits, children[k].total))
        return self.root_moves[key]

    def stats(self) -> list[tuple[Move, int, float]]:
        return [(self.root_moves[k], n.visits, n.total / n.visits if n.visits else 0.0)
                for k, n in self.root.children.items()]
