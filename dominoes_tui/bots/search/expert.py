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
from typing import Callable

from ...engine import Move, PlayerView
from .pimc import Search

EXPERT_THINK_MS = 1000.0
# Without a clock (tournaments: the same moves for a seed) this many guesses a decision.
CLOCKLESS_GUESSES = 300
# Stop this far before the budget: the last iteration and the answer fit in it.
MARGIN_MS = 3.0


class SearchBot:
    level = "expert"

    def __init__(self, rng: random.Random | None = None, name: str = "Expert",
                 think_ms: float | None = EXPERT_THINK_MS, max_iterations: int | None = None,
                 level: str = "expert", clock: Callable[[], float] = time.perf_counter) -> None:
        self.rng = rng or random.Random(0)
        self.name = name
        self.level = level
        self.think_ms = think_ms if think_ms and think_ms > 0 else None
        self.max_iterations = max_iterations if max_iterations is not None or self.think_ms else CLOCKLESS_GUESSES
        self.clock = clock
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self.thinking = False
        self.last_iterations = 0

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
        search = Search(view, self.rng, self.think_ms)
        self.last_iterations = 0
        if len(search.root_moves) == 1:
            return legal[0] if len(legal) == 1 else next(iter(search.root_moves.values()))
        deadline = None
        if self.think_ms is not None:
            deadline = started + max(0.0, self.think_ms - MARGIN_MS) / 1000.0
        search.run(deadline, self.max_iterations, self._cancel, self.clock)
        self.last_iterations = search.iterations
        return search.best()
