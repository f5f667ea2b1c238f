"""docs/RULES.md worked examples E1-E8: legal moves, drawing, passing, blocks, leads."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import ROUND_OVER, Deal, IllegalMove, Match, make_config
from dominoes_tui.engine.tiles import parse_tiles

from .fixtures import ends_of, last, line, moves, mv, position


def test_E1_COM3_legal_moves_in_a_line() -> None:
    hand = ["3-6", "5-5", "2-4", "3-5", "1-1"]
    m = position("draw", [hand, ["0-0"]], ends=(3, 5), boneyard=["6-6"])
    assert set(m.legal_moves()) == moves(("3-6", "left"), ("3-5", "left"), ("3-5", "right"), ("5-5", "right"))
    expected = {("3-6", "left"): (6, 5), ("3-5", "left"): (5, 5), ("3-5", "right"): (3, 3), ("5-5", "right"): (3, 5)}
    for (tile, end), result in expected.items():
        m = position("draw", [hand, ["0-0"]], ends=(3, 5), boneyard=["6-6"])
        m.apply(mv(tile, end))
        assert ends_of(m) == result
    same = position("draw", [hand, ["0-0"]], ends=(5, 5))
    assert set(same.legal_moves()) == moves(("5-5", "left"), ("5-5", "right"), ("3-5", "left"), ("3-5", "right"))


@pytest.mark.parametrize("variant", ["block", "partner"])
def test_E2_COM6_no_draw_variants_pass(variant: str) -> None:
    hands = [["2-4", "1-1", "0-6"], ["3-3"]] + ([["4-4"], ["5-5"]] if variant == "partner" else [])
    m = position(variant, hands, ends=(3, 5))
    assert m.round_events()[0] == {"event": "pass", "seat": 0}
    assert m.to_act == 1


@pytest.mark.parametrize("variant", ["draw", "allfives", "kozel", "duel"])
def test_E2_COM5_draw_variants_draw_until_drawable_is_zero(variant: str) -> None:
    m = position(variant, [["2-4", "1-1", "0-6"], ["3-3"]], ends=(3, 5), boneyard=["0-1", "6-6"])
    assert [e["event"] for e in m.round_events()] == ["draw", "draw", "pass"]
    assert m.to_act == 1


def test_E2_COM4_no_pass_while_a_tile_fits() -> None:
    m = position("draw", [["2-4", "5-6"], ["3-3"]], ends=(3, 5))
    assert m.legal_moves() == [mv("5-6", "right")]
    assert m.round_events() == []  # nothing was drawn or passed for the player
    with pytest.raises(IllegalMove, match="5-6"):
        m.pass_turn()
    with pytest.raises(IllegalMove):
        m.apply(mv("2-4", "left"))
    assert m.legal_moves() == [mv("5-6", "right")]


def test_E3_COM5_forced_drawing_stops_at_first_fit() -> None:
    m = position("draw", [["0-1", "3-3", "4-5"], ["6-6"]], ends=(2, 6), boneyard=["1-3", "5-5", "2-4", "0-6"])
    assert [e["tile"] for e in m.round_events()] == ["1-3", "5-5", "2-4"]
    assert m.legal_moves() == [mv("2-4", "left")]
    assert m.hands[0] == parse_tiles(["0-1", "3-3", "4-5", "1-3", "5-5", "2-4"])
    assert [str(t) for t in m.boneyard] == ["0-6"]
    m.apply(mv("2-4", "left"))
    assert ends_of(m) == (4, 6)
    assert m.hands[0] == parse_tiles(["0-1", "3-3", "4-5", "1-3", "5-5"])


def test_E4_COM7_dead_layout_is_drawn_out_then_blocked() -> None:
    m = position("draw", [["0-1", "2-4"], ["4-6", "2-6"]], ends=(5, 5), boneyard=["1-3", "6-6", "0-3"], last_placer=1)
    kinds = [(e["event"], e.get("seat")) for e in m.round_events()]
    assert kinds == [("draw", 0)] * 3 + [("pass", 0), ("pass", 1), ("round_end", None)]
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"], end["blocker"]) == ("blocked", 1, 8, 1)
    assert m.scores == [0, 8]


def test_E4_boneyard_reserve_leaves_tiles_undrawn() -> None:
    m = position(
        "draw", [["0-1", "2-4"], ["4-6", "2-6"]], ends=(5, 5), boneyard=["1-3", "6-6", "0-3"], last_placer=1,
        options={"boneyard_reserve": 2},
    )
    assert [e["tile"] for e in m.round_events() if e["event"] == "draw"] == ["1-3"]
    end = last(m, "round_end")
    assert (end["winner"], end["points"]) == (0, 7)
    assert [str(t) for t in m.boneyard] == ["6-6", "0-3"]


E5_LAYOUT = ("1-0", "0-0", "0-5", "5-2", "2-2", "2-6", "6-5", "5-3", "3-4")


@pytest.mark.parametrize(("blocked_points", "points"), [("difference", 4), ("loser_pips", 21)])
def test_E5_BLOCK6_blocked_duel(blocked_points: str, points: int) -> None:
    m = position(
        "block", [["6-6", "2-3"], ["0-2", "5-5", "3-6"]], layout=line(*E5_LAYOUT), to_act=1, last_placer=0,
        options={"blocked_points": blocked_points},
    )
    assert ends_of(m) == (1, 4)
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"], end["blocker"]) == ("blocked", 0, points, 0)


def test_E5_BLOCK4_tied_block_scores_nothing_next_seat_leads() -> None:
    m = position("block", [["6-6", "2-3"], ["3-6", "3-3", "0-2"]], layout=line(*E5_LAYOUT), to_act=1, last_placer=0)
    end = last(m, "round_end")
    assert (end["winner"], end["points"], m.scores) == (None, 0, [0, 0])
    m.begin_round()
    assert m.leader == 1


@pytest.mark.parametrize(("variant", "blocked_points", "points"), [("draw", "difference", 17), ("block", "loser_pips", 22)])
def test_E6_DRAW8_three_player_block(variant: str, blocked_points: str, points: int) -> None:
    m = position(variant, [["0-5"], ["4-6"], ["6-6"]], ends=(1, 1), last_placer=2, options={"blocked_points": blocked_points})
    end = last(m, "round_end")
    assert (end["winner"], end["points"]) == (0, points)


def test_E6_DRAW4_three_player_tie_next_seat_after_leader() -> None:
    m = position("draw", [["0-5"], ["1-4"], ["6-6"]], ends=(2, 2), last_placer=2, leader=2)
    assert last(m, "round_end")["winner"] is None
    m.begin_round()
    assert m.leader == 0  # the seat after this round's leader (2)


def _lead(variant: str, procedure: str, a: list[str], b: list[str]) -> tuple[int, list]:
    m = Match(make_config(variant, 2, options={"first_lead": procedure}), random.Random(0))
    hands = parse_tiles(a), parse_tiles(b)
    rest = [t for t in __import__("dominoes_tui.engine", fromlist=["ALL_TILES"]).ALL_TILES if t not in hands[0] + hands[1]]
    m.begin_round(Deal(list(hands), rest))
    return m.leader, m.legal_moves()


E7_A = ["0-0", "5-5", "2-6", "1-3", "0-4", "3-5", "1-6"]
E7_B = ["3-3", "1-4", "0-2", "2-5", "4-6", "0-6", "2-3"]


@pytest.mark.parametrize("variant", ["draw", "block", "allfives", "kozel", "duel"])
def test_E7_COM8_double_based_leads(variant: str) -> None:
    assert _lead(variant, "HIGHEST_DOUBLE", E7_A, E7_B) == (0, [mv("5-5", None)])
    assert _lead(variant, "LOWEST_DOUBLE", E7_A, E7_B) == (1, [mv("3-3", None)])
    a = [t if t != "5-5" else "4-5" for t in E7_A]
    b = [t if t != "3-3" else "1-5" for t in E7_B]
    assert _lead(variant, "HIGHEST_DOUBLE", a, b) == (0, [mv("0-0", None)])
    assert _lead(variant, "LOWEST_DOUBLE", a, b) == (0, [mv("0-0", None)])


def test_E8_COM8_no_doubles_dealt() -> None:
    a = ["1-2", "1-4", "2-5", "3-6", "4-5", "0-6", "2-6"]
    b = ["0-3", "1-5", "2-4", "3-4", "0-5", "1-6", "3-5"]
    assert _lead("duel", "HIGHEST_DOUBLE", a, b) == (0, [mv("3-6", None)])
    assert _lead("kozel", "LOWEST_DOUBLE", a, b) == (1, [mv("0-3", None)])


def test_COM8_lot_lets_the_leader_lead_any_tile() -> None:
    m = Match(make_config("draw", 2), random.Random(5))
    m.begin_round()
    assert len(m.legal_moves()) == 7 and all(move.end is None for move in m.legal_moves())


def test_COM7a_domino_ends_the_round_at_once() -> None:
    m = position("draw", [["3-4"], ["3-5", "1-1"]], ends=(3, 3))
    m.apply(mv("3-4", "left"))
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("domino", 0, 10)
    assert m.phase == ROUND_OVER
    with pytest.raises(IllegalMove, match="no round"):
        m.apply(mv("3-5", "left"))


def test_COM6_lacks_never_claims_a_number_the_seat_holds() -> None:
    """E3's draw: while A holds the drawn 2-4 it is not said to lack 2; once played, it is."""
    m = position("draw", [["0-1", "3-3", "4-5"], ["6-6"]], ends=(2, 6), boneyard=["1-3", "5-5", "2-4", "0-6"])
    assert m.lacks[0] == set()
    m.apply(mv("2-4", "left"))
    assert m.lacks[0] == {2, 6}


def test_COM6_lacks_after_drawing_out_and_passing() -> None:
    m = position("draw", [["0-1", "2-4"], ["4-6", "5-6"]], ends=(5, 5), boneyard=["1-3"], last_placer=1)
    assert m.lacks[0] == {5}
