"""Property tests over many seeded random matches of every variant and player count."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_tui.engine import (
    ALL_TILES,
    END_NAMES,
    PLAYING,
    VARIANTS,
    IllegalMove,
    Match,
    Move,
    make_config,
    view_for,
)
from dominoes_tui.engine.gamelog import dumps, load_matches
from dominoes_tui.engine.tiles import parse_tile

TABLES = [(name, players) for name, v in VARIANTS.items() for players in v.players]
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "draw": [{}, {"boneyard_reserve": 2, "blocked_points": "loser_pips", "first_lead": "HIGHEST_DOUBLE"}],
    "block": [{}, {"first_lead": "LOWEST_DOUBLE", "blocked_points": "loser_pips"}],
    "allfives": [{}, {"fives_win_mid_round": "on", "boneyard_reserve": 1}],
    "partner": [{}, {"partner_lead_rule": "fid", "partner_round_points": "opponents_only",
                     "partner_block_winner": "blocker", "capicu_bonus": 25}],
    "kozel": [{}, {"kozel_threshold_mode": "every_round", "first_lead": "HIGHEST_DOUBLE", "kozel_fish_lead": "blocker"}],
    "duel": [{}, {"first_lead": "LOWEST_DOUBLE", "duel_lone_00": "pips", "blocked_points": "loser_pips"}],
}


def _snapshot(m: Match) -> tuple:
    return (
        [list(h) for h in m.hands], list(m.boneyard), [p for p in m.layout.line], list(m.layout.up),
        list(m.layout.down), m.to_act, list(m.scores), len(m.events), m.phase,
    )


def _accounted(m: Match) -> None:
    tiles = [t for h in m.hands for t in h] + list(m.boneyard) + list(m.layout.tiles())
    assert sorted(tiles) == sorted(ALL_TILES)


def _check_forced_actions(before_hands: list[list], m: Match, first_new: int) -> None:
    """COM-4/5/6: a seat drew or passed only while no tile of its hand fitted."""
    ends = [v for _, v in m.layout.open_ends()]
    hands = [list(h) for h in before_hands]
    for event in m.events[first_new:]:
        kind = event["event"]
        if kind in ("draw", "pass"):
            hand = hands[event["seat"]]
            assert not any(t.has(v) for t in hand for v in ends), f"{kind} while holding a playable tile"
            if kind == "draw":
                hand.append(parse_tile(event["tile"]))
            else:
                assert m.drawable == 0 or m.phase != PLAYING


def _illegal_moves(m: Match, rng: random.Random) -> list[Move]:
    legal = set(m.legal_moves())
    candidates = [Move(t, e) for t in rng.sample(ALL_TILES, 6) for e in (None, *END_NAMES)]
    return [c for c in candidates if c not in legal][:4]


def play_checked(variant: str, players: int, options: dict[str, Any], seed: int) -> Match:
    m = Match(make_config(variant, players, options=options), random.Random(seed), seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    while not m.is_over:
        m.begin_round()
        assert m.round_no < 300, "a match must end"
        _accounted(m)
        while m.phase == PLAYING:
            legal = m.legal_moves()
            assert legal, "the seat to act always has a move"
            for bad in _illegal_moves(m, rng):
                before = _snapshot(m)
                with pytest.raises(IllegalMove):
                    m.apply(bad)
                assert _snapshot(m) == before
            move = rng.choice(legal)
            hands_before = [list(h) for h in m.hands]
            hands_before[m.to_act].remove(move.tile)
            first_new = len(m.events) + 1  # after the play event itself
            m.apply(move)
            _accounted(m)
            for seat, hand in enumerate(m.hands):  # COM-6 inference is sound at every moment
                assert not any(t.low in m.lacks[seat] or t.high in m.lacks[seat] for t in hand)
            _check_forced_actions(hands_before, m, first_new)
    return m


def _check_scores(m: Match) -> None:
    """Scores only change by round points and (All Fives) play points."""
    totals = [0] * m.sides
    for e in m.events:
        if e["event"] == "score":
            totals[e["seat"]] += e["points"]
        elif e["event"] == "round_end":
            if isinstance(e["points"], list):
                totals = [a + b for a, b in zip(totals, e["points"])]
            elif e["winner"] is not None:
                totals[e["winner"]] += e["points"]
            else:
                assert e["points"] == 0
            assert totals == e["scores"]
    assert totals == m.scores
    assert all(s >= 0 for s in m.scores)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), option_set=st.integers(0, 1))
def test_random_matches_obey_the_rules(variant: str, players: int, seed: int, option_set: int) -> None:
    m = play_checked(variant, players, OPTION_SETS[variant][option_set], seed)
    _check_scores(m)
    assert m.events[-1]["event"] == "match_end"
    replayed = load_matches(dumps(m.events))
    assert len(replayed) == 1
    assert replayed[0].events == m.events and replayed[0].scores == m.scores


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_thousands_of_matches_end_and_replay(variant: str, players: int) -> None:
    """A plain sweep: 120 matches per table, 1,680 in all, every one replayed from its log."""
    events = []
    for seed in range(120):
        m = Match(make_config(variant, players, options=OPTION_SETS[variant][seed % 2]), random.Random(seed), seed=seed)
        rng = random.Random(-seed)
        while not m.is_over:
            m.begin_round()
            while m.phase == PLAYING:
                m.apply(rng.choice(m.legal_moves()))
        _check_scores(m)
        events.extend(m.events)
    replayed = load_matches(dumps(events))
    assert len(replayed) == 120
    assert [r.scores for r in replayed] == [
        e["scores"] for e in events if e["event"] == "match_end"
    ]


@pytest.mark.parametrize(("variant", "players"), TABLES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40))
def test_views_hold_no_hidden_tile(variant: str, players: int, seed: int, steps: int) -> None:
    m = Match(make_config(variant, players), random.Random(seed))
    m.begin_round()
    rng = random.Random(seed)
    for _ in range(steps):
        if m.phase != PLAYING:
            break
        m.apply(rng.choice(m.legal_moves()))
    for seat in range(players):
        view = view_for(m, seat)
        visible = set(view.hand) | set(view.layout.tiles())
        if m.phase == PLAYING:
            hidden = {t for i, h in enumerate(m.hands) if i != seat for t in h} | set(m.boneyard)
        else:  # hands are shown once a round ends; the boneyard never is
            hidden = set(m.boneyard)
        found = _tiles_in(view)
        assert not (found & hidden), f"seat {seat} can see {found & hidden}"
        assert sorted(view.hand) == sorted(m.hands[seat]), "a seat's view shows its own hand"
        assert visible <= found, "the search for tiles reaches every tile the view shows"


def _tiles_in(obj: Any, seen: set[int] | None = None) -> set:
    """Every tile reachable from obj, including tiles written as strings in events."""
    seen = seen if seen is not None else set()
    if id(obj) in seen:
        return set()
    seen.add(id(obj))
    found: set = set()
    if isinstance(obj, str):
        try:
            found.add(parse_tile(obj))
        except ValueError:
            pass
        return found
    if isinstance(obj, tuple) and type(obj).__name__ == "Tile":
        return {obj}
    if isinstance(obj, dict):
        items = list(obj.values())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        items = list(obj)
    elif hasattr(obj, "__slots__") or hasattr(obj, "__dict__"):
        names = getattr(obj, "__slots__", ()) or vars(obj)
        items = [getattr(obj, n) for n in names if hasattr(obj, n)]
    else:
        return found
    for item in items:
        found |= _tiles_in(item, seen)
    return found
