"""The medium level's variant-aware habits, on crafted deals."""
from __future__ import annotations

import random

from dominoes_tui.bots import make_bot
from dominoes_tui.engine import ALL_TILES, Deal, Match, Move, make_config, parse_tile, view_for


def _deal(variant: str, hands: list[list[str]], leader: int | None = None) -> Match:
    config = make_config(variant, len(hands))
    tiles = [[parse_tile(t) for t in h] for h in hands]
    used = {t for h in tiles for t in h}
    match = Match(config, random.Random(0))
    match.begin_round(Deal(tiles, [t for t in ALL_TILES if t not in used], leader))
    return match


def test_all_fives_takes_the_scoring_play() -> None:
    match = _deal("allfives", [["4-6", "0-0", "2-2", "3-3", "1-3", "0-3", "0-5"],
                               ["1-6", "4-5", "2-3", "1-1", "1-2", "0-2", "5-6"]], leader=0)
    match.apply(Move(parse_tile("4-6"), None))  # count 10
    view = view_for(match, 1)
    # 1-6 on the 6 leaves 1 + 4 = 5 and scores; 4-5 and 5-6 are heavier but score nothing
    assert make_bot("medium", random.Random(0)).choose(view).tile == parse_tile("1-6")


def test_kozel_sheds_the_double_blank_before_it_is_left_alone() -> None:
    match = _deal("kozel", [["1-1", "0-0", "0-5", "2-3", "2-4", "3-4", "2-2"],
                            ["0-1", "3-5", "4-5", "5-6", "3-6", "4-6", "6-6"]])
    match.apply(Move(parse_tile("1-1"), None))  # the lowest double leads
    match.apply(Move(parse_tile("0-1"), "right"))
    view = view_for(match, 0)
    assert {m.tile for m in view.legal} == {parse_tile("0-0"), parse_tile("0-5")}
    # heaviest-first would dump 0-5; a lone 0-0 at the end costs 25
    assert make_bot("heaviest", random.Random(0)).choose(view).tile == parse_tile("0-5")
    assert make_bot("medium", random.Random(0)).choose(view).tile == parse_tile("0-0")


def test_medium_leaves_an_end_the_opponent_has_shown_it_lacks() -> None:
    """Block, 2 players: B passed on 5 and 6, so B holds neither. A could open a 2 with
    2-6 (B may hold a 2); it keeps B shut out instead."""
    match = _deal("block", [["5-6", "3-5", "3-6", "6-6", "0-4", "1-2", "2-6"],
                            ["0-1", "0-2", "1-1", "0-0", "1-3", "0-3", "2-4"]], leader=0)
    match.apply(Move(parse_tile("5-6"), None))
    assert match.to_act == 0, "B cannot play on 5 or 6 and passes"
    view = view_for(match, 0)
    assert view.lacks[1] >= {5, 6}
    move = make_bot("medium", random.Random(0)).choose(view)
    test = match.layout.copy()
    test.place(move.tile, move.end)
    after_ends = {v for _, v in test.open_ends()}
    assert after_ends <= {3, 5, 6}, f"medium played {move}, opening {after_ends} to a seat that may answer"
