"""Determinized search: every candidate judged on the same guesses, endings solved exactly.

Each iteration guesses the hidden tiles afresh (deals.py, uniform among the deals that
fit what is public) and plays every candidate move on that one guess, so luck cancels
between the candidates: what differs between their totals is the move, not the deal.
After the move the rest of the round is played by the playout policy (rollout.py: a
greedy player that sees the guessed hands) until few enough tiles are left in play, and
from there solved exactly (exact.py: best play by all, valued as the chance of winning
the match, value.py). Each guess counts as much as it explains the plays the other seats
made (inference.py). The candidate with the best weighted average is played.

Where what is public leaves one deal only (two players once the boneyard is empty: the
other hand is every tile not seen), there is nothing to guess: `solve_known` solves each
candidate once, exactly, and that is the position's true value.

More time buys two things: more guesses, and exact endings begun earlier (the threshold
at which a guess is solved rather than played out grows with the budget).
"""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence

from ...engine import Move, PlayerView
from ...engine.bits import INDEX
from ...engine.board import Board
from ...engine.round import Round
from ..sim import Rules, board_of, code_of
from .deals import DealSampler
from .exact import KNOWN_SMALL, ExactSolver
from .inference import PlayModel
from .play_style import style_for
from .rollout import sharp_step
from .state import Key, apply_key, merged_point
from .value import MatchValue

# Judged on fewer guesses than this, a decision is mostly luck: the exact endings are
# then begun later (see `run`).
ENOUGH_GUESSES = 600
# Nodes one guess's exact ending may take before the playout finishes it instead.
ENDING_NODES = 20_000
# Nodes a known position's candidate may take (solved once, not per guess): at about 7 µs
# a node compiled, some 6 s before it gives up. The hardest candidate of the 384 known
# 2-player Draw decisions of the analysis's test took 146,318.
KNOWN_NODES = 900_000


def solve_at(think_ms: float | None, sides: int) -> int:
    """Tiles still in play (hands, and a boneyard that can still be drawn) at or below
    which a guess is solved exactly, to begin with: more time, earlier endings."""
    if sides > 2:  # max-n prunes nothing
        return 9 if think_ms is None or think_ms < 500 else 12
    if think_ms is None:
        return 12
    return 16 if think_ms >= 500 else 12


def candidate_key(seat: int, board: Board, move: Move) -> Key:
    """`move`'s key as a candidate: mirror images (ends that show the same number and
    look alike) share one."""
    t, p = code_of(move)
    if move.end is not None:
        p = merged_point(board, p)
    return (seat, t, p)


def root_candidates(view: PlayerView, board: Board | None = None) -> dict[Key, Move]:
    """The legal moves of `view`, mirror images merged, each under its key. The
    analysis asks this too: a decision with one candidate is no choice."""
    board = board_of(view) if board is None else board
    candidates: dict[Key, Move] = {}
    for move in view.legal:
        candidates.setdefault(candidate_key(view.seat, board, move), move)
    return candidates


class Search:
    """One decision's search; `run` may be called again to think longer."""

    def __init__(self, view: PlayerView, rng: random.Random, think_ms: float | None = None) -> None:
        self.view, self.rng = view, rng
        self.rules = Rules(view)
        self.value = MatchValue(self.rules.config, view.scores)
        self.sampler = DealSampler(view, rng)
        self.board = board_of(view)
        self.hand = [INDEX[t] for t in view.hand]
        self.in_play = sum(view.hand_sizes) + view.drawable  # at the root, before the move
        self.iterations = 0
        self.side = view.seat % 2 if view.teams else view.seat
        self.exact = ExactSolver(self.value, self.side, ENDING_NODES)
        self.solve_at = solve_at(think_ms, self.value.sides)
        # the candidates: the legal moves, mirror images merged
        self.root_moves = root_candidates(view, self.board)
        self.keys = list(self.root_moves)
        self.model = PlayModel(view, self.rules.fives, style=style_for(view.variant, view.players))
        self.totals = [0.0] * len(self.keys)
        self.weight = 0.0  # the guesses' weights summed: totals / weight are the averages

    def _key(self, move: Move) -> Key:
        return candidate_key(self.view.seat, self.board, move)

    def run(self, deadline: float | None, max_iterations: int | None, cancel: threading.Event | None,
            clock: Callable[[], float] = time.perf_counter) -> None:
        # A guess is begun only if the longest so far still fits before the deadline (on a
        # busy machine guesses stretch, and a fixed margin let the last one run over).
        longest, now = 0.0, clock()
        recent: float | None = None  # a guess's time lately, at the present threshold
        while True:
            if max_iterations is not None and self.iterations >= max_iterations:
                return
            if cancel is not None and cancel.is_set():
                return
            if deadline is not None and now + longest >= deadline:
                return
            weighed = self.iterate(cancel)
            after = clock()
            if weighed is None:
                return
            w, values = weighed
            self.record(w, values)
            took = after - now
            longest, now = max(longest, took), after
            recent = took if recent is None else 0.75 * recent + 0.25 * took
            if deadline is not None and self.solve_at > 6 and \
                    self.iterations + (deadline - now) / max(recent, 1e-6) < ENOUGH_GUESSES:
                # too slow a guess for enough of them in the time left: solve later endings
                # only (judged after every guess: a Block lead has every tile in play, and
                # judged every eighth guess it was decided on about nine)
                self.solve_at -= 1
                recent = None

    def iterate(self, cancel: threading.Event | None = None) -> tuple[float, list[float]] | None:
        """How likely one fresh guess is, and every candidate's value on it (None if
        cancelled part way: a guess is used for every candidate or for none)."""
        others, stock = self.sampler.deal()
        w = self.model.weight(others)
        values = self.judge(others, stock, cancel)
        return None if values is None else (w, values)

    def judge(self, others: dict[int, list[int]], stock: list[int],
              cancel: threading.Event | None = None) -> list[float] | None:
        """Every candidate's value on one deal of the hidden tiles (the other hands, the
        boneyard top last); None if cancelled part way."""
        base = self._dealt(others, stock)
        self.exact.new_deal()
        return self._each_candidate(base, self._finish, cancel)

    def _each_candidate(self, base: Round, value_of: Callable[[Round], float | None],
                        cancel: threading.Event | None) -> list[float] | None:
        """`value_of` the position after each candidate (keys order); None if cancelled
        or a value is missing: a deal counts for every candidate or for none."""
        values = []
        for key in self.keys:
            if cancel is not None and cancel.is_set():
                return None
            state = base.copy()
            apply_key(state, key)
            value = value_of(state)
            if value is None:
                return None
            values.append(value)
        return values

    def _dealt(self, others: dict[int, list[int]], stock: list[int]) -> Round:
        """The position on the board with the hidden tiles dealt so: the mover to play."""
        v = self.view
        hands = [self.hand if s == v.seat else others[s] for s in range(v.players)]
        return self.rules.start(hands, stock, self.board, v.seat)

    def record(self, w: float, values: list[float]) -> None:
        """Count one judged deal, `w` its weight, toward every candidate's total."""
        for i, v in enumerate(values):
            self.totals[i] += w * v
        self.weight += w
        self.iterations += 1

    def candidate(self, move: Move) -> int:
        """The index in `keys` (and `totals`) of the candidate that stands for the legal
        `move` (its mirror image's, when mirror images were merged)."""
        return self.keys.index(self._key(move))

    def averages(self) -> list[float]:
        """Every candidate's weighted average value so far (the chance of winning the
        match), in `keys` order; each is judged on the same guesses, so their differences
        are the moves' differences."""
        if self.weight <= 0.0:
            return [0.0] * len(self.keys)
        return [t / self.weight for t in self.totals]

    @property
    def determined(self) -> bool:
        """Whether what is public leaves one deal only: a position of perfect information."""
        return self.sampler.determined

    def solve_known(self, max_nodes: int = KNOWN_NODES, cancel: threading.Event | None = None) -> list[float] | None:
        """Every candidate's exact value (keys order) where the position is `determined`;
        None where it is not, or a candidate needs more than `max_nodes` nodes, or
        `cancel` was set."""
        if not self.determined:
            return None
        solved = self.solve_deals([self.sampler.deal()], max_nodes, cancel)  # the one deal there is
        return None if solved is None else solved[0]

    def solve_deals(self, deals: Sequence[tuple[dict[int, list[int]], list[int]]], max_nodes: int = KNOWN_NODES,
                    cancel: threading.Event | None = None) -> list[list[float]] | None:
        """Every candidate's exact value (keys order) in each of `deals` (the other hands,
        the boneyard top last); None where a candidate needs more than `max_nodes` nodes,
        or `cancel` was set."""
        # every candidate is solved to its end with the whole window: the table pays from
        # fewer tiles up than in a guess's ending (exact.py)
        solver = ExactSolver(self.value, self.side, max_nodes, cancel, small=KNOWN_SMALL)

        def exact(state: Round) -> float | None:
            return self.value.of_state(state)[self.side] if state.over else solver.solve(state)

        out = []
        for others, stock in deals:
            solver.new_deal()
            values = self._each_candidate(self._dealt(others, stock), exact, cancel)
            if values is None:
                return None
            out.append(values)
        return out

    def _finish(self, state: Round) -> float:
        """This side's value of the rest of the round on this guess: played out by the
        playout policy down to `solve_at` tiles in play, then solved exactly."""
        rules, limit = self.rules, self.solve_at
        while not state.over and state.in_play() > limit:
            sharp_step(rules, state)
        if not state.over:
            solved = self.exact.solve(state)
            if solved is not None:
                return solved
            while not state.over:  # too big an ending after all: played out
                sharp_step(rules, state)
        return self.value.of_state(state)[self.side]

    def best(self) -> Move:
        if not self.iterations:
            return self.root_moves[self.keys[0]]
        best = max(range(len(self.keys)), key=lambda i: (self.totals[i], -i))
        return self.root_moves[self.keys[best]]
