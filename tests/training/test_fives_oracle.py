"""The All Fives oracle (tests/oracle/fives_endgame.py) against docs/RULES.md's own worked
examples (E9-E13), in the game log's names for the ends: it is trusted to check the
starter set's answers only because it gets the spinner, the count and the scoring right
where the rules spell them out."""
from __future__ import annotations

from ..oracle.draw_endgame import BIT
from ..oracle.fives_endgame import FivesEnding, count, layout_of, moves, round5

OFF = {"target_score": 150, "fives_win_mid_round": "off", "boneyard_reserve": 0}


def hand(*tiles: tuple[int, int]) -> int:
    return sum(BIT[(min(t), max(t))] for t in tiles)


def legal(plays: list, *tiles: tuple[int, int]) -> set[str]:
    return {words for words, _bit, _layout in moves(layout_of(plays), hand(*tiles))}


def test_e9_a_lead_alone_counts_both_halves_a_spinner_twice() -> None:
    for tile, counted in [((4, 6), 10), ((5, 5), 10), ((2, 3), 5), ((1, 4), 5), ((0, 5), 5), ((6, 6), 12),
                          ((2, 2), 4), ((0, 0), 0)]:
        assert count(layout_of([(tile, None)])) == counted, tile


def test_e10_a_spinner_led_opens_north_and_south_once_both_sides_hold_a_tile() -> None:
    plays: list = [((5, 5), None)]
    b = [(1, 5), (1, 1), (4, 5), (2, 3), (0, 6), (4, 6), (1, 2)]
    assert legal(plays, *b) == {"1-5 left", "1-5 right", "4-5 left", "4-5 right"}
    plays.append(((1, 5), "right"))
    assert count(layout_of(plays)) == 11
    assert legal(plays, (5, 5), (3, 5), (5, 6), (0, 1), (2, 4), (0, 2), (3, 6)) >= {"3-5 left", "5-6 left", "0-1 right"}
    assert legal(plays, (3, 5), (5, 6), (0, 1), (2, 4), (0, 2), (3, 6)) == {"3-5 left", "5-6 left", "0-1 right"}
    plays.append(((3, 5), "left"))
    assert count(layout_of(plays)) == 4
    assert legal(plays, (1, 1), (4, 5), (2, 3), (0, 6), (4, 6), (1, 2)) == {
        "2-3 left", "1-1 right", "1-2 right", "4-5 up", "4-5 down"}
    for play, counted in [(((1, 1), "right"), 5), (((5, 6), "up"), 11), (((4, 5), "down"), 15)]:
        plays.append(play)
        assert count(layout_of(plays)) == counted, play


def test_e11_a_spinner_formed_mid_line_leaves_its_other_side_free() -> None:
    plays: list = [((4, 6), None)]  # the log's left shows 4, its right 6 (the rules' R and L)
    assert count(layout_of(plays)) == 10
    assert legal(plays, (4, 4), (3, 4), (1, 5), (6, 6), (0, 3), (2, 5), (1, 3)) == {"4-4 left", "3-4 left", "6-6 right"}
    plays.append(((4, 4), "left"))
    assert count(layout_of(plays)) == 14
    assert legal(plays, (1, 4), (2, 6), (0, 0), (2, 3), (1, 2), (0, 5)) == {"2-6 right", "1-4 left"}
    plays.append(((1, 4), "left"))
    assert count(layout_of(plays)) == 7
    assert legal(plays, (3, 4), (1, 5), (6, 6), (0, 3), (2, 5), (1, 3)) == {
        "3-4 up", "3-4 down", "1-5 left", "1-3 left", "6-6 right"}
    plays.append(((3, 4), "up"))
    assert count(layout_of(plays)) == 10


def test_e12_the_round_bonus_is_the_others_pips_rounded_to_five() -> None:
    assert (round5(12), round5(13), round5(17)) == (10, 15, 15)
    # A goes out with 0-2 on a lead 2-3 (count 3: no score); B holds 6-2 and 3-1 (12): A + 10
    oracle = FivesEnding(OFF, [0, 0], 0, lambda after: after[0] - after[1])
    assert oracle.move_values((hand((0, 2)), hand((2, 6), (1, 3))), layout_of([((2, 3), None)]), 0) == {"0-2 left": 10}


def test_e13_with_fives_win_mid_round_on_a_score_that_reaches_the_target_wins_at_once() -> None:
    # lead 1-4; A's 1-6 on the left makes the count 6 + 4 = 10: A scores 10 and stands at 25
    hands, layout = (hand((1, 6), (5, 5)), hand((2, 2), (3, 3))), layout_of([((1, 4), None)])
    on = FivesEnding({**OFF, "target_score": 20, "fives_win_mid_round": "on"}, [15, 0], 0, lambda after: -1.0)
    assert on.move_values(hands, layout, 0) == {"1-6 left": 1.0}
    # off: the round goes on to a tied block (10 pips each): no bonus, A's 10 stand
    off = FivesEnding({**OFF, "target_score": 20}, [15, 0], 0, lambda after: after[0] - after[1])
    assert off.move_values(hands, layout, 0) == {"1-6 left": 25}
