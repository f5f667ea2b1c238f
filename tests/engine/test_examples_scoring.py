"""docs/RULES.md worked examples E14-E22: Draw match end, Partner, Kozel, Classic Duel."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import ALL_TILES, MATCH_OVER, ROUND_OVER, Deal, Match, make_config
from dominoes_tui.engine.tiles import Tile, hand_pips, parse_tiles

from .fixtures import last, mv, position


# -- Draw -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("before", "b_hand", "c_hand", "after", "over"),
    [([58, 50, 40], ["1-2"], ["0-2"], [63, 50, 40], True), ([50, 60, 40], ["2-3"], ["0-4"], [59, 60, 40], False)],
)
def test_E14_DRAW10_match_end(before, b_hand, c_hand, after, over) -> None:
    m = position("draw", [["6-6"], b_hand, c_hand], ends=(6, 5), scores=before)
    m.apply(mv("6-6", "left"))
    assert m.scores == after
    assert (m.phase == MATCH_OVER) is over
    if over:
        assert last(m, "match_end")["winner"] == 0


def test_DRAW10_shared_top_is_not_a_win() -> None:
    config = make_config("allfives", 3)
    assert not config.rules.verdict(config, [150, 150, 20]).over
    assert config.rules.verdict(config, [150, 155, 20]).winner == 1


# -- Partner --------------------------------------------------------------------
E15 = [["5-6", "2-2"], ["3-4"], ["1-3"], ["6-6", "0-1"]]


@pytest.mark.parametrize(("points_rule", "points"), [("all_hands", 35), ("opponents_only", 20)])
def test_E15_PARTNER7_domino(points_rule: str, points: int) -> None:
    m = position("partner", E15, ends=(1, 1), to_act=2, options={"partner_round_points": points_rule})
    m.apply(mv("1-3", "left"))
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"], end["capicu"]) == ("domino", 0, points, False)
    assert m.scores == [points, 0]
    m.begin_round()
    assert m.leader == 2  # PARTNER-3 plaza: who went out leads


E16 = [["6-6"], ["3-5"], ["0-1", "2-4"], ["1-1"]]


@pytest.mark.parametrize(
    ("options", "points"),
    [({}, 21), ({"capicu_bonus": 25}, 46), ({"partner_round_points": "opponents_only", "capicu_bonus": 30}, 49)],
)
def test_E16_PARTNER8_capicu(options: dict, points: int) -> None:
    m = position("partner", E16, ends=(3, 5), to_act=1, options=options)
    m.apply(mv("3-5", "left"))
    end = last(m, "round_end")
    assert (end["winner"], end["points"], end["capicu"]) == (1, points, True)


@pytest.mark.parametrize(
    ("ends", "tile", "end"), [((5, 5), "2-5", "left"), ((5, 3), "5-5", "left"), ((3, 4), "3-6", "left")]
)
def test_E16_PARTNER8_not_capicu(ends: tuple[int, int], tile: str, end: str) -> None:
    m = position("partner", [["6-6"], [tile], ["0-1"], ["1-1"]], ends=ends, to_act=1, options={"capicu_bonus": 25})
    m.apply(mv(tile, end))
    assert last(m, "round_end")["capicu"] is False
    assert last(m, "round_end")["points"] == 12 + 1 + 2


E17 = [["6-6", "4-5"], ["5-6", "4-6"], ["0-1"], ["1-3", "0-3"]]


@pytest.mark.parametrize(
    ("options", "winner", "points"),
    [
        ({}, 0, 50),
        ({"partner_round_points": "opponents_only"}, 0, 28),
        ({"partner_block_winner": "blocker"}, 1, 50),
        ({"partner_block_winner": "blocker", "partner_round_points": "opponents_only"}, 1, 22),
    ],
)
def test_E17_PARTNER6_block(options: dict, winner: int, points: int) -> None:
    m = position("partner", E17, ends=(2, 2), to_act=2, last_placer=1, options=options)
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"], end["blocker"]) == ("blocked", winner, points, 1)
    m.begin_round()
    assert m.leader == 1  # the blocker leads under plaza, whichever team won


def test_E17_PARTNER6_equal_teams_score_nothing() -> None:
    m = position("partner", [["6-6", "4-5"], ["5-6", "3-6"], ["0-1"], ["1-1"]], ends=(2, 2), to_act=2, last_placer=1)
    assert last(m, "round_end")["winner"] is None and m.scores == [0, 0]
    m.begin_round()
    assert m.leader == 1


def test_E18_PARTNER3_plaza_leads() -> None:
    config = make_config("partner", 4)
    tiles = list(ALL_TILES)
    hands = [tiles[0:7], tiles[7:14], tiles[21:28], tiles[14:21]]  # 6-6 is the last tile: seat 2
    assert Tile(6, 6) in hands[2]
    assert config.rules.first_round_lead(config, hands, random.Random(0)) == (2, Tile(6, 6))
    m = Match(config, random.Random(0))
    m.begin_round(Deal(hands, []))
    assert m.legal_moves() == [mv("6-6", None)]
    m.apply(mv("6-6", None))
    assert m.to_act == 3
    assert config.rules.next_leader(config, leader=2, winner_seat=3, went_out=3, blocker=None) == 3
    assert config.rules.next_leader(config, leader=3, winner_seat=None, went_out=None, blocker=0) == 0


def test_E18_PARTNER3_fid_rotates_from_the_lot() -> None:
    config = make_config("partner", 4, options={"partner_lead_rule": "fid"})
    m = Match(config, random.Random(0))
    leaders = []
    while len(leaders) < 4:
        m.begin_round()
        leaders.append(m.leader)
        while m.phase == "playing":
            m.apply(m.legal_moves()[0])
        if m.phase == MATCH_OVER:
            break
    assert all(nxt == (prev + 1) % 4 for prev, nxt in zip(leaders, leaders[1:]))
    # The example: the lot picks seat 1, then 2, 3, 0 whatever happened.
    seq = [1]
    for went_out, blocker in ((3, None), (None, 0), (1, None)):
        seq.append(config.rules.next_leader(config, seq[-1], went_out, went_out, blocker))
    assert seq == [1, 2, 3, 0]
    m2 = Match(config, random.Random(0))
    m2.begin_round()
    assert len(m2.legal_moves()) == 7  # round 1 under fid: any tile


# -- Kozel ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("b_hand", "before", "opening", "every_round"),
    [
        (["5-6", "0-1"], 0, 0, 0),
        (["5-6", "0-1"], 30, 42, 30),
        (["0-0"], 0, 25, 25),
        (["6-6"], 0, 20, 20),
        (["6-6", "0-1"], 0, 13, 13),
        (["4-5", "1-2", "0-2"], 90, 104, 104),
        (["1-2"], 95, 98, 95),
    ],
    ids="abcdefg",
)
def test_E19_KOZEL8_KOZEL9_recording(b_hand: list[str], before: int, opening: int, every_round: int) -> None:
    for mode, expected in (("opening", opening), ("every_round", every_round)):
        config = make_config("kozel", 2, options={"kozel_threshold_mode": mode})
        hands = [[], parse_tiles(b_hand)]
        outcome = config.rules.score(config, hands, 0, None, [0, before], False, [hand_pips(h) for h in hands])
        assert before + outcome.deltas[1] == expected, mode
        assert outcome.deltas[0] == 0
        verdict = config.rules.verdict(config, [0, expected])
        assert verdict.over is (expected >= 101)
        if verdict.over:
            assert (verdict.loser, verdict.winner) == (1, 0)


def test_E20_KOZEL7_fish_three_players() -> None:
    m = position("kozel", [["1-2", "0-4"], ["6-6", "1-3"], ["3-6"]], ends=(5, 5), last_placer=2, scores=[40, 0, 20])
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 0, [0, 16, 9])
    assert m.scores == [40, 16, 29]
    m.begin_round()
    assert m.leader == 0


def test_E20_KOZEL4_tied_fish_records_nothing_blocker_leads() -> None:
    m = position("kozel", [["1-2", "0-4"], ["0-3", "2-2"], ["3-6"]], ends=(5, 5), last_placer=2, scores=[40, 0, 20])
    assert last(m, "round_end")["winner"] is None
    assert m.scores == [40, 0, 20]
    m.begin_round()
    assert m.leader == 2


def test_KOZEL4_fish_lead_option_blocker() -> None:
    m = position(
        "kozel", [["1-2", "0-4"], ["6-6", "1-3"], ["3-6"]], ends=(5, 5), last_placer=2, options={"kozel_fish_lead": "blocker"}
    )
    m.begin_round()
    assert m.leader == 2


def test_KOZEL10_match_end_names_the_kozel() -> None:
    m = position("kozel", [["5-5"], ["4-5", "1-2", "0-2"], ["0-0"]], ends=(5, 1), scores=[10, 90, 30])
    m.apply(mv("5-5", "left"))
    end = last(m, "match_end")
    assert (end["loser"], end["winner"], end["scores"]) == (1, 0, [10, 104, 55])


# -- Classic Duel ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("b_hand", "option", "points"),
    [(["6-6", "3-4", "0-0"], 10, 19), (["0-0"], 10, 10), (["0-0"], 25, 25), (["0-0"], "pips", 0)],
)
def test_E21_DUEL7_domino(b_hand: list[str], option: object, points: int) -> None:
    m = position("duel", [["1-2"], b_hand], ends=(1, 5), options={"duel_lone_00": option})
    m.apply(mv("1-2", "left"))
    assert last(m, "round_end")["points"] == points
    assert m.scores == [points, 0]


E22_A = ["6-6", "0-1", "1-4", "0-4"]


@pytest.mark.parametrize(("rule", "points"), [("difference", 6), ("loser_pips", 28)])
def test_E22_DUEL8_fish(rule: str, points: int) -> None:
    m = position("duel", [E22_A, ["2-3", "3-6", "2-6", "3-3"]], ends=(5, 5), last_placer=1, options={"blocked_points": rule})
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 0, points)


def test_E22_DUEL4_tied_fish_blocker_leads() -> None:
    m = position("duel", [E22_A, ["2-3", "3-6", "2-6"]], ends=(5, 5), last_placer=1)
    assert last(m, "round_end")["winner"] is None and m.phase == ROUND_OVER
    m.begin_round()
    assert m.leader == 1


def test_DUEL9_first_to_target_wins() -> None:
    m = position("duel", [["1-2"], ["6-6", "5-5"]], ends=(1, 5), scores=[80, 95])
    m.apply(mv("1-2", "left"))
    assert m.phase == MATCH_OVER and last(m, "match_end")["winner"] == 0
