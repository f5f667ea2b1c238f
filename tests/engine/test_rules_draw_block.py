"""docs/RULES.md §3.1 Draw and §3.2 Block: focused tests per rule ID."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from dominoes_tui.engine import (
    MATCH_OVER,
    ROUND_OVER,
    IllegalMove,
    make_config,
)
from dominoes_tui.engine.tiles import parse_tile, parse_tiles

from .fixtures import ends_of, last, line, mv, position
from .rules_helpers import (
    assert_deal,
    assert_each_for_themselves,
    assert_players,
    deal,
    dealt,
    play_round,
    turn_events,
)


# ================================================================================
# §3.1 Draw
# ================================================================================
def test_DRAW1_two_to_four_players_each_for_themselves() -> None:
    assert_players("draw", (2, 3, 4))
    for players in (2, 3, 4):
        assert_each_for_themselves("draw", players)


@pytest.mark.parametrize(("players", "hand", "boneyard"), [(2, 7, 14), (3, 7, 7), (4, 6, 4)])
def test_DRAW2_hand_sizes_and_boneyard_by_player_count(players: int, hand: int, boneyard: int) -> None:
    m = assert_deal("draw", players, hand, boneyard)
    assert m.drawable == boneyard  # boneyard_reserve 0: all of it may be drawn


def test_DRAW3_first_lead_defaults_to_lot_any_tile() -> None:
    assert make_config("draw", 2).option("first_lead") == "LOT"
    leaders = Counter()
    not_by_double = 0
    for seed in range(60):
        m = dealt("draw", 3, seed)
        leaders[m.leader] += 1
        assert m.to_act == m.leader
        assert set(m.legal_moves()) == {mv(str(t), None) for t in m.hands[m.leader]}  # any tile
        doubles = [t for h in m.hands for t in h if t.is_double]
        if doubles and max(doubles) not in m.hands[m.leader]:
            not_by_double += 1
    assert set(leaders) == {0, 1, 2}  # chosen by lot, every seat can be picked
    assert not_by_double > 0


def test_DRAW3_first_lead_option_highest_double() -> None:
    m = deal("draw", [["1-1", "2-3"], ["4-4", "0-1"]], first_lead="HIGHEST_DOUBLE")
    assert (m.leader, m.legal_moves()) == (1, [mv("4-4", None)])


def test_DRAW5_forced_drawing_reserve_default_zero() -> None:
    assert make_config("draw", 2).option("boneyard_reserve") == 0
    m = position("draw", [["0-1"], ["6-6"]], ends=(3, 5), boneyard=["2-2", "4-4", "1-2"], last_placer=1)
    # nothing fits: A draws the whole boneyard (default reserve 0), then passes
    assert [(e["event"], e.get("tile")) for e in turn_events(m)[:4]] == [
        ("draw", "2-2"), ("draw", "4-4"), ("draw", "1-2"), ("pass", None),
    ]
    assert m.boneyard_size == 0


def test_DRAW5_drawn_tile_that_fits_must_be_played() -> None:
    m = position("draw", [["0-1"], ["6-6"]], ends=(3, 5), boneyard=["2-2", "3-4", "1-2"])
    assert [e["tile"] for e in turn_events(m)] == ["2-2", "3-4"]
    assert m.to_act == 0 and m.legal_moves() == [mv("3-4", "left")]
    with pytest.raises(IllegalMove):
        m.pass_turn()


def test_DRAW5_no_spinner_a_double_never_opens_branches() -> None:
    m = deal("draw", [["3-3", "1-3", "0-0"], ["3-4", "3-5", "3-6"]], leader=0, boneyard=["0-5"])
    m.apply(mv("3-3", None))
    assert m.layout.spinner is None
    m.apply(mv("3-4", "right"))
    m.apply(mv("1-3", "left"))
    assert dict(m.layout.open_ends()) == {"left": 1, "right": 4}  # no up/down on the double
    # B holds 3-5 and 3-6: they fit only a 3, which is no longer open, so B draws 0-5 and passes;
    # A (0-0) passes too and the round is blocked
    assert [(e["event"], e["seat"]) for e in turn_events(m)[3:]] == [("draw", 1), ("pass", 1), ("pass", 0)]
    assert last(m, "round_end")["result"] == "blocked"
    with pytest.raises(IllegalMove):
        m.layout.place(parse_tile("3-5"), "up")


def test_DRAW6_domino_ends_the_round_at_once() -> None:
    m = position("draw", [["2-6", "4-4"], ["6-6", "0-0"], ["1-3"]], ends=(1, 4), to_act=2, boneyard=["5-5"])
    m.apply(mv("1-3", "left"))
    assert [e["event"] for e in m.round_events()] == ["play", "round_end"]  # nobody else moved
    end = last(m, "round_end")
    assert (m.phase, end["result"], end["winner"], end["points"]) == (ROUND_OVER, "domino", 2, 16 + 12)


def test_DRAW6_block_only_once_the_boneyard_is_empty() -> None:
    m = position("draw", [["0-1"], ["0-2"]], ends=(5, 5), boneyard=["1-3", "2-4"], last_placer=1)
    assert [(e["event"], e.get("seat")) for e in m.round_events()] == [
        ("draw", 0), ("draw", 0), ("pass", 0), ("pass", 1), ("round_end", None),
    ]
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 1, 11 - 2)
    assert m.boneyard_size == 0


def test_DRAW7_who_went_out_wins_even_against_an_empty_hand_count() -> None:
    # B holds only 0-0 (0 pips) but A went out: A is the winner, with 0 - 0 = 0 points.
    m = position("draw", [["1-2"], ["0-0"]], ends=(1, 4))
    m.apply(mv("1-2", "left"))
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("domino", 0, 0)
    m.begin_round()
    assert m.leader == 0  # DRAW-4: the winner leads


def test_DRAW7_after_a_block_the_lowest_total_wins() -> None:
    m = position("draw", [["6-6"], ["0-3"], ["2-2"]], ends=(5, 5), last_placer=0, leader=0)
    end = last(m, "round_end")
    assert (end["winner"], end["points"]) == (1, 12 + 4 - 3)


@pytest.mark.parametrize(("players", "target"), [(2, 100), (3, 61), (4, 61)])
def test_DRAW9_default_target_by_player_count(players: int, target: int) -> None:
    config = make_config("draw", players)
    assert config.option("target_score") == target and config.target == target
    below = [0] * players
    below[0] = target - 1
    reached = [0] * players
    reached[0] = target
    assert not config.rules.verdict(config, below).over
    assert config.rules.verdict(config, reached).winner == 0


def test_DRAW9_match_ends_when_a_round_reaches_the_target() -> None:
    hands = [["1-2"], ["2-3"], ["0-1"]]  # A goes out: B 5 + C 1 = 6 points
    m = position("draw", hands, ends=(1, 4), scores=[55, 0, 0])
    m.apply(mv("1-2", "left"))
    assert m.scores == [61, 0, 0] and m.phase == MATCH_OVER
    m = position("draw", hands, ends=(1, 4), scores=[54, 0, 0])
    m.apply(mv("1-2", "left"))
    assert m.scores == [60, 0, 0] and m.phase == ROUND_OVER
    m = position("draw", [["1-2"], ["2-3"]], ends=(1, 4), scores=[94, 0], options={"target_score": 99})
    m.apply(mv("1-2", "left"))
    assert m.phase == MATCH_OVER  # a set target_score replaces the default


# ================================================================================
# §3.2 Block
# ================================================================================
def test_BLOCK1_two_to_four_players_each_for_themselves() -> None:
    assert_players("block", (2, 3, 4))
    for players in (2, 3, 4):
        assert_each_for_themselves("block", players)


@pytest.mark.parametrize(("players", "hand", "dead"), [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_BLOCK2_deal_and_dead_tiles(players: int, hand: int, dead: int) -> None:
    m = assert_deal("block", players, hand, dead)
    assert m.drawable == 0  # dead tiles are never drawn
    dead_tiles = list(m.boneyard)
    play_round(m, random.Random(players))
    assert not any(e["event"] == "draw" for e in m.round_events())
    assert list(m.boneyard) == dead_tiles  # untouched for the whole round
    assert not set(dead_tiles) & set(m.layout.tiles())


def test_BLOCK2_dead_tiles_never_scored() -> None:
    m = position("block", [["1-2"], ["0-3"]], ends=(1, 4), boneyard=["6-6", "5-5", "4-6"])
    m.apply(mv("1-2", "left"))
    assert last(m, "round_end")["points"] == 3  # only B's hand, none of the dead 6-6, 5-5, 4-6


def test_BLOCK3_first_lead_defaults_to_lot() -> None:
    assert make_config("block", 2).option("first_lead") == "LOT"
    leaders = {dealt("block", 4, seed).leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}
    m = dealt("block", 2, 1)
    assert len(m.legal_moves()) == 7 and all(x.end is None for x in m.legal_moves())


def test_BLOCK3_highest_double_option_forces_the_highest_double() -> None:
    # [004]: the highest double dealt opens (the 6-6 may be dead; only hands count).
    hands = [["5-5", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"], ["2-2", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"]]
    m = deal("block", hands, first_lead="HIGHEST_DOUBLE")
    assert (m.leader, m.legal_moves()) == (0, [mv("5-5", None)])
    with pytest.raises(IllegalMove):
        m.apply(mv("0-1", None))


def test_BLOCK5_no_drawing_no_move_means_pass() -> None:
    m = position("block", [["0-1", "2-4"], ["3-6", "0-0"]], ends=(3, 5), boneyard=["3-3", "5-5"])
    # A holds no 3 or 5: A passes although undealt tiles exist; B must play 3-6
    assert turn_events(m) == [{"event": "pass", "seat": 0}]
    assert m.to_act == 1 and m.legal_moves() == [mv("3-6", "left")]
    assert m.boneyard_size == 2 and m.hands[0] == parse_tiles(["0-1", "2-4"])
    with pytest.raises(IllegalMove):
        m.pass_turn()  # COM-4: B holds a fitting tile


def test_BLOCK7_a_block_may_show_two_different_end_values() -> None:
    lay = line("1-0", "0-0", "0-5", "5-2", "2-2", "2-6", "6-5", "5-3", "3-4")
    m = position("block", [["6-6", "2-3"], ["0-2", "5-5", "3-6"]], layout=lay, to_act=1, last_placer=0)
    assert ends_of(m) == (1, 4)
    assert m.phase == ROUND_OVER and last(m, "round_end")["result"] == "blocked"
