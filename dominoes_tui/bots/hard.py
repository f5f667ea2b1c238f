"""The `hard` level: decides by sampling, never by peeking.

For each decision it deals the unseen tiles (knowledge.py: everything not in its hand
or on the table) to the other hands and the boneyard many times, each deal consistent
with what is public: every hand gets exactly its known size, and a seat never gets a
tile carrying a number it has shown it lacks by passing or drawing. Every distinct
candidate move is played out on every deal (the same deals for every move, so luck
cancels between them) by a fast greedy policy (sim.py), and the move that gains most
points on average for its side, net of what the others gain, is played.

It stops at its time budget (default 200 ms, `think_ms`) or at a fixed cap of deals,
whichever comes first; with `think_ms=None` only the cap applies, so a seeded bot then
plays exactly the same moves every time.
"""
from __future__ import annotations

import random
import time

from ..engine import Move, PlayerView
from . import sim
from .knowledge import Knowledge
from .medium import MediumBot

DEFAULT_THINK_MS = 200.0
DEFAULT_MAX_SAMPLES = 400


def sample_deal(view: PlayerView, know: Knowledge, rng: random.Random, tries: int = 30
                ) -> tuple[dict[int, list[int]], list[int]]:
    """One guess at the hidden tiles: {seat: tile indices}, boneyard (top last)."""
    others = [s for s in range(view.players) if s != view.seat]
    unseen = [sim.INDEX[t] for t in know.unseen]
    lacks = {s: know.lacks[s] for s in others}

    def allowed(s: int, t: int) -> bool:
        bad = lacks[s]
        return sim.LO[t] not in bad and sim.HI[t] not in bad

    # most constrained seats first
    order = sorted(others, key=lambda s: sum(1 for t in unseen if allowed(s, t)) - view.hand_sizes[s])
    for attempt in range(tries + 1):
        pool = unseen[:]
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        ok = True
        for s in order:
            size = view.hand_sizes[s]
            if attempt == tries:  # give up on the constraints rather than fail
                picked = pool[:size]
            else:
                picked = [t for t in pool if allowed(s, t)][:size]
                if len(picked) < size:
                    ok = False
                    break
            taken = set(picked)
            pool = [t for t in pool if t not in taken]
            hands[s] = picked
        if ok:
            return hands, pool
    raise AssertionError("unreachable")  # pragma: no cover


class HardBot:
    level = "hard"

    def __init__(
        self,
        rng: random.Random | None = None,
        name: str = "Hard",
        think_ms: float | None = DEFAULT_THINK_MS,
        max_samples: int = DEFAULT_MAX_SAMPLES,
    ) -> None:
        self.rng = rng or random.Random(0)
        self.name = name
        self.think_ms = think_ms if think_ms and think_ms > 0 else None
        self.max_samples = max_samples
        self.medium = MediumBot(self.rng, name)
        self.last_samples = 0  # how many deals the last decision looked at

    def close(self) -> None:
        pass

    def choose(self, view: PlayerView) -> Move:
        started = time.perf_counter()
        legal = list(view.legal)
        rules = sim.Rules(view)
        board = sim.Board.from_layout(view.layout)
        # one candidate per distinct resulting position
        candidates: list[Move] = []
        seen: set[tuple] = set()
        for move in legal:
            sig = sim.signature(rules, board, move)
            if sig not in seen:
                seen.add(sig)
                candidates.append(move)
        self.last_samples = 0
        if len(candidates) == 1:
            return candidates[0]
        # medium's order breaks ties and guides the first look
        prior = self.medium.scores(view)
        candidates.sort(key=lambda m: -prior[m])
        deadline = None if self.think_ms is None else started + self.think_ms / 1000.0
        know = Knowledge.from_view(view)
        totals = [0.0] * len(candidates)
        me, n = view.seat, view.players
        side = me % 2 if view.teams else me
        hand = [sim.INDEX[t] for t in view.hand]
        samples = 0
        while samples < self.max_samples:
            if deadline is not None and samples:
                now = time.perf_counter()
                per = (now - started) / samples
                if now + per * 1.2 > deadline:
                    break
            others, stock = sample_deal(view, know, self.rng)
            for i, move in enumerate(candidates):
                hands = [hand[:] if s == me else others[s][:] for s in range(n)]
                b = board.copy()
                points = [0] * n
                capicu, scored = sim.apply_root(rules, b, hands[me], move)
                points[me] += scored
                if not hands[me]:
                    went_out, blocker = me, None
                else:
                    went_out, blocker, capicu = sim.playout(
                        rules, hands, stock[:], b, (me + 1) % n, me, 0, points
                    )
                gains = sim.side_values(rules, hands, went_out, blocker, capicu, points)
                mine = gains[side]
                rest = [g for i2, g in enumerate(gains) if i2 != side]
                totals[i] += mine - sum(rest) / len(rest)
            samples += 1
        self.last_samples = samples
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]
