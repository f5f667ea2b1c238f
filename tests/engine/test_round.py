"""The round core (engine/round.py): the one place a round's rules are applied, by the
engine's Match and by the searching bots' copies alike."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.engine import PLAYING, VARIANTS, Match, make_config, parse_tile
from dominoes_tui.engine.bits import INDEX, LEAD, PLACED
from dominoes_tui.engine.board import Board
from dominoes_tui.engine.events import DRAW, PASS
from dominoes_tui.engine.round import Round, is_capicu

TABLES = [(name, players) for name, v in VARIANTS.items() for players in v.players]
IDS = [f"{v}-{p}p" for v, p in TABLES]


def _index(name: str) -> int:
    return INDEX[parse_tile(name)]


def _tiles(*names: str) -> list[int]:
    return [_index(n) for n in names]


def _state(r: Round) -> tuple[object, ...]:
    b = r.board
    return ([h[:] for h in r.hands], r.masks[:], r.stock[:], r.to_act, r.passes, r.last_placer, r.lead,
            r.play_points[:], r.went_out, r.blocker, r.capicu, r.over,
            b.spin, b.val[:], b.dbl[:], b.cnt[:], b.empty, b.four, b.ends)


def _codes(match: Match) -> list[int]:
    """The match's legal moves as codes (tile index * 4 + end index; a lead is end 0)."""
    return [INDEX[m.tile] * 4 + (0 if m.end is None else ("left", "right", "up", "down").index(m.end))
            for m in match.legal_moves()]


@pytest.mark.parametrize("variant,players", TABLES, ids=IDS)
def test_a_copy_played_alongside_the_match_stays_in_step_and_leaves_the_original_alone(variant: str,
                                                                                       players: int) -> None:
    """COM-3..8, FIVES-5..7, PARTNER-8: at every turn of many seeded rounds a copy of the
    match's round lists the same legal moves, `is_legal` agrees with that list for every
    tile and end, and the copy stepped with the same move reaches the same state (draws,
    passes, blocks, points in play, going out), while the round it was copied from is
    untouched by the copy's step."""
    config = make_config(variant, players)
    rng = random.Random(len(variant) * 10 + players)
    turns = 0
    for _ in range(25):
        match = Match(config, random.Random(rng.randrange(2**31)))
        match.begin_round()
        while match.phase == PLAYING:
            core = match._round
            twin = core.copy()
            assert twin.journal is None
            assert twin.legal() == core.legal() == _codes(match)
            legal = set(twin.legal())
            for code in range(112):
                assert twin.is_legal(code >> 2, code & 3) == (code in legal)
            code = rng.choice(sorted(legal))
            before = _state(core)
            twin.play(code >> 2, code & 3)
            assert _state(core) == before, "a copy's step leaves the original alone"
            match.apply(rng.choice([m for m, c in zip(match.legal_moves(), _codes(match)) if c == code]))
            if match.records and match.records[-1].result == "won_in_play":
                break  # Match ends the match before handing the turn on (FIVES-11)
            assert _state(twin)[:12] == _state(match._round)[:12]
            turns += 1
    assert turns > 100


def test_forced_draws_and_passes_are_journalled_in_order() -> None:
    """COM-5, COM-6: a seat that cannot play draws until a tile fits while tiles are left
    above the reserve, else passes; the journal gets each draw and pass, a copy none."""
    board = Board()
    board.place(_index("6-6"), 0)
    journal: list[object] = []
    r = Round(2, True, 0, [_tiles("1-2"), _tiles("0-1")], _tiles("3-6", "0-0", "2-3"), board, 0, journal=journal)
    r.advance(0)
    assert r.to_act == 0 and r.hands[0] == _tiles("1-2", "2-3", "0-0", "3-6")
    assert journal == [(DRAW, 0, _index("2-3")), (DRAW, 0, _index("0-0")), (DRAW, 0, _index("3-6"))]
    copy = r.copy()
    copy.play(_index("3-6"), 0)
    assert copy.journal is None and len(journal) == 3
    r.play(_index("3-6"), 0)  # ends 3 | 6; seat 1 holds 0-1 and the boneyard is empty
    assert journal[-1] == (PASS, 1) and r.to_act == 0 and r.passes == 1


def test_a_whole_lap_of_passes_blocks_the_round_and_names_the_last_placer() -> None:
    """COM-7 b: no seat can play and nothing can be drawn: the round is over, blocked by
    the seat that placed last."""
    board = Board()
    board.place(_index("5-5"), 0)
    r = Round(2, False, 0, [_tiles("5-6", "0-1"), _tiles("1-2")], [], board, 0)
    r.last_placer = 1
    r.play(_index("5-6"), 1)  # ends 5 | 6: seat 1 (1-2) passes, seat 0 (0-1) passes
    assert r.over and r.blocker == 0 and r.went_out is None and r.passes == 2


def test_a_reserve_stops_the_drawing() -> None:
    """COM-5 with boneyard_reserve: the last tiles are never drawn."""
    board = Board()
    board.place(_index("6-6"), 0)
    r = Round(2, True, 2, [_tiles("1-2"), _tiles("0-6")], _tiles("6-5", "0-0", "3-4"), board, 0)
    r.advance(0)  # seat 0 draws 3-4, which does not fit, and must then pass: two are left
    assert r.hands[0] == _tiles("1-2", "3-4") and r.stock == _tiles("6-5", "0-0")
    assert r.to_act == 1 and r.passes == 1


def test_points_in_play_are_scored_and_returned() -> None:
    """FIVES-6/7: a placement that makes the ends add to a multiple of five scores it."""
    r = Round(2, True, 0, [_tiles("5-5", "0-1"), _tiles("5-0", "2-2")], _tiles("4-4"), Board(True), 0)
    assert r.place(_index("5-5"), 0) == 10  # the spinner alone counts both halves
    r.advance(1)
    assert r.place(_index("5-0"), 0) == 10  # 0 at one end, the spinner's 5+5 at the other
    assert r.play_points == [10, 10]


@pytest.mark.parametrize("tile,ends,expected", [
    ("3-5", [3, 5], True), ("3-5", [5, 3], True), ("3-5", [3, 3], False), ("5-5", [5, 5], False),
    ("3-5", [3, 6], False), ("3-5", [], False),
])
def test_capicu_is_a_mixed_tile_fitting_two_different_ends(tile: str, ends: list[int], expected: bool) -> None:
    """PARTNER-8."""
    assert is_capicu(_index(tile), ends) is expected


def test_going_out_with_a_capicu_ends_the_round() -> None:
    """PARTNER-8, COM-9: the last tile placed ends the round; capicú is noted."""
    board = Board()
    board.place(_index("1-3"), 0)
    board.place(_index("1-5"), 0)  # ends 5 | 3
    r = Round(4, False, 0, [_tiles("3-5"), [], [], []], [], board, 0)
    r.play(_index("3-5"), 0)
    assert r.over and r.went_out == 0 and r.capicu


def test_the_lead_named_by_the_rules_is_the_only_legal_lead() -> None:
    """COM-8: with a lead tile named, only it may lead; without, any tile."""
    hands = [_tiles("6-6", "1-2"), _tiles("0-0")]
    named = Round(2, False, 0, hands, [], Board(), 0, lead=_index("6-6"))
    assert named.legal() == [_index("6-6") * 4]
    assert not named.is_legal(_index("1-2"), 0) and named.is_legal(_index("6-6"), 0)
    free = Round(2, False, 0, [h[:] for h in hands], [], Board(), 0)
    assert free.legal() == [_index("6-6") * 4, _index("1-2") * 4]
    assert LEAD[_index("6-6")].end is None and PLACED[_index("6-6") * 4 + 1].end == "right"
