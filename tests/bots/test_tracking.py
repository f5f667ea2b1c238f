"""The medium level's tracking: a seat that drew or passed on a number is known to lack it."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.bots.knowledge import Knowledge, chance_to_answer, holding_odds
from dominoes_tui.engine import ALL_TILES, PLAYING, Deal, Match, Move, make_config, tile, view_for

from .helpers import TABLES, positions


def test_a_seat_that_drew_lacks_the_end_values() -> None:
    """docs/RULES.md E3: ends (2,6); A holds 0-1, 3-3, 4-5 and must draw 1-3, 5-5, then 2-4 fits."""
    config = make_config("draw", 2)
    a = [tile(0, 1), tile(3, 3), tile(4, 5), tile(6, 6)]
    b = [tile(2, 6), tile(0, 0), tile(1, 1), tile(2, 2), tile(0, 5), tile(1, 5), tile(3, 5)]
    rest = [t for t in (tile(1, 3), tile(5, 5), tile(2, 4), tile(0, 6))]
    used = set(a) | set(b) | set(rest)

    filler = [t for t in ALL_TILES if t not in used]
    match = Match(config, random.Random(0))
    match.begin_round(Deal([a + filler[:3], b], rest + filler[3:], leader=1))
    match.apply(Move(tile(2, 6), None))  # B leads 2-6: ends 2 and 6
    # A holds 6-6, so A plays; then B's turn: B must have a move
    assert match.to_act == 0
    match.apply(match.legal_moves()[0])
    view_b = view_for(match, 1)
    know = Knowledge.from_view(view_b)
    assert know.lacks[0] == set()  # A played, no draw or pass yet
    # now play on until somebody draws or passes, and check every such event
    rng = random.Random(1)
    while match.phase == PLAYING:
        match.apply(rng.choice(match.legal_moves()))
        for seat in range(2):
            view = view_for(match, 1 - seat) if match.phase == PLAYING else None
            if view is None:
                break
            if seat == match.to_act:
                continue  # it may hold the tile it just drew and is about to play
            know = Knowledge.from_view(view)
            held = {v for t in match.hands[seat] for v in (t.low, t.high)}
            assert not (know.lacks[seat] & held), "a number known to be lacking is never in the hand"


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_tracking_is_sound_and_matches_the_engine(variant: str, players: int) -> None:
    learned = 0
    for match, view in positions(variant, players, 200, seed=2):
        know = Knowledge.from_view(view)
        for seat in range(players):
            if seat == view.seat:
                continue
            held = {v for t in match.hands[seat] for v in (t.low, t.high)}
            assert not (know.lacks[seat] & held), f"seat {seat} holds a number it was said to lack"
            assert know.lacks[seat] == set(view.lacks[seat])
            learned += len(know.lacks[seat])
        # every pass teaches the passer lacks the ends showing at that moment
        events = view.history
        if events and events[-1]["event"] == "pass":
            passer = events[-1]["seat"]
            if passer != view.seat:
                ends = {v for _, v in view.layout.ends}
                assert ends <= know.lacks[passer]
    assert learned > 0


def test_a_pass_on_a_number_is_known_and_steers_the_odds() -> None:
    for _match, view in positions("block", 2, 400, seed=9):
        if view.history and view.history[-1]["event"] == "pass" and view.history[-1]["seat"] != view.seat:
            know = Knowledge.from_view(view)
            passer = view.history[-1]["seat"]
            ends = {v for _, v in view.layout.ends}
            assert ends <= know.lacks[passer]
            odds = holding_odds(view, know)
            assert chance_to_answer(odds[passer], ends) == 0.0
            return
    pytest.fail("no pass was seen")
