"""One decision judged: every legal move's chance of winning the match, from the mover's view.

The judging is the expert's own search (bots/search/pimc.py): each guess deals the hidden
tiles afresh, consistently with what the mover has seen, and every candidate is played
on that same guess, its outcome valued as the chance of winning the match (value.py).
Here the guesses are counted rather than timed (`guesses`), and the random stream is the
caller's (seeded per decision), so a judgement is the same on every run and every
machine. The search never sees the real hands: it is handed the view, nothing else.

Besides each candidate's average, the judgement keeps how noisy the difference between
the best candidate and each other one is (the standard error of their paired difference
over the guesses): verdicts.py names a loss only when it clears a threshold by more
than that.
"""
from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass
from typing import NamedTuple

from ...engine import Move, PlayerView
from ..search.pimc import Search
from .bias import playout_bias
from .verdicts import margin

# The guesses a decision is judged on by default (docs/ANALYSIS.md: how noisy that is).
GUESSES = 400
# The exact endings are begun where a clockless search begins them (pimc.solve_at: 10
# tiles in play, 16 in Partner, whose solver is quicker). The expert's second a move would
# begin them at 14, but it backs off when a guess is slow; a count of guesses cannot, and a
# Block hand of 7 and 7 solved exactly from its first move costs seconds a guess.
SOLVE_MS: float | None = None


class Cancelled(Exception):
    """The analysis was asked to stop (its `cancel` event was set)."""


@dataclass(frozen=True)
class Judgement:
    """A decision's candidates, best first: one per distinct result (mirror images merged)."""

    moves: tuple[Move, ...]        # the candidates' moves, best first
    chances: tuple[float, ...]     # each one's chance of winning the match
    noise: tuple[float, ...]       # standard error of (best's chance - this one's); 0 for the best
    guesses: int                   # 0 when solved
    legal: tuple[tuple[Move, int], ...]  # every legal move and the index of its candidate in `moves`
    # Solved: every hidden tile followed from what was public, and each candidate's chance
    # is its exact value with best play (search.solve_known), not an estimate.
    exact: bool = False
    # How far (best's chance - this one's) may be off: the guesses' noise and the
    # playouts' bias together (verdicts.margin); 0 for the best and when solved
    error: tuple[float, ...] = ()

    def index_of(self, move: Move) -> int:
        """The candidate that stands for a legal move."""
        for m, i in self.legal:
            if m == move:
                return i
        raise ValueError(f"{move} is not one of the legal moves judged")


def judge(view: PlayerView, rng: random.Random, *, guesses: int | None = GUESSES, think_ms: float | None = None,
          cancel: threading.Event | None = None, skip_single: bool = False, least: int = 1,
          most_ms: float | None = None) -> Judgement:
    """Judge every legal move of `view` (its seat must be to act) on `guesses` guesses, or
    for `think_ms` milliseconds when it is given (then not repeatable: the machine's speed
    decides how many), and then on until `least` guesses are made, unless `most_ms` have
    passed since the start (a busy machine's search stops short of `least` then: the
    caller says so). Raises Cancelled when `cancel` is set part way. With `skip_single`,
    a decision with one candidate only (no choice) is not judged: 0 guesses."""
    if not view.legal:
        raise ValueError("the view's seat has no move to make")
    search = Search(view, rng, SOLVE_MS)
    n = len(search.keys)
    if search.determined and (n > 1 or not skip_single):
        known = search.solve_known(cancel=cancel)
        if known is not None:
            return _judgement(search, view, known, [], exact=True)
        if cancel is not None and cancel.is_set():
            raise Cancelled
    samples: list[tuple[float, list[float]]] = []
    started = time.perf_counter()
    deadline = None if think_ms is None else started + think_ms / 1000.0
    last = None if most_ms is None else started + most_ms / 1000.0
    least = max(1, least)
    if n > 1 or not skip_single:  # a lone candidate has nothing to be compared with
        while True:
            if guesses is not None and search.iterations >= guesses:
                break
            if deadline is not None and search.iterations:
                now = time.perf_counter()
                if now >= deadline and (search.iterations >= least or (last is not None and now >= last)):
                    break
            if cancel is not None and cancel.is_set():
                raise Cancelled
            weighed = search.iterate(cancel)
            if weighed is None:
                raise Cancelled
            search.record(*weighed)
            samples.append(weighed)
    return _judgement(search, view, search.averages(), samples, exact=False)


def _judgement(search: Search, view: PlayerView, values: list[float], samples: list[tuple[float, list[float]]],
               exact: bool) -> Judgement:
    """The candidates ranked by `values` (keys order), best first, with their noise and margins."""
    n = len(values)
    order = sorted(range(n), key=lambda i: (-values[i], i))
    best = order[0]
    rank = {c: r for r, c in enumerate(order)}
    noise = tuple(_paired_error(samples, best, i) for i in order)
    bias = 0.0 if exact else playout_bias(view.variant, view.players, search.in_play - search.solve_at)
    return Judgement(
        moves=tuple(search.root_moves[search.keys[i]] for i in order),
        chances=tuple(values[i] for i in order),
        noise=noise,
        guesses=search.iterations,
        legal=tuple((m, rank[search.candidate(m)]) for m in view.legal),
        exact=exact,
        error=tuple(0.0 if r == 0 else margin(noise[r], bias) for r in range(n)),
    )


def _paired_error(samples: list[tuple[float, list[float]]], a: int, b: int) -> float:
    """The standard error of the weighted mean of (value a - value b) over the guesses."""
    if a == b or len(samples) < 2:
        return 0.0
    total = sum(w for w, _v in samples)
    if total <= 0.0:
        return 0.0
    mean = sum(w * (v[a] - v[b]) for w, v in samples) / total
    spread = sum((w * (v[a] - v[b] - mean)) ** 2 for w, v in samples)
    return math.sqrt(spread) / total


class Weighing(NamedTuple):
    """A hint's numbers: every legal move with its chance, best first, whether they are
    solved (every hidden tile known from what was public) rather than estimated, and
    whether the estimate is rough (its search ran out of time short of its guesses)."""

    rows: list[tuple[Move, float]]
    exact: bool
    rough: bool = False


def judge_view(view: PlayerView, *, think_ms: float = 1000, seed: int = 0, guesses: int | None = None,
               cancel: threading.Event | None = None, least: int = 1, most_ms: float | None = None) -> Weighing:
    """Every legal move of the seat's own view with its chance of winning the match, best
    first (mirror images each listed, with their twin's chance), and whether they are
    solved: for hints. `think_ms` is the time to spend, and on until `least` guesses
    unless `most_ms` have passed (then the weighing is rough); 0 or less (or `guesses`
    given) judges on a fixed count of guesses instead (default GUESSES), the same on
    every run. Setting `cancel` (from another thread) stops it: Cancelled is raised."""
    from ...engine.seeds import seeded

    timed = guesses is None and think_ms is not None and think_ms > 0
    j = judge(view, seeded(seed, "hint", view.round, len(view.history)),
              guesses=None if timed else (guesses or GUESSES), think_ms=think_ms if timed else None, cancel=cancel,
              least=least if timed else 1, most_ms=most_ms if timed else None)
    rows = [(m, j.chances[i]) for m, i in j.legal]
    rows.sort(key=lambda row: -row[1])  # stable: the legal order among equals
    return Weighing(rows, j.exact, timed and not j.exact and len(j.moves) > 1 and j.guesses < least)
