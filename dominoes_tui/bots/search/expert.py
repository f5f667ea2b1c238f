"""The `expert` level (1 s a move): the determinized search of pimc.py.

Anytime: it plays the best move found when its budget runs out, and `cancel()` (from
any thread) ends the thinking at once when the move is no longer wanted. With
`think_ms=None` only the cap on guesses applies, so a seeded bot plays the same moves on
the same views every time (the honesty tests rely on it).
"""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from ...engine import Move, PlayerView
from .pimc import KNOWN_NODES, Search

EXPERT_THINK_MS = 1000.0
# The hard level is the same search with a fifth of the time, and without a
# clock a fixed number of guesses, the exact endings begun as at its budget.
HARD_THINK_MS = 200.0
HARD_CLOCKLESS_GUESSES = 150
# Without a clock (tournaments: the same moves for a seed) this many guesses a decision.
CLOCKLESS_GUESSES = 300
# Stop this far before the budget: the last iteration and the answer fit in it.
MARGIN_MS = 3.0
# Exact nodes a millisecond of thinking buys, with room to spare (about 7 µs a node compiled,
# 23 from the sources, the table kept from 4 tiles up): a known position the clock cannot
# solve is searched as any other.
NODES_PER_MS = 25


class SearchBot:
    level = "expert"

    def __init__(self, rng: random.Random | None = None, name: str = "Expert",
                 think_ms: float | None = EXPERT_THINK_MS, max_iterations: int | None = None,
                 level: str = "expert", clock: Callable[[], float] = time.perf_counter,
                 solve_ms: float | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.name = name
        self.level = level
        self.think_ms = think_ms if think_ms and think_ms > 0 else None
        self.max_iterations = max_iterations if max_iterations is not None or self.think_ms else CLOCKLESS_GUESSES
        self.clock = clock
        # the budget the exact endings are sized for (pimc.solve_at): the clock's, or, for a
        # clockless bot, the one it stands in for
        self.solve_ms = self.think_ms if solve_ms is None else solve_ms
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self.thinking = False
        self.last_iterations = 0

    @property
    def last_samples(self) -> int:
        """The guesses the last decision was judged on (the bench's deals per decision)."""
        return self.last_iterations

    def cancel(self) -> None:
        """Stop thinking now: the `choose` under way returns its best move so far. Only
        a decision under way is stopped, so a late cancel cannot cut the next one short."""
        with self._lock:
            if self.thinking:
                self._cancel.set()

    def close(self) -> None:
        self.cancel()

    def choose(self, view: PlayerView) -> Move:
        with self._lock:
            self._cancel.clear()
            self.thinking = True
        try:
            return self._choose(view)
        finally:
            with self._lock:
                self.thinking = False

    def _choose(self, view: PlayerView) -> Move:
        started = self.clock()
        legal = view.legal
        search = Search(view, self.rng, self.solve_ms)
        self.last_iterations = 0
        if len(search.root_moves) == 1:
            return legal[0] if len(legal) == 1 else next(iter(search.root_moves.values()))
        if search.determined:  # nothing hidden: solve it, within what the clock allows
            budget = KNOWN_NODES if self.think_ms is None else int(self.think_ms * NODES_PER_MS) // len(search.keys)
            known = search.solve_known(max(budget, 1), self._cancel)
            if known is not None:
                return search.root_moves[search.keys[max(range(len(known)), key=lambda i: (known[i], -i))]]
        deadline = None
        if self.think_ms is not None:
            deadline = started + max(0.0, self.think_ms - MARGIN_MS) / 1000.0
        search.run(deadline, self.max_iterations, self._cancel, self.clock)
        self.last_iterations = search.iterations
        return search.best()
