"""docs/RULES.md §3.3 All Fives: focused tests per rule ID."""
from __future__ import annotations

import pytest

from dominoes_tui.engine import (
    MATCH_OVER,
    ROUND_OVER,
    Match,
    make_config,
)

from .fixtures import last, mv, position
from .rules_helpers import (
    assert_deal,
    assert_each_for_themselves,
    assert_players,
    deal,
    dealt,
    turn_events,
)


# ================================================================================
# §3.3 All Fives
# ================================================================================
def test_FIVES1_two_to_four_players_each_for_themselves() -> None:
    assert_players("allfives", (2, 3, 4))
    for players in (2, 3, 4):
        assert_each_for_themselves("allfives", players)


@pytest.mark.parametrize(("players", "hand", "boneyard"), [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_FIVES2_hand_sizes_and_boneyard(players: int, hand: int, boneyard: int) -> None:
    m = assert_deal("allfives", players, hand, boneyard)
    assert m.drawable == boneyard


def test_FIVES3_first_lead_lot_any_tile() -> None:
    assert make_config("allfives", 3).option("first_lead") == "LOT"
    leaders = set()
    for seed in range(40):
        m = dealt("allfives", 3, seed)
        leaders.add(m.leader)
        assert len(m.legal_moves()) == 5 and all(x.end is None for x in m.legal_moves())
    assert leaders == {0, 1, 2}


def test_FIVES3_later_leads_winner_else_seat_after_leader() -> None:
    m = position("allfives", [["1-2"], ["6-6"], ["3-4"]], ends=(1, 4), to_act=0, leader=2)
    m.apply(mv("1-2", "left"))
    m.begin_round()
    assert m.leader == 0 and len(m.legal_moves()) == 5  # the winner, any tile
    tie = position("allfives", [["0-4"], ["1-3"], ["6-6"]], ends=(5, 5), last_placer=1, leader=1)
    assert last(tie, "round_end")["winner"] is None
    tie.begin_round()
    assert tie.leader == 2 and len(tie.legal_moves()) == 5  # the seat after the leader (1)


def test_FIVES4_forced_drawing_reserve_default_zero() -> None:
    assert make_config("allfives", 2).option("boneyard_reserve") == 0
    m = position("allfives", [["0-1"], ["6-6"]], ends=(3, 4), boneyard=["2-2", "5-5", "4-6", "0-0"])
    assert [e["tile"] for e in turn_events(m)] == ["2-2", "5-5", "4-6"]
    assert m.legal_moves() == [mv("4-6", "right")]
    r = position("allfives", [["0-1"], ["6-6"]], ends=(3, 4), boneyard=["2-2", "5-5"], last_placer=1,
                 options={"boneyard_reserve": 1})
    assert [e["tile"] for e in turn_events(r) if e["event"] == "draw"] == ["2-2"]
    assert [str(t) for t in r.boneyard] == ["5-5"]


def test_FIVES4_no_move_with_empty_boneyard_passes() -> None:
    m = position("allfives", [["0-1"], ["3-6", "0-0"]], ends=(3, 4))
    assert turn_events(m) == [{"event": "pass", "seat": 0}]
    assert m.to_act == 1


def _fives_deal(a: list[str], b: list[str]) -> Match:
    return deal("allfives", [a, b], leader=0)


def test_FIVES6_count_line_before_any_spinner() -> None:
    m = _fives_deal(["1-2", "0-6", "0-3", "0-1", "1-6", "3-6", "5-6"], ["2-4", "2-5", "0-2", "1-5", "1-4", "0-4", "1-3"])
    m.apply(mv("1-2", None))
    assert dict(m.layout.open_ends()) == {"left": 1, "right": 2}
    assert m.layout.count() == 3 and m.scores == [0, 0]
    m.apply(mv("2-4", "right"))
    assert m.layout.count() == 1 + 4 and m.scores == [0, 5]


def test_FIVES6_count_with_spinner_arms_and_branches() -> None:
    m = _fives_deal(["3-3", "3-4", "6-6", "0-0", "0-1", "0-2", "2-2"], ["1-3", "3-6", "1-1", "4-5", "5-5", "2-5", "0-5"])
    m.apply(mv("3-3", None))
    assert (dict(m.layout.open_ends()), m.layout.count()) == ({"left": 3, "right": 3}, 6)
    m.apply(mv("1-3", "right"))  # E holds 1; W empty, so the spinner still counts 2 x 3
    assert (dict(m.layout.open_ends()), m.layout.count()) == ({"left": 3, "right": 1}, 1 + 6)
    m.apply(mv("3-4", "left"))  # both sides covered: spinner stops counting, N/S open, empty (add 0)
    assert dict(m.layout.open_ends()) == {"left": 4, "right": 1, "up": 3, "down": 3}
    assert m.layout.count() == 4 + 1 and m.scores == [5, 0]
    m.apply(mv("3-6", "up"))
    assert m.layout.count() == 4 + 1 + 6
    m.apply(mv("6-6", "up"))  # a double at an arm's end counts both halves
    assert m.layout.count() == 4 + 1 + 12
    m.apply(mv("1-1", "right"))
    assert m.layout.count() == 4 + 2 + 12
    assert dict(m.layout.open_ends()) == {"left": 4, "right": 1, "up": 6, "down": 3}


def test_FIVES6_spinner_placed_on_the_left_end_mirror() -> None:
    m = _fives_deal(["4-6", "1-4", "0-0", "0-1", "0-2", "0-3", "2-2"], ["4-4", "3-4", "1-1", "2-5", "5-5", "1-5", "3-5"])
    m.apply(mv("4-6", None))  # L = 4, R = 6
    assert (dict(m.layout.open_ends()), m.layout.count()) == ({"left": 4, "right": 6}, 10)
    m.apply(mv("4-4", "left"))  # spinner on L: the line is arm E (outer 6), side W is free
    assert str(m.layout.spinner) == "4-4"
    assert (dict(m.layout.open_ends()), m.layout.count()) == ({"left": 4, "right": 6}, 6 + 2 * 4)
    assert m.legal_moves() == [mv("1-4", "left")]  # W (value 4) and E (6); N/S still closed
    m.apply(mv("1-4", "left"))  # W covered too: N and S open with value 4, count 1 + 6
    assert (dict(m.layout.open_ends()), m.layout.count()) == ({"left": 1, "right": 6, "up": 4, "down": 4}, 7)
    assert set(m.legal_moves()) == {mv("3-4", "up"), mv("3-4", "down"), mv("1-1", "left"), mv("1-5", "left")}


def test_FIVES8_domino_ends_the_round_at_once() -> None:
    m = position("allfives", [["0-3", "6-6"], ["1-4"], ["2-5"]], ends=(2, 1), to_act=1)
    m.apply(mv("1-4", "right"))  # count 2 + 4 = 6
    assert [e["event"] for e in m.round_events()] == ["play", "round_end"]
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("domino", 1, round5_(3 + 12 + 7))
    assert m.phase == ROUND_OVER


def round5_(n: int) -> int:
    return 5 * ((n + 2) // 5)


def test_FIVES8_block_after_the_boneyard_is_drawn_out() -> None:
    m = position("allfives", [["0-1"], ["0-2"]], ends=(5, 5), boneyard=["1-3"], last_placer=1)
    assert [e["event"] for e in m.round_events()] == ["draw", "pass", "pass", "round_end"]
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 1, round5_(1 + 4))


def test_FIVES10_default_target_150() -> None:
    config = make_config("allfives", 3)
    assert config.option("target_score") == 150 and config.target == 150
    assert not config.rules.verdict(config, [149, 0, 0]).over
    assert config.rules.verdict(config, [150, 0, 0]).winner == 0
    m = position("allfives", [["1-6", "0-0"], ["0-1"]], ends=(1, 4), scores=[135, 0])
    m.apply(mv("1-6", "left"))  # count 6 + 4 = 10 -> 145; then blocked, A wins round5(1) = 0
    assert m.scores == [145, 0] and m.phase == ROUND_OVER
    m2 = position("allfives", [["1-6"], ["0-2"]], ends=(1, 4), scores=[140, 0])
    m2.apply(mv("1-6", "left"))  # +10 in play, +0 bonus (round5(2) = 0): 150 at the end of the round
    assert m2.scores == [150, 0] and m2.phase == MATCH_OVER
    assert last(m2, "match_end")["winner"] == 0
