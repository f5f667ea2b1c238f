"""The in-process stand-in for the ISMCTS peer (bench/ismcts_local.py), a tuning aid."""
from __future__ import annotations

import random

from bench.ismcts_local import Hand, LocalISMCTS, versus_local
from dominoes_tui.engine.bits import HI, LO


def test_a_row_plays_every_deal_both_ways_with_our_level_answering_turn_messages() -> None:
    row = versus_local("medium", sims=5, units=2)
    assert row["games"] == 4 and 0 <= row["share"] <= 1
    assert row["ours_median_ms"] >= 0 and row["peer_median_ms"] >= 0


def test_the_local_search_only_plays_legal_actions_and_every_hand_ends() -> None:
    rng = random.Random(4)
    for _ in range(5):
        tiles = list(range(28))
        rng.shuffle(tiles)
        hand = Hand([tiles[7 * s:7 * s + 7] for s in range(4)])
        bots = [LocalISMCTS(4, rollouts=1, seed=s) for s in range(4)]
        lacks: list[set[int]] = [set() for _ in range(4)]
        while not hand.over:
            action = bots[hand.to_act].choose(hand, lacks)
            assert action in hand.legal()
            passed: list = []
            hand.apply(action, passed)
            for seat, ends in passed:
                lacks[seat].update(ends)
                # a seat that passed holds nothing that fits: the guesses may rely on it
                assert not any(LO[t] in ends or HI[t] in ends for t in hand.hands[seat])
        assert hand.result in (-1, 0, 1)
