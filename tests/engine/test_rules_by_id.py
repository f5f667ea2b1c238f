"""One or more focused tests per docs/RULES.md rule ID that the worked-example tests do not name.

Each test asserts concrete values taken from the rule text (deal sizes, leaders, legal
moves, scores, match ends, option defaults), so a wrong engine makes it fail.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from dominoes_tui.engine import (
    ALL_TILES,
    MATCH_OVER,
    PLAYING,
    ROUND_OVER,
    ConfigError,
    Deal,
    IllegalMove,
    Match,
    make_config,
)
from dominoes_tui.engine.scoring import match_verdict
from dominoes_tui.engine.tiles import Tile, parse_tile, parse_tiles

from .fixtures import ends_of, last, line, mv, position


# -- helpers ---------------------------------------------------------------------
def new_match(variant: str, players: int, seed: int = 0, **options: Any) -> Match:
    return Match(make_config(variant, players, options=options), random.Random(seed))


def dealt(variant: str, players: int, seed: int = 0, **options: Any) -> Match:
    m = new_match(variant, players, seed, **options)
    m.begin_round()
    return m


def deal(
    variant: str, hands: list[list[str]], leader: int | None = None, boneyard: list[str] | None = None, **options: Any
) -> Match:
    """Round 1 with given hands; the rest of the set (or `boneyard`, top first) is the boneyard."""
    m = new_match(variant, len(hands), **options)
    parsed = [parse_tiles(h) for h in hands]
    held = {t for h in parsed for t in h}
    rest = parse_tiles(boneyard) if boneyard is not None else [t for t in ALL_TILES if t not in held]
    m.begin_round(Deal(parsed, rest, leader=leader))
    return m


def play_round(m: Match, rng: random.Random) -> None:
    while m.phase == PLAYING:
        m.apply(rng.choice(m.legal_moves()))


def all_tiles_of(m: Match) -> list[Tile]:
    return sorted([t for h in m.hands for t in h] + list(m.boneyard) + list(m.layout.tiles()))


def turn_events(m: Match) -> list[dict[str, Any]]:
    return [e for e in m.round_events() if e["event"] in ("play", "draw", "pass")]


def assert_players(variant: str, allowed: tuple[int, ...]) -> None:
    for players in range(1, 7):
        if players in allowed:
            config = make_config(variant, players)
            assert config.players == players
        else:
            with pytest.raises(ConfigError):
                make_config(variant, players)


def assert_each_for_themselves(variant: str, players: int) -> None:
    m = dealt(variant, players)
    assert m.config.teams is None
    assert m.sides == players and len(m.scores) == players
    assert [m.side_of(s) for s in range(players)] == list(range(players))


def assert_deal(variant: str, players: int, hand: int, rest: int, seed: int = 0) -> Match:
    m = dealt(variant, players, seed)
    assert [len(h) for h in m.hands] == [hand] * players
    assert m.boneyard_size == rest
    assert all_tiles_of(m) == sorted(ALL_TILES)  # all 28 tiles, each exactly once
    return m


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
        m = position(variant, [["1-2"], ["6-6", "0-1"], ["0-0"], ["0-0"]], ends=(1, 1), to_act=0,
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
    assert not match_verdict(config, below).over
    assert match_verdict(config, reached).winner == 0


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
    assert not match_verdict(config, [149, 0, 0]).over
    assert match_verdict(config, [150, 0, 0]).winner == 0
    m = position("allfives", [["1-6", "0-0"], ["0-1"]], ends=(1, 4), scores=[135, 0])
    m.apply(mv("1-6", "left"))  # count 6 + 4 = 10 -> 145; then blocked, A wins round5(1) = 0
    assert m.scores == [145, 0] and m.phase == ROUND_OVER
    m2 = position("allfives", [["1-6"], ["0-2"]], ends=(1, 4), scores=[140, 0])
    m2.apply(mv("1-6", "left"))  # +10 in play, +0 bonus (round5(2) = 0): 150 at the end of the round
    assert m2.scores == [150, 0] and m2.phase == MATCH_OVER
    assert last(m2, "match_end")["winner"] == 0


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
    v = match_verdict(config, [10, 101, 50])
    assert (v.over, v.loser, v.winner) == (True, 1, 0)
    assert not match_verdict(config, [10, 100, 50]).over


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
