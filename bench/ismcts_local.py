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

    python -m bench ismcts-local --ours expert:200 --sims 200 --units 100

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
from dominoes_tui.bots.search.state import distinct_points, merged_point
from dominoes_tui.engine import END_NAMES
from dominoes_tui.engine.bits import END_INDEX, INDEX, NAME, PIPS
from dominoes_tui.engine.board import Board
from dominoes_tui.engine.round import Round

Action = tuple[int, int]  # (tile index, the end it goes to: 0 left or the lead, 1 right)


class Hand:
    """One Partner hand in play, on the engine's round core: seat 0 leads any tile, every
    tile is dealt; mirror-image moves are one action (as OpenSpiel's game has them), and
    the result is +1/-1 for team 0 going out, or the lighter team's win in a block (0 tied)."""

    __slots__ = ("core", "plays")

    def __init__(self, hands: list[list[int]], core: Round | None = None) -> None:
        self.core = Round(4, False, 0, hands, [], Board(), 0) if core is None else core
        self.plays: tuple[tuple[int, int, int], ...] = ()  # (seat, tile, end; -1 for the lead)

    @property
    def hands(self) -> list[list[int]]:
        return self.core.hands

    @property
    def to_act(self) -> int:
        return self.core.to_act

    @property
    def over(self) -> bool:
        return self.core.over

    @property
    def ends(self) -> tuple[int, int] | None:
        b = self.core.board
        return None if b.empty else (b.val[0], b.val[1])

    @property
    def result(self) -> int:
        went_out = self.core.went_out
        if went_out is not None:
            return 1 if went_out % 2 == 0 else -1
        ours = sum(PIPS[x] for x in self.hands[0] + self.hands[2])
        theirs = sum(PIPS[x] for x in self.hands[1] + self.hands[3])
        return (ours < theirs) - (ours > theirs)

    def copy(self) -> Hand:
        h = Hand([], self.core.copy())
        h.plays = self.plays
        return h

    def deal(self, seat: int, tiles: list[int]) -> None:
        """Give `seat` these tiles instead (a guess at a hidden hand)."""
        hands = self.core.hands
        hands[seat] = tiles
        self.core.set_hands(hands)

    def legal(self) -> list[Action]:
        core = self.core
        if core.board.empty:
            return [(code >> 2, 0) for code in core.legal()]
        points = distinct_points(core)
        return [(code >> 2, code & 3) for code in core.legal() if code & 3 in points]

    def apply(self, action: Action, passed: list[tuple[int, tuple[int, int]]] | None = None) -> None:
        """Place the tile, then skip every seat that cannot play (noted in `passed`)."""
        t, point = action
        core = self.core
        seat = core.to_act
        self.plays += ((seat, t, -1 if core.board.empty else point),)
        if passed is None:
            core.play(t, point)
            return
        journal: list[tuple[int, ...]] = []
        core.journal = journal
        core.play(t, point)
        core.journal = None
        ends = self.ends
        assert ends is not None
        if core.over and core.went_out is None:
            journal = journal[:-1]  # the lap's last pass only ends the hand
        passed.extend((record[1], ends) for record in journal)


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
                state.deal(s, guess[s])
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
        best: Action | None = None
        best_ucb = -math.inf
        for action, (visits, value) in children.items():
            ucb = 1e9 + self.rng.random() if not visits else value / visits + self.c * math.sqrt(log_n / visits)
            if ucb > best_ucb:
                best, best_ucb = action, ucb
        assert best is not None  # an information set is opened with its actions
        state.apply(best)
        result = self._simulate(state)
        count[0] += 1
        children[best][0] += 1
        children[best][1] += sign * result
        return result


def _turn(hand: Hand, history: list[dict]) -> dict[str, Any]:
    legal = [{"tile": NAME[code >> 2], "end": None if hand.ends is None else END_NAMES[code & 3]}
             for code in hand.core.legal()]
    left, right = hand.ends if hand.ends else (None, None)
    return {"type": "turn", "variant": "partner", "options": {"target_score": 100}, "target": 100,
            "seat": hand.to_act, "seats": 4, "teams": [[0, 2], [1, 3]],
            "hand": [NAME[t] for t in hand.hands[hand.to_act]], "hand_sizes": [len(h) for h in hand.hands],
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
            t = INDEX[move.tile]
            action = (t, 0) if hand.ends is None else (t, merged_point(hand.core.board, END_INDEX[move.end]))
            times["ours"].append(time.perf_counter() - began)
        end = None if hand.ends is None else END_NAMES[action[1]]
        history.append({"event": "play", "seat": seat, "tile": NAME[action[0]], "end": end})
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
