"""docs/RULES.md worked examples E9-E13: All Fives spinner, counts, play scoring, bonus, match end."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import ALL_TILES, MATCH_OVER, ROUND_OVER, Deal, Match, make_config, round5
from dominoes_tui.engine.tiles import parse_tiles

from .fixtures import last, moves, mv, position


def _deal(a: list[str], b: list[str], **options: object) -> Match:
    m = Match(make_config("allfives", 2, options=dict(options)), random.Random(0))
    ha, hb = parse_tiles(a), parse_tiles(b)
    m.begin_round(Deal([ha, hb], [t for t in ALL_TILES if t not in ha + hb], leader=0))
    return m


@pytest.mark.parametrize(
    ("lead", "count", "points"),
    [("4-6", 10, 10), ("5-5", 10, 10), ("2-3", 5, 5), ("1-4", 5, 5), ("0-5", 5, 5), ("6-6", 12, 0), ("2-2", 4, 0), ("0-0", 0, 0)],
)
def test_E9_FIVES7_lead_counts(lead: str, count: int, points: int) -> None:
    others = [str(t) for t in ALL_TILES if str(t) != lead]
    m = _deal([lead] + others[:6], others[6:13])
    m.apply(mv(lead, None))
    assert m.layout.count() == count
    assert m.scores[0] == points
    assert any(e["event"] == "score" for e in m.round_events()) == bool(points)


E10_A = ["5-5", "5-3", "5-6", "0-1", "2-4", "0-2", "3-6"]
E10_B = ["5-1", "1-1", "5-4", "2-3", "0-6", "4-6", "1-2"]


def test_E10_FIVES5_spinner_as_lead() -> None:
    m = _deal(E10_A, E10_B)
    # W=left, E=right, N=up, S=down (docs/GAMELOG.md)
    steps = [
        (None, ("5-5", None), 10, [10, 0]),
        (moves(("5-1", "left"), ("5-1", "right"), ("5-4", "left"), ("5-4", "right")), ("5-1", "right"), 11, [10, 0]),
        (moves(("5-3", "left"), ("5-6", "left"), ("0-1", "right")), ("5-3", "left"), 4, [10, 0]),
        (moves(("2-3", "left"), ("1-1", "right"), ("1-2", "right"), ("5-4", "up"), ("5-4", "down")),
         ("1-1", "right"), 5, [10, 5]),
        (None, ("5-6", "up"), 11, [10, 5]),
        (None, ("5-4", "down"), 15, [10, 20]),
    ]
    for legal, (tile, end), count, scores in steps:
        if legal is not None:
            assert set(m.legal_moves()) == legal
        m.apply(mv(tile, end))
        assert m.layout.count() == count
        assert m.scores == scores
    assert dict(m.layout.open_ends()) == {"left": 3, "right": 1, "up": 6, "down": 4}


def test_E11_FIVES5b_spinner_formed_mid_line() -> None:
    m = _deal(["6-4", "4-1", "6-2", "0-0", "2-3", "1-2", "0-5"], ["4-4", "4-3", "1-5", "6-6", "0-3", "2-5", "1-3"])
    m.apply(mv("4-6", None))  # log: left = 4, right = 6 (the example's R and L)
    assert (m.layout.count(), m.scores) == (10, [10, 0])
    assert set(m.legal_moves()) == moves(("4-4", "left"), ("4-3", "left"), ("6-6", "right"))
    m.apply(mv("4-4", "left"))
    assert m.layout.spinner is not None and m.layout.count() == 14
    assert set(m.legal_moves()) == moves(("6-2", "right"), ("4-1", "left"))
    m.apply(mv("4-1", "left"))
    assert m.layout.count() == 7
    assert set(m.legal_moves()) == moves(("4-3", "up"), ("4-3", "down"), ("1-5", "left"), ("1-3", "left"), ("6-6", "right"))
    m.apply(mv("4-3", "up"))
    assert (m.layout.count(), m.scores) == (10, [10, 10])


def test_FIVES5d_later_doubles_never_spin() -> None:
    m = _deal(["5-5", "1-1", "0-2", "0-3", "0-4", "2-3", "2-4"], ["1-5", "0-0", "0-1", "0-5", "0-6", "1-2", "1-3"])
    m.apply(mv("5-5", None))
    m.apply(mv("1-5", "right"))
    m.apply(mv("1-1", "right"))  # crosswise at the end of arm E: no branch
    assert str(m.layout.spinner) == "5-5"
    assert dict(m.layout.open_ends()) == {"left": 5, "right": 1}  # W still empty: N, S closed
    assert m.layout.count() == 2 * 5 + 2 * 1  # empty W: the spinner counts; the end double twice


@pytest.mark.parametrize(("loser_hand", "bonus"), [(["2-6", "1-3"], 10), (["4-6", "1-2"], 15)])
def test_E12ab_FIVES9_round_bonus(loser_hand: list[str], bonus: int) -> None:
    m = position("allfives", [["0-1"], loser_hand], ends=(2, 0))
    m.apply(mv("0-1", "right"))  # count 2 + 1 = 3: nothing in play
    end = last(m, "round_end")
    assert (end["winner"], end["points"], m.scores) == (0, bonus, [bonus, 0])


def test_E12c_FIVES9_block_bonus_own_pips_not_subtracted() -> None:
    m = position("allfives", [["2-2"], ["3-6"], ["4-4"]], ends=(1, 1), last_placer=2)
    end = last(m, "round_end")
    assert (end["result"], end["winner"], end["points"]) == ("blocked", 0, round5(17)) == ("blocked", 0, 15)


def test_E12d_FIVES9_tied_block_no_bonus_play_points_stay() -> None:
    m = position("allfives", [["2-2"], ["3-6"], ["1-3"]], ends=(0, 0), last_placer=2, scores=[15, 0, 5])
    assert last(m, "round_end")["winner"] is None
    assert m.scores == [15, 0, 5]


def _e13(b_tile: str, **options: object) -> Match:
    return position(
        "allfives", [["3-6", "5-6", "0-2"], [b_tile]], ends=(3, 4), scores=[140, 135], options=options
    )


def test_E13_FIVES11_shared_top_plays_another_round() -> None:
    m = _e13("0-6")
    m.apply(mv("3-6", "left"))  # count 6 + 4 = 10
    assert m.scores == [150, 135]
    m.apply(mv("0-6", "left"))  # count 0 + 4 = 4; B is out; A holds 5-6 and 0-2 = 13
    assert last(m, "round_end")["points"] == 15
    assert m.scores == [150, 150] and m.phase == ROUND_OVER


def test_E13_FIVES11_later_scorer_overtakes() -> None:
    m = _e13("1-6")
    m.apply(mv("3-6", "left"))
    m.apply(mv("1-6", "left"))  # count 1 + 4 = 5: B +5, then +15
    assert m.scores == [150, 155] and m.phase == MATCH_OVER
    assert last(m, "match_end")["winner"] == 1


def test_E13_FIVES11_win_mid_round() -> None:
    m = _e13("0-6", fives_win_mid_round="on")
    m.apply(mv("3-6", "left"))
    assert m.phase == MATCH_OVER
    assert [e["event"] for e in m.round_events()][-2:] == ["score", "match_end"]
    assert last(m, "match_end")["winner"] == 0
