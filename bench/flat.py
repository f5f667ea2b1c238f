"""The flat sampler: the hard level before the search, kept as the bench's yardstick (`flat`).

The hard level is now the expert's search with hard's budget (bots/search/); this bot
stays as what it improved on: the search study plays the two at the same 200 ms. It is
no level of the program: only the studies here seat it (bench/levels.py).

For each decision it deals the unseen tiles (everything not in its hand or on the table)
to the other hands and the boneyard many times, each deal drawn exactly uniformly among
those consistent with what is public (sampler.py: every hand its known size, no seat a
tile carrying a number it has shown it lacks). Every distinct candidate move is played out
on every deal (the same deals for every move, so luck cancels between them) by a fast
greedy policy (sim.py), and the move that gains most points on average for its side, net
of what the others gain, is played.

Its time budget (`think_ms`, default 200 ms) is kept: the clock is read between playouts,
and a deal is only begun when it can be finished with a margin to spare; a deal that the
clock cuts short is dropped, so every candidate is judged on the same deals. Without a
clock (`think_ms=None`) a fixed cap of deals (400) is the only limit, so a seeded bot
then plays exactly the same moves every time; with one, the budget is.
"""
from __future__ import annotations

import random
import time

from dominoes_tui.bots.medium import MediumBot
from dominoes_tui.bots.search.deals import DealSampler
from dominoes_tui.bots.sim import Rules, board_of, code_of, playout, side_values, signature
from dominoes_tui.engine import Move, PlayerView
from dominoes_tui.engine.bits import INDEX

DEFAULT_THINK_MS = 200.0
DEFAULT_MAX_SAMPLES = 400  # a seeded clockless hard bot (tournaments) plays this many
# With a clock the budget is the limit: this cap only bounds a decision whose every deal
# is trivial. (The clockless cap of 400 used to apply here too, and most decisions then
# stopped at a third of their 200 ms.)
TIMED_MAX_SAMPLES = 20_000
MARGIN_S = 0.004  # stop this long before the budget: the answer still has to be made


class FlatBot:
    level = "flat"

    def __init__(
        self,
        rng: random.Random | None = None,
        name: str = "Flat",
        think_ms: float | None = DEFAULT_THINK_MS,
        max_samples: int | None = None,
    ) -> None:
        self.rng = rng or random.Random(0)
        self.name = name
        self.think_ms = think_ms if think_ms and think_ms > 0 else None
        if max_samples is None:
            max_samples = DEFAULT_MAX_SAMPLES if self.think_ms is None else TIMED_MAX_SAMPLES
        self.max_samples = max_samples
        self.medium = MediumBot(self.rng, name)
        self.last_samples = 0  # how many deals the last decision looked at

    def close(self) -> None:
        pass

    def choose(self, view: PlayerView) -> Move:
        started = time.perf_counter()
        legal = list(view.legal)
        rules = Rules(view)
        board = board_of(view)
        # one candidate per distinct resulting position
        candidates: list[Move] = []
        seen: set[tuple] = set()
        for move in legal:
            sig = signature(board, move)
            if sig not in seen:
                seen.add(sig)
                candidates.append(move)
        self.last_samples = 0
        if len(candidates) == 1:
            return candidates[0]
        # medium's order breaks ties and guides the first look
        prior = self.medium.scores(view)
        candidates.sort(key=lambda m: -prior[m])
        stop = None if self.think_ms is None else started + self.think_ms / 1000.0 - MARGIN_S
        sampler = DealSampler(view, self.rng)  # the search's guesses: the same exact sampler
        totals = [0.0] * len(candidates)
        me, n = view.seat, view.players
        side = me % 2 if view.teams else me
        hand = [INDEX[t] for t in view.hand]
        samples = 0
        slowest = 0.0  # the longest a whole deal has taken so far
        clock = time.perf_counter
        while samples < self.max_samples:
            began = clock()
            if stop is not None and samples and began + slowest > stop:
                break
            others, stock = sampler.deal()
            gains_here: list[float] = []
            for move in candidates:
                if stop is not None and clock() > stop:
                    gains_here = []  # cut short: dropped, so every move is judged on the same deals
                    break
                state = rules.start([hand[:] if s == me else others[s][:] for s in range(n)], stock[:],
                                    board.copy(), me)
                state.play(*code_of(move))
                playout(state)
                gains = side_values(rules, state)
                rest = [g for i2, g in enumerate(gains) if i2 != side]
                gains_here.append(gains[side] - sum(rest) / len(rest))
            if len(gains_here) < len(candidates):
                break
            for i, g in enumerate(gains_here):
                totals[i] += g
            samples += 1
            slowest = max(slowest, clock() - began)
        self.last_samples = samples
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]
