"""A quick stand-in for the ISMCTS peer, in our own process, for tuning the search levels.

The real peer (ismcts_peer.py) is OpenSpiel in its own interpreter, and its simulations
cost several milliseconds, so a row of 100 games at a second a move takes most of an hour.
This copy plays the same game the same way, on plain integers, about thirty times faster
per simulation: Partner, one hand, seat 0 leads any tile, win/loss (+1/-1, a tied block 0),
OpenSpiel's ISMCTS as issue 13 sets it (nodes keyed by the acting seat's hand and the
plays so far, UCT with c = 1, untried actions first, eight random rollouts a leaf, the
most visited action played) and guesses of the hidden hands drawn uniformly among those
that respect every pass (the exact sampler, where the peer rejects until one fits: the
same distribution). With a simulation count instead of a time, rows are independent of
the machine's load. Our level answers turn messages as in the real bench (docs/BOT_PROTOCOL.md
views, 99 to 99 with a target of 100).

    python -m dominoes_tui.bench.ismcts_local --ours expert:200 --sims 200 --units 100

It is a tuning aid: the figures the issue asks for come from the real peer.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

from bench.strength import _mean_ci
from dominoes_tui.bots import make_bot
from dominoes_tui.bots.protocol import view_from_turn
from dominoes_tui.bots.sampler import DealSampler
from dominoes_tui.engine import ALL_TILES

LO = [t.low for t in ALL_TILES]
HI = [t.high for t in ALL_TILES]
PIPS = [LO[i] + HI[i] for i in range(28)]
Action = tuple[int, int]  # (tile index, the end value it covers; -1 for the lead)


class Hand:
    """One Partner hand in play: hands, the two end values, who acts, +1/-1/0 for team 0."""

    __slots__ = ("hands", "ends", "to_act", "plays", "over", "result")

    def __init__(self, hands: list[list[int]]) -> None:
        self.hands = hands
        self.ends: tuple[int, int] | None = None
        self.to_act = 0
        self.plays: tuple[tuple[int, int, int], ...] = ()
        self.over = False
        self.result = 0

    def copy(self) -> Hand:
        h = Hand([list(x) for x in self.hands])
        h.ends, h.to_act, h.plays, h.over, h.result = self.ends, self.to_act, self.plays, self.over, self.result
        return h

    def legal(self) -> list[Action]:
        hand = self.hands[self.to_act]
        if self.ends is None:
            return [(t, -1) for t in hand]
        left, right = self.ends
        out = []
        for t in hand:
            if left in (LO[t], HI[t]):
                out.append((t, left))
            if right != left and right in (LO[t], HI[t]):
                out.append((t, right))
        return out

    def apply(self, action: Action, passed: list[tuple[int, tuple[int, int]]] | None = None) -> None:
        """Place the tile, then skip every seat that cannot play (noted in `passed`)."""
        t, end = action
        seat = self.to_act
        self.hands[seat].remove(t)
        if self.ends is None:
            self.ends = (LO[t], HI[t])
        else:
            other = HI[t] if LO[t] == end else LO[t]
            self.ends = (other, self.ends[1]) if end == self.ends[0] else (self.ends[0], other)
        self.plays += ((seat, t, end),)
        if not self.hands[seat]:
            self.over, self.result = True, 1 if seat % 2 == 0 else -1
            return
        left, right = self.ends
        for step in range(1, 5):
            nxt = (seat + step) % 4
            if any(LO[x] in (left, right) or HI[x] in (left, right) for x in self.hands[nxt]):
                self.to_act = nxt
                return
            if passed is not None and step < 4:
                passed.append((nxt, self.ends))
        ours = sum(PIPS[x] for x in self.hands[0] + self.hands[2])
        theirs = sum(PIPS[x] for x in self.hands[1] + self.hands[3])
        self.over, self.result = True, (ours < theirs) - (ours > theirs)


class LocalISMCTS:
    """OpenSpiel's ISMCTSBot, as the peer is set, on `Hand`."""

    def __init__(self, sims: int, rollouts: int = 8, c: float = 1.0, seed: int = 0) -> None:
        self.sims, self.rollouts, self.c = sims, rollouts, c
        self.rng = random.Random(seed)
        self.nodes: dict[tuple, tuple[list[int], dict[Action, list[float]]]] = {}

    def choose(self, hand: Hand, lacks: list[set[int]]) -> Action:
        actions = hand.legal()
        if len(actions) == 1:
            return actions[0]
        me = hand.to_act
        others = [s for s in range(4) if s != me]
        sampler = DealSampler([t for s in others for t in hand.hands[s]], {s: len(hand.hands[s]) for s in others},
                              {s: lacks[s] for s in others})
        self.nodes = {}
        for _ in range(self.sims):
            guess, _rest = sampler.sample(self.rng)
            state = hand.copy()
            for s in others:
                state.hands[s] = guess[s]
            self._simulate(state)
        _count, children = self.nodes[self._key(hand)]
        return max(children, key=lambda a: (children[a][0], self.rng.random()))

    @staticmethod
    def _key(hand: Hand) -> tuple:
        return hand.to_act, frozenset(hand.hands[hand.to_act]), hand.plays

    def _simulate(self, state: Hand) -> float:
        """One simulation; the result for team 0."""
        if state.over:
            return state.result
        key = self._key(state)
        node = self.nodes.get(key)
        if node is None:  # a new information set: open it and value it by random rollouts
            self.nodes[key] = ([0], {a: [0, 0.0] for a in state.legal()})
            total = 0
            for _ in range(self.rollouts):
                play = state.copy()
                while not play.over:
                    actions = play.legal()
                    play.apply(actions[self.rng.randrange(len(actions))])
                total += play.result
            return total / self.rollouts
        count, children = node
        sign = 1 if state.to_act % 2 == 0 else -1
        log_n = math.log(count[0]) if count[0] else 0.0
        best, best_ucb = None, -math.inf
        for action, (visits, total) in children.items():
            ucb = 1e9 + self.rng.random() if not visits else total / visits + self.c * math.sqrt(log_n / visits)
            if ucb > best_ucb:
                best, best_ucb = action, ucb
        state.apply(best)
        result = self._simulate(state)
        count[0] += 1
        children[best][0] += 1
        children[best][1] += sign * result
        return result


def _name(t: int) -> str:
    return f"{LO[t]}-{HI[t]}"


def _turn(hand: Hand, history: list[dict]) -> dict[str, Any]:
    legal = []
    for t, end in hand.legal():
        if hand.ends is None:
            legal.append({"tile": _name(t), "end": None})
            continue
        for side, value in zip(("left", "right"), hand.ends):
            if value == end:
                legal.append({"tile": _name(t), "end": side})
    left, right = hand.ends if hand.ends else (None, None)
    return {"type": "turn", "variant": "partner", "options": {"target_score": 100}, "target": 100,
            "seat": hand.to_act, "seats": 4, "teams": [[0, 2], [1, 3]],
            "hand": [_name(t) for t in hand.hands[hand.to_act]], "hand_sizes": [len(h) for h in hand.hands],
            "boneyard": 0, "ends": {"left": left, "right": right, "up": None, "down": None},
            "scores": [99, 99], "round": 1, "history": list(history), "legal": legal}


def play_hand(deal: list[list[int]], seats: list[Any], times: dict[str, list[float]]) -> int:
    """One hand; `seats[s]` is one of our bots or a LocalISMCTS. The result for team 0."""
    hand = Hand([list(h) for h in deal])
    history: list[dict] = []
    lacks: list[set[int]] = [set() for _ in range(4)]
    while not hand.over:
        seat, player = hand.to_act, seats[hand.to_act]
        began = time.perf_counter()
        if isinstance(player, LocalISMCTS):
            action = player.choose(hand, lacks)
            times["peer"].append(time.perf_counter() - began)
        else:
            move = player.choose(view_from_turn(_turn(hand, history)))
            t = ALL_TILES.index(move.tile)
            action = (t, -1) if hand.ends is None else (t, hand.ends[0] if move.end == "left" else hand.ends[1])
            times["ours"].append(time.perf_counter() - began)
        end = None if hand.ends is None else ("left" if action[1] == hand.ends[0] else "right")
        history.append({"event": "play", "seat": seat, "tile": _name(action[0]), "end": end})
        passed: list[tuple[int, tuple[int, int]]] = []
        hand.apply(action, passed)
        for s, ends in passed:
            history.append({"event": "pass", "seat": s})
            lacks[s].update(ends)
    return hand.result


def versus_local(ours: str, sims: int, units: int, start: int = 0, seed: int = 1) -> dict[str, Any]:
    """`units` deals, each played with our level as team 0 and then as team 1."""
    times: dict[str, list[float]] = {"ours": [], "peer": []}
    shares = []
    for unit in range(start, start + units):
        rng = random.Random(f"ismcts-local/{unit}")
        tiles = list(range(28))
        rng.shuffle(tiles)
        deal = [tiles[7 * s:7 * s + 7] for s in range(4)]
        won = 0.0
        for team in (0, 1):
            seats = [make_bot(ours, random.Random(f"{seed}/{unit}/{team}/{s}")) if s % 2 == team
                     else LocalISMCTS(sims, seed=hash((seed, unit, team, s)) % 2 ** 31) for s in range(4)]
            result = play_hand(deal, seats, times)
            mine = result if team == 0 else -result
            won += 1.0 if mine > 0 else (0.5 if mine == 0 else 0.0)
        shares.append(won / 2)
    m, lo, hi = _mean_ci(shares)
    med = lambda xs: 1000 * sorted(xs)[len(xs) // 2] if xs else float("nan")  # noqa: E731
    return {"ours": ours, "sims": sims, "games": 2 * units, "share": m, "ci": [lo, hi],
            "ours_median_ms": med(times["ours"]), "peer_median_ms": med(times["peer"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ours", default="expert", help="our level spec, e.g. expert:200 or hard")
    parser.add_argument("--sims", type=int, default=200, help="ISMCTS simulations a move")
    parser.add_argument("--units", type=int, default=50, help="deals, each played both ways")
    parser.add_argument("--start", type=int, default=0, help="first deal number")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(versus_local(args.ours, args.sims, args.units, args.start, args.seed)))


if __name__ == "__main__":
    main()
