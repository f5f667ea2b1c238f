"""Match.from_position: a match rebuilt from any position random play reaches is the same
match from there on (its legal moves, every seat's view, the rest of its log), and a
position no round could reach is refused with a DominoError naming what is wrong."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dominoes_tui.engine import PLAYING, DominoError, Match, make_config, view_for
from dominoes_tui.engine.ends import Chain, Placed
from dominoes_tui.engine.gamelog import replay
from dominoes_tui.engine.parts import Position
from dominoes_tui.engine.position import position_of
from dominoes_tui.engine.tiles import parse_tile, parse_tiles
from dominoes_tui.engine.view import public_view
from tests.bots.helpers import TABLES

POSITIONS_PER_TABLE = 250  # 14 tables: 3,500 positions
WHOLE_MATCH_EVERY = 25  # every 25th is played to the match's end, the others to the round's


def _rng(match: Match) -> random.Random:
    rng = random.Random()
    rng.setstate(match.rng.getstate())
    return rng


def _twin(match: Match) -> Match:
    return Match.from_position(position_of(match), _rng(match), match.seats, match.seed)


def _seen(match: Match, seat: int) -> object:
    # a rebuilt match keeps no history and no earlier rounds: those are public anyway
    view = view_for(match, seat) if seat >= 0 else public_view(match)
    return replace(view, history=(), scoresheet=())


@pytest.mark.parametrize("variant,players", TABLES)
def test_from_position_plays_on_as_the_match_it_came_from(variant: str, players: int) -> None:
    config = make_config(variant, players)
    rng = random.Random(f"{variant}{players}")
    made = 0
    while made < POSITIONS_PER_TABLE:
        match = Match(config, random.Random(rng.randrange(2**31)))
        while not match.is_over and made < POSITIONS_PER_TABLE:
            match.begin_round()
            while match.phase == PLAYING and made < POSITIONS_PER_TABLE:
                made += 1
                twin = _twin(match)
                assert twin.legal_moves() == match.legal_moves()
                for seat in range(-1, players):
                    assert _seen(twin, seat) == _seen(match, seat)
                if made % 3 == 0:  # play a copy of both on, with the same choices
                    _play_on(match, twin, rng.randrange(2**31), whole=made % WHOLE_MATCH_EVERY == 0)
                match.apply(rng.choice(match.legal_moves()))


def _play_on(match: Match, twin: Match, seed: int, whole: bool) -> None:
    original = replay(list(enumerate(match.events, 1)))  # the match itself goes on as it was
    original.rng = _rng(match)
    start = len(original.events)
    chooser = random.Random(seed)
    lacks: list[list[object]] = [[], []]
    for m, shown in zip((original, twin), lacks):
        chooser.seed(seed)
        while not m.is_over and (whole or m.phase == PLAYING):
            if m.phase != PLAYING:
                m.begin_round()
            m.apply(chooser.choice(m.legal_moves()))
            shown.append([sorted(numbers) for numbers in m.lacks])  # what the seats have shown, turn by turn
    assert twin.events[1:] == original.events[start:]
    assert lacks[1] == lacks[0]
    assert twin.scores == original.scores and twin.verdict == original.verdict


def test_from_position_counts_the_passes_already_made() -> None:
    """Two of four seats have passed since seat 1 placed: the two left pass too, and the
    round is blocked (COM-7), not played on for another lap."""
    config = make_config("block", 4)
    hands = [parse_tiles(h) for h in (["0-1"], ["0-2"], ["0-3"], ["0-4"])]
    match = Match.from_position(Position(config=config, hands=hands, ends=(6, 6), last_placer=1, passes=2,
                                         fixture=True))
    assert [e["event"] for e in match.events[1:]] == ["pass", "pass", "round_end"]
    assert match.records[-1].blocker == 1


def _draw(**parts: object) -> Position:
    config = make_config("draw", 2)
    hands = parts.pop("hands", [parse_tiles(["0-0", "0-1"]), parse_tiles(["1-1", "1-2"])])
    return Position(config=config, hands=hands, **parts)  # type: ignore[arg-type]


def test_from_position_refuses_a_tile_listed_twice() -> None:
    with pytest.raises(DominoError, match="0-1 is in the position twice"):
        _draw(hands=[parse_tiles(["0-0", "0-1"]), parse_tiles(["0-1", "1-2"])], fixture=True, ends=(3, 3))


def test_from_position_refuses_a_position_that_loses_tiles() -> None:
    with pytest.raises(DominoError, match="lists 5 of the 28 tiles"):
        _draw(layout=Chain((Placed(parse_tile("3-4"), 3, 4),)), last_placer=1)


def test_from_position_refuses_the_wrong_number_of_hands() -> None:
    with pytest.raises(DominoError, match="needs 2 hands, not 1"):
        _draw(hands=[parse_tiles(["0-0"])])


def test_from_position_refuses_a_boneyard_bigger_than_the_deal_leaves() -> None:
    every = [t for t in parse_tiles([f"{a}-{b}" for a in range(7) for b in range(a, 7)])]
    with pytest.raises(DominoError, match="the boneyard holds 16 tiles; this table leaves 14 undealt"):
        _draw(hands=[every[:6], every[6:12]], boneyard=every[12:])


def test_from_position_refuses_a_chain_that_does_not_join() -> None:
    chain = Chain((Placed(parse_tile("3-4"), 3, 4), Placed(parse_tile("5-6"), 5, 6)))
    with pytest.raises(DominoError, match="does not join between 3-4 and 5-6"):
        _draw(layout=chain, last_placer=1, fixture=True)


def test_from_position_refuses_a_first_double_that_did_not_spin() -> None:
    config = make_config("allfives", 2)
    chain = Chain((Placed(parse_tile("3-3"), 3, 3), Placed(parse_tile("3-4"), 3, 4)))
    with pytest.raises(DominoError, match="3-3 would be the spinner"):
        Position(config=config, hands=[parse_tiles(["0-0"]), parse_tiles(["1-1"])], layout=chain, last_placer=1,
                 fixture=True)


def test_from_position_refuses_a_mover_the_turn_cannot_have_reached() -> None:
    with pytest.raises(DominoError, match="seat 1 cannot be to act: seat 1 placed last and 0 passed since"):
        _draw(ends=(5, 6), fixture=True, last_placer=1, to_act=1)


def test_from_position_refuses_a_lacked_number_in_hand() -> None:
    with pytest.raises(DominoError, match="seat 0 holds 0-1 though it has shown it lacks 1"):
        _draw(ends=(5, 6), fixture=True, to_act=0, lacks=[{1}, set()])
