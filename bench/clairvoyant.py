"""A player who sees every hand and the boneyard's order: the bench's ceiling, never a level.

It reads the match itself, not its seat's view, so it is made only here, by the search
part of the bench (search_strength.py, spec `sees-all`), and no registry, server or app
can seat it. It plays the search of the hard and expert levels on the one deal that is
true, with the ending solved exactly from as early as a node budget allows. Against
hard, its share says how much of a table's result play can change at all: a round that
even full sight of the hands cannot win is the deal's, and no honest search wins it
either. Issue 13 asks the expert for 55% against hard in every table; this row shows
what that asks (bench/README.md, session 22).
"""
from __future__ import annotations

import random

from dominoes_tui.bots.search.exact import ExactSolver
from dominoes_tui.bots.search.pimc import Search
from dominoes_tui.engine import Match, Move, PlayerView
from dominoes_tui.engine.bits import INDEX

SEES_ALL = "sees-all"
# Nodes an exact ending may take before a playout stands in: with two sides (alpha-beta)
# enough for 2-player Block from its first move (p95 8 ms a decision); with three
# players (max-n, no pruning) less, or a decision takes seconds.
MAX_NODES = {2: 200_000, 3: 30_000}


class Clairvoyant:
    level = SEES_ALL

    def __init__(self, match: Match, name: str = "Sees all") -> None:
        self.match, self.name = match, name

    def choose(self, view: PlayerView) -> Move:
        if len(view.legal) == 1:
            return view.legal[0]
        search = Search(view, random.Random(0), None)
        search.exact = ExactSolver(search.value, search.side, max_nodes=MAX_NODES[search.value.sides])
        search.solve_at = 28
        seat = view.seat
        others = {s: [INDEX[t] for t in hand] for s, hand in enumerate(self.match.hands) if s != seat}
        stock = [INDEX[t] for t in reversed(self.match.boneyard)]  # top last, as the search keeps it
        values = search.judge(others, stock)  # the deal as it is, judged as a guess would be
        assert values is not None  # only a cancel cuts a judgement short
        search.record(1.0, values)
        return search.best()

    def close(self) -> None:
        pass
