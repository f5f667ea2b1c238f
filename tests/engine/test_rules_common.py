"""docs/RULES.md §2, the common rules: one or more focused tests per rule ID that the worked-example tests do not name."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from dominoes_tui.engine import (
    ALL_TILES,
    MATCH_OVER,
    IllegalMove,
)
from dominoes_tui.engine.tiles import Tile

from .fixtures import last, mv, position
from .rules_helpers import (
    all_tiles_of,
    deal,
    dealt,
    new_match,
    play_round,
    turn_events,
)


# ================================================================================
# §2 Common rules
# ================================================================================
@pytest.mark.parametrize(
    ("variant", "players"), [("draw", 3), ("block", 4), ("allfives", 2), ("partner", 4), ("kozel", 3), ("duel", 2)]
)
def test_COM1_each_round_is_a_fresh_deal_and_only_scores_carry_over(variant: str, players: int) -> None:
    m = new_match(variant, players, seed=11)
    rng = random.Random(5)
    deals = []
    for _ in range(3):
        scores_before = list(m.scores)
        m.begin_round()
        assert m.scores == scores_before  # scores carry over
        assert all_tiles_of(m) == sorted(ALL_TILES)  # every round uses all 28 tiles
        assert len(m.layout) == 0 and m.layout.spinner is None  # the layout starts empty
        assert m.play_points == [0] * players
        assert all(not lack for lack in m.lacks)  # nothing known about the new hands
        assert [len(h) for h in m.hands] == [m.config.hand_size] * players
        deals.append(tuple(tuple(sorted(h)) for h in m.hands))
        play_round(m, rng)
        assert m.records[-1].scores == m.scores
        if m.phase == MATCH_OVER:
            break
    assert len(set(deals)) == len(deals)  # a new shuffle each round


def test_COM1_the_shuffle_is_uniform() -> None:
    """Every tile lands in seat 0's 7-tile hand about 1 time in 4 (2p Draw)."""
    counts: Counter[Tile] = Counter()
    trials = 2000
    for seed in range(trials):
        counts.update(dealt("draw", 2, seed).hands[0])
    expected = trials * 7 / 28  # 500; sd about 19
    assert set(counts) == set(ALL_TILES)
    assert all(abs(counts[t] - expected) < 100 for t in ALL_TILES), counts


def test_COM2_leader_acts_first_then_seat_order() -> None:
    hands = [["0-1", "1-2", "2-3"], ["1-1", "2-2", "3-3"], ["1-4", "2-4", "3-4"]]
    m = deal("block", hands, leader=1)
    assert (m.leader, m.to_act) == (1, 1)
    with pytest.raises(IllegalMove):
        m.apply(mv("0-1", None), seat=0)  # seat 0 may not act before the leader
    m.apply(mv("2-2", None), seat=1)
    assert m.to_act == 2
    m.apply(mv("2-4", "left"), seat=2)
    assert m.to_act == 0
    m.apply(mv("2-3", "right"), seat=0)
    assert m.to_act == 1


def test_COM2_a_later_round_is_also_opened_by_its_leader() -> None:
    m = position("block", [["1-2"], ["6-6", "0-3"], ["2-2", "4-4"]], ends=(1, 4), to_act=0, leader=2)
    m.apply(mv("1-2", "left"))
    m.begin_round()
    assert (m.leader, m.to_act) == (0, 0)  # the winner leads (DRAW-4) and acts first
    m.apply(m.legal_moves()[0], seat=0)
    after = turn_events(m)[1:]
    assert (after[0]["seat"] if after else m.to_act) == 1


@pytest.mark.parametrize(
    ("variant", "players"), [("draw", 4), ("block", 3), ("allfives", 3), ("partner", 4), ("kozel", 2), ("duel", 2)]
)
def test_COM2_turns_follow_seat_order_in_random_rounds(variant: str, players: int) -> None:
    rng = random.Random(7)
    for seed in range(15):
        m = dealt(variant, players, seed)
        leader = m.leader
        play_round(m, rng)
        events = turn_events(m)
        assert events[0] == {"event": "play", "seat": leader, "tile": events[0]["tile"], "end": None}
        for prev, nxt in itertools.pairwise(events):
            if prev["event"] == "draw":  # a drawer keeps the turn until it plays or passes
                assert nxt["seat"] == prev["seat"]
            else:
                assert nxt["seat"] == (prev["seat"] + 1) % players


@pytest.mark.parametrize("variant", ["draw", "block", "duel"])
def test_COM9_lowest_raw_total_wins_not_the_blocker(variant: str) -> None:
    m = position(variant, [["0-1", "0-2"], ["6-6"]], ends=(5, 5), last_placer=1, to_act=0)
    end = last(m, "round_end")
    assert (end["result"], end["blocker"], end["winner"]) == ("blocked", 1, 0)
    assert m.scores == [12 - 3, 0]  # default blocked_points = difference


def test_COM9_kozel_raw_pips_decide_a_fish_lone_00_wins_it() -> None:
    # A lone 0-0 is worth 25 as a penalty, but raw 0 decides the fish.
    m = position("kozel", [["0-0"], ["1-2"]], ends=(5, 5), last_placer=1, scores=[0, 10])
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 0, [0, 3])
    assert m.scores == [0, 13]


def test_COM9_duel_raw_pips_decide_a_fish_lone_00_wins_it() -> None:
    m = position("duel", [["0-0"], ["0-1"]], ends=(5, 5), last_placer=1, options={"duel_lone_00": 25})
    end = last(m, "round_end")
    assert (end["winner"], end["points"]) == (0, 1)


@pytest.mark.parametrize("variant", ["draw", "block", "allfives", "kozel"])
def test_COM9_shared_lowest_total_nobody_scores(variant: str) -> None:
    # A 4 and B 4 share the lowest total, C holds 12: nobody wins, nobody scores.
    m = position(variant, [["0-4"], ["1-3"], ["6-6"]], ends=(5, 5), last_placer=2, scores=[10, 20, 30])
    end = last(m, "round_end")
    assert (end["result"], end["winner"]) == ("blocked", None)
    assert m.scores == [10, 20, 30]


def test_COM9_partner_compares_team_totals() -> None:
    # Seat 0 holds the single lightest hand (1), but team {1,3} has the lower total.
    m = position("partner", [["0-1", "6-6"], ["1-2"], ["3-4"], ["0-2"]], ends=(5, 5), to_act=0, last_placer=3)
    end = last(m, "round_end")
    assert (end["result"], end["winner"]) == ("blocked", 1)  # 3 + 2 = 5 < 13 + 7 = 20
    assert end["points"] == 25  # all_hands


@pytest.mark.parametrize("variant", ["draw", "block", "duel", "partner", "kozel"])
def test_COM10_only_all_fives_rounds(variant: str) -> None:
    """Others holding 13 pips score exactly 13 (All Fives alone would round it to 15)."""
    if variant == "partner":
        m = position(variant, [["1-2"], ["6-6", "0-1"], ["2-3"], ["0-0"]], ends=(1, 1), to_act=0,
                     options={"partner_round_points": "opponents_only"})
    else:
        m = position(variant, [["1-2"], ["6-6", "0-1"]], ends=(1, 1))
    m.apply(mv("1-2", "left"))
    end = last(m, "round_end")
    assert end["points"] in (13, [0, 13])
    assert m.scores in ([13, 0], [0, 13])
    f = position("allfives", [["1-2"], ["6-6", "0-1"]], ends=(1, 4))
    f.apply(mv("1-2", "left"))  # count 2 + 4 = 6: nothing in play
    assert last(f, "round_end")["points"] == 15 and f.scores == [15, 0]


@pytest.mark.parametrize(
    ("variant", "players"), [("draw", 2), ("draw", 3), ("block", 4), ("allfives", 3), ("partner", 4), ("kozel", 3), ("duel", 2)]
)
def test_COM10_scores_are_integers_never_below_zero(variant: str, players: int) -> None:
    rng = random.Random(3)
    for seed in range(4):
        m = new_match(variant, players, seed)
        while not m.is_over:
            m.begin_round()
            before = list(m.scores)
            play_round(m, rng)
            assert all(type(s) is int and s >= 0 for s in m.scores)
            assert all(a >= b for a, b in zip(m.scores, before))  # a round never takes points away
