"""docs/RULES.md §3.4 Partner, §3.5 Kozel and §3.6 Classic Duel: focused tests per rule ID."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import (
    MATCH_OVER,
    ROUND_OVER,
    ConfigError,
    IllegalMove,
    make_config,
)

from .fixtures import ends_of, last, mv, position
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
# §3.4 Partner
# ================================================================================
def test_PARTNER1_four_players_two_teams_opposite() -> None:
    assert_players("partner", (4,))
    m = dealt("partner", 4)
    assert m.config.teams == ((0, 2), (1, 3))
    assert [m.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert len(m.scores) == 2


def test_PARTNER1_seat_order_and_a_partners_domino_wins_for_the_team() -> None:
    m = position("partner", [["4-4", "0-0"], ["4-6", "1-1"], ["6-2"], ["2-2", "3-3"]], ends=(4, 5), to_act=0)
    m.apply(mv("4-4", "left"), seat=0)
    assert m.to_act == 1
    m.apply(mv("4-6", "left"), seat=1)
    assert m.to_act == 2
    m.apply(mv("6-2", "left"), seat=2)  # seat 2 goes out
    end = last(m, "round_end")
    assert end["winner"] == 0 and m.scores == [0 + 0 + 2 + 10, 0]  # team {0,2} scores all hands


def test_PARTNER1_seat_3_passes_the_turn_to_seat_0() -> None:
    m = position("partner", [["4-6", "0-0"], ["2-2"], ["3-3"], ["1-6", "5-5"]], ends=(1, 6), to_act=3)
    m.apply(mv("1-6", "left"))
    assert m.to_act == 0


def test_PARTNER2_all_28_tiles_dealt_seven_each_no_boneyard() -> None:
    m = assert_deal("partner", 4, 7, 0)
    assert m.drawable == 0
    play_round(m, random.Random(2))
    assert not any(e["event"] == "draw" for e in m.round_events())


def test_PARTNER4_no_legal_move_means_pass() -> None:
    m = position("partner", [["0-1", "2-4"], ["0-6"], ["3-6", "1-1"], ["5-5"]], ends=(3, 5), to_act=0)
    # seat 0 and seat 1 hold no 3 or 5: both pass, seat 2 must play 3-6
    assert turn_events(m) == [{"event": "pass", "seat": 0}, {"event": "pass", "seat": 1}]
    assert m.to_act == 2 and m.legal_moves() == [mv("3-6", "left")]
    with pytest.raises(IllegalMove):
        m.pass_turn()


def test_PARTNER5_a_block_shows_one_value_with_all_seven_of_its_tiles_laid() -> None:
    rng = random.Random(9)
    blocks = dominoes = 0
    for seed in range(150):
        m = dealt("partner", 4, seed)
        play_round(m, rng)
        end = last(m, "round_end")
        if end["result"] == "blocked":
            blocks += 1
            values = set(ends_of(m))
            assert len(values) == 1
            (v,) = values
            assert sum(1 for t in m.layout.tiles() if t.has(v)) == 7
            assert not any(t.has(v) for h in m.hands for t in h)
        else:
            dominoes += 1
            assert any(len(h) == 0 for h in m.hands)
    assert blocks and dominoes


def test_PARTNER5_round_ends_at_block_without_a_lap_of_moves() -> None:
    # 2 is on both ends and nobody holds a 2: blocked, blocker seat 1
    m = position("partner", [["6-6"], ["5-5"], ["0-1"], ["3-4"]], ends=(2, 2), to_act=2, last_placer=1)
    assert m.phase == ROUND_OVER
    end = last(m, "round_end")
    assert (end["result"], end["blocker"]) == ("blocked", 1)


def test_PARTNER9_target_default_and_allowed_values() -> None:
    assert make_config("partner", 4).option("target_score") == 100
    for allowed in (50, 100, 150, 200, 500):
        assert make_config("partner", 4, options={"target_score": allowed}).target == allowed
    for refused in (75, 99, 250, 0):
        with pytest.raises(ConfigError):
            make_config("partner", 4, options={"target_score": refused})


@pytest.mark.parametrize(("target", "before", "over"), [(100, [0, 93], True), (100, [0, 92], False), (50, [0, 45], True)])
def test_PARTNER9_a_team_at_or_above_the_target_wins(target: int, before: list[int], over: bool) -> None:
    # seat 3 goes out; all hands left: 0 + 3 + 4 = 7 for team {1,3}
    m = position("partner", [["0-0"], ["1-2"], ["0-4"], ["3-5"]], ends=(3, 6), to_act=3, scores=before,
                 options={"target_score": target})
    m.apply(mv("3-5", "left"))
    assert m.scores == [before[0], before[1] + 7]
    assert (m.phase == MATCH_OVER) is over
    if over:
        assert last(m, "match_end")["winner"] == 1


def test_PARTNER10_shutout_match_ends_with_the_losers_on_zero_and_no_extra_points() -> None:
    m = position("partner", [["1-2"], ["5-6", "2-2"], ["0-0"], ["3-4"]], ends=(1, 6), to_act=0, scores=[80, 0])
    m.apply(mv("1-2", "left"))
    # all hands: 15 + 0 + 7 = 22; nothing extra for the shutout
    assert m.scores == [102, 0]
    assert m.phase == MATCH_OVER and m.verdict.winner == 0
    end = last(m, "match_end")
    assert (end["winner"], end["scores"]) == (0, [102, 0])
    assert m.verdict.shutout and end["shutout"] is True  # flagged, in the engine and the log


def test_PARTNER10_no_shutout_when_the_losers_scored() -> None:
    m = position("partner", [["1-2"], ["5-6", "2-2"], ["0-0"], ["3-4"]], ends=(1, 6), to_act=0, scores=[80, 5])
    m.apply(mv("1-2", "left"))
    assert m.phase == MATCH_OVER and not m.verdict.shutout and last(m, "match_end")["shutout"] is False


# ================================================================================
# §3.5 Kozel
# ================================================================================
def test_KOZEL1_two_to_four_players_points_are_penalties() -> None:
    assert_players("kozel", (2, 3, 4))
    for players in (2, 3, 4):
        assert_each_for_themselves("kozel", players)
    # the one who goes out records nothing; the others collect their pips as penalties
    m = position("kozel", [["1-2"], ["6-6", "0-1"], ["5-5", "4-4"]], ends=(1, 4), scores=[10, 10, 10])
    m.apply(mv("1-2", "left"))
    assert m.scores == [10, 23, 28]
    # reaching the limit loses: the highest is the Kozel, the lowest of the rest wins
    config = make_config("kozel", 3)
    assert config.target == 101
    v = config.rules.verdict(config, [10, 101, 50])
    assert (v.over, v.loser, v.winner) == (True, 1, 0)
    assert not config.rules.verdict(config, [10, 100, 50]).over


@pytest.mark.parametrize(("players", "bazaar"), [(2, 14), (3, 7), (4, 0)])
def test_KOZEL2_seven_tiles_each_bazaar_by_player_count(players: int, bazaar: int) -> None:
    m = assert_deal("kozel", players, 7, bazaar)
    assert m.drawable == bazaar


def test_KOZEL3_default_lead_is_the_lowest_double_1_1_first() -> None:
    assert make_config("kozel", 3).option("first_lead") == "LOWEST_DOUBLE"
    hands = [
        ["0-0", "6-6", "0-1", "0-2", "0-3", "0-4", "0-5"],
        ["2-2", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
        ["1-1", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
    ]
    m = deal("kozel", hands)
    assert (m.leader, m.legal_moves()) == (2, [mv("1-1", None)])


def test_KOZEL3_0_0_only_when_no_other_double_then_lightest_tile() -> None:
    only_00 = [["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2"], ["0-0", "1-3", "1-4", "1-5", "1-6", "2-3", "2-4"]]
    m = deal("kozel", only_00)
    assert (m.leader, m.legal_moves()) == (1, [mv("0-0", None)])
    no_double = [["1-2", "1-4", "2-5", "3-6", "4-5", "0-6", "2-6"], ["0-3", "1-5", "2-4", "3-4", "0-5", "1-6", "3-5"]]
    m = deal("kozel", no_double)
    # lightest: 1-2 and 0-3 weigh 3, 0-3 has the smaller low half (0-1, 0-2 are in the bazaar)
    assert (m.leader, m.legal_moves()) == (1, [mv("0-3", None)])


def test_KOZEL3_only_hands_are_searched_not_the_bazaar() -> None:
    # 1-1 lies in the bazaar: the lowest double in a hand is 2-2
    m = deal("kozel", [["3-3", "0-1"], ["2-2", "0-2"]], boneyard=["1-1", "0-3"])
    assert (m.leader, m.legal_moves()) == (1, [mv("2-2", None)])


def test_KOZEL5_forced_drawing_from_the_bazaar() -> None:
    m = position("kozel", [["0-1"], ["6-6"]], ends=(3, 4), boneyard=["2-2", "0-0", "3-5", "1-1"])
    assert [e["tile"] for e in turn_events(m)] == ["2-2", "0-0", "3-5"]
    assert m.legal_moves() == [mv("3-5", "left")]
    assert [str(t) for t in m.boneyard] == ["1-1"]


def test_KOZEL5_four_players_no_bazaar_pass() -> None:
    m = dealt("kozel", 4, 3)
    assert m.boneyard_size == 0 and m.drawable == 0
    p = position("kozel", [["0-1"], ["2-2"], ["3-6"], ["1-1"]], ends=(3, 4), to_act=0)
    assert turn_events(p) == [{"event": "pass", "seat": 0}, {"event": "pass", "seat": 1}]
    assert p.to_act == 2


def test_KOZEL6_domino_ends_at_once_fish_once_the_bazaar_is_empty() -> None:
    m = position("kozel", [["1-2"], ["6-6", "0-1"], ["5-5"]], ends=(1, 4), boneyard=["3-3"])
    m.apply(mv("1-2", "left"))
    assert [e["event"] for e in m.round_events()] == ["play", "round_end"]
    assert last(m, "round_end")["result"] == "domino"
    f = position("kozel", [["0-1"], ["0-2"]], ends=(5, 5), boneyard=["1-3", "2-4"], last_placer=1)
    assert [e["event"] for e in f.round_events()] == ["draw", "draw", "pass", "pass", "round_end"]
    assert last(f, "round_end")["result"] == "blocked"


@pytest.mark.parametrize(
    ("options", "b_hand", "b_before", "b_after"),
    [
        ({}, ["6-6", "0-1"], 0, 13),  # 13 >= 13 opens the account
        ({}, ["5-6", "0-1"], 0, 0),  # 12 on an empty account is lost
        ({}, ["1-2"], 5, 8),  # an open account records everything
        ({"kozel_threshold": 5}, ["1-2", "0-2"], 0, 5),
        ({"kozel_threshold": 5}, ["1-2", "0-1"], 0, 0),
        ({"kozel_threshold_mode": "every_round"}, ["1-2"], 5, 5),
        ({"kozel_threshold_mode": "every_round"}, ["6-6", "0-1"], 5, 18),
        ({"kozel_threshold": 0}, ["0-1"], 0, 1),
    ],
)
def test_KOZEL9_threshold(options: dict, b_hand: list[str], b_before: int, b_after: int) -> None:
    config = make_config("kozel", 2)
    assert (config.option("kozel_threshold"), config.option("kozel_threshold_mode")) == (13, "opening")
    m = position("kozel", [["3-4"], b_hand], ends=(3, 5), scores=[0, b_before], options=options)
    m.apply(mv("3-4", "left"))
    assert m.scores == [0, b_after]


# ================================================================================
# §3.6 Classic Duel
# ================================================================================
def test_DUEL1_exactly_two_players() -> None:
    assert_players("duel", (2,))
    assert_each_for_themselves("duel", 2)


def test_DUEL2_seven_each_fourteen_in_the_market() -> None:
    m = assert_deal("duel", 2, 7, 14)
    assert m.drawable == 14


def test_DUEL3_default_highest_double_6_6_first() -> None:
    assert make_config("duel", 2).option("first_lead") == "HIGHEST_DOUBLE"
    m = deal("duel", [["1-1", "0-2", "0-3"], ["6-6", "5-5", "0-1"]])
    assert (m.leader, m.legal_moves()) == (1, [mv("6-6", None)])
    # 6-6 in the market: 5-5 is the highest double in a hand
    m = deal("duel", [["5-5", "0-2"], ["4-4", "0-1"]], boneyard=["6-6", "0-3"])
    assert (m.leader, m.legal_moves()) == (0, [mv("5-5", None)])
    # no double dealt: the heaviest tile (6-5 before 6-4)
    m = deal("duel", [["0-1", "4-6"], ["5-6", "0-2"]], boneyard=["6-6"])
    assert (m.leader, m.legal_moves()) == (1, [mv("5-6", None)])


def test_DUEL3_lowest_double_option() -> None:
    m = deal("duel", [["1-1", "0-2", "0-0"], ["6-6", "5-5", "0-1"]], first_lead="LOWEST_DOUBLE")
    assert (m.leader, m.legal_moves()) == (0, [mv("1-1", None)])


def test_DUEL5_forced_drawing_from_the_market() -> None:
    assert make_config("duel", 2).option("boneyard_reserve") == 0
    m = position("duel", [["0-1"], ["6-6"]], ends=(3, 4), boneyard=["2-2", "0-0"], last_placer=1)
    assert [(e["event"], e["seat"]) for e in turn_events(m)][:3] == [("draw", 0), ("draw", 0), ("pass", 0)]
    r = position("duel", [["0-1"], ["6-6"]], ends=(3, 4), boneyard=["2-2", "0-0", "5-5"], last_placer=1,
                 options={"boneyard_reserve": 2})
    assert [e["tile"] for e in turn_events(r) if e["event"] == "draw"] == ["2-2"]
    assert r.boneyard_size == 2


def test_DUEL6_domino_ends_at_once_fish_after_the_market() -> None:
    m = position("duel", [["1-2"], ["6-6", "0-1"]], ends=(1, 4), boneyard=["3-3"])
    m.apply(mv("1-2", "left"))
    assert [e["event"] for e in m.round_events()] == ["play", "round_end"]
    assert (last(m, "round_end")["result"], m.scores) == ("domino", [13, 0])
    f = position("duel", [["0-1"], ["0-2"]], ends=(5, 5), boneyard=["1-3"], last_placer=1)
    assert [e["event"] for e in f.round_events()] == ["draw", "pass", "pass", "round_end"]
    end = last(f, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 1, 5 - 2)
