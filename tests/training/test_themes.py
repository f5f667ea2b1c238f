"""Each theme is read off the position and the answer: a move that has it, and one that has not."""
from __future__ import annotations

import random

from dominoes_tui.engine import Deal, Match, make_config, view_for
from dominoes_tui.engine.tiles import parse_tiles
from dominoes_tui.training.themes import blocks, for_partner, kozel_shedding, last_tiles, scores_fives, sheds_double

from ..engine.fixtures import line, mv, position


def test_shedding_a_double_is_the_answer_that_places_one_where_a_mixed_tile_could_go() -> None:
    view = view_for(position("draw", [["5-5", "5-2", "0-1"], ["3-3"]], ends=(5, 3)), 0)
    assert sheds_double(view, (mv("5-5", "left"),))
    assert not sheds_double(view, (mv("5-2", "left"),))


def test_blocking_leaves_only_the_movers_own_tiles_on_the_open_numbers() -> None:
    # 0-1, 1-2 and 2-0 lie; the mover holds every other 0 but 0-0: after 0-0 both ends show 0
    # and no one else can hold a 0; after 0-3 a 3 shows, which anyone may hold
    match = position("block", [["0-0", "0-3", "0-4", "0-5", "0-6"], ["1-1", "2-2"]],
                     layout=line("0-1", "1-2", "2-0"))
    view = view_for(match, 0)
    assert blocks(view, (mv("0-0", "left"),))
    assert not blocks(view, (mv("0-3", "left"),))


def test_scoring_fives_is_an_answer_after_which_the_ends_count_a_multiple_of_five() -> None:
    view = view_for(position("allfives", [["2-4", "2-6"], ["3-3"]], layout=line("1-2")), 0)
    assert scores_fives(view, (mv("2-4", "right"),))  # ends 1 and 4: 5
    assert not scores_fives(view, (mv("2-6", "right"),))  # 1 and 6: 7


def test_scoring_fives_is_no_theme_outside_all_fives() -> None:
    view = view_for(position("draw", [["2-4", "2-6"], ["3-3"]], layout=line("1-2")), 0)
    assert not scores_fives(view, (mv("2-4", "right"),))


def test_avoiding_kozel_penalties_is_shedding_the_heaviest_tile_that_fits() -> None:
    view = view_for(position("kozel", [["3-6", "5-1", "0-0"], ["2-2"]], ends=(3, 5)), 0)
    assert kozel_shedding(view, (mv("3-6", "left"),))
    assert not kozel_shedding(view, (mv("5-1", "right"),))


def test_playing_for_the_partner_keeps_open_the_number_the_partner_showed() -> None:
    # seat 2 (seat 0's partner) leads 6-6, seat 3 covers one 6; seat 0 may keep the other
    # open (5-2 on the right) or cover it (6-2)
    hands = [["2-5", "2-6", "0-0", "0-1", "0-2", "0-3", "0-4"], ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
             ["6-6", "2-3", "2-4", "3-3", "3-4", "3-5", "3-6"], ["5-6", "4-4", "4-5", "4-6", "5-5", "0-5", "0-6"]]
    match = Match(make_config("partner", 4), random.Random(0))
    match.begin_round(Deal([parse_tiles(h) for h in hands], [], 2))
    match.apply(mv("6-6", None), seat=2)
    match.apply(mv("5-6", "right"), seat=3)
    view = view_for(match, 0)
    assert for_partner(view, (mv("2-5", "right"),))
    assert not for_partner(view, (mv("2-6", "left"),))


def test_the_last_tiles_are_few_in_play_and_few_in_the_movers_hand() -> None:
    late = view_for(position("draw", [["1-2", "2-3"], ["4-4"]], ends=(1, 3)), 0)
    early = view_for(position("draw", [["1-2", "2-3", "4-5", "5-5", "0-0", "0-6", "6-6"], ["4-4"]], ends=(1, 3)), 0)
    assert last_tiles(late, (mv("1-2", "left"),))
    assert not last_tiles(early, (mv("1-2", "left"),))
