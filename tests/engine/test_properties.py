"""Property tests over many seeded random matches of every variant and player count."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_tui.engine import PLAYING, Match, make_config
from dominoes_tui.engine.gamelog import dumps, load_matches

from .invariants import (
    OPTION_SETS,
    TABLES,
    check_accounted,
    check_forced_actions,
    check_illegal_changes_nothing,
    check_lacks_sound,
    check_scores,
    check_someone_can_move,
    check_views_hide,
    illegal_moves,
)


def play_checked(variant: str, players: int, options: dict[str, Any], seed: int) -> Match:
    m = Match(make_config(variant, players, options=options), random.Random(seed), seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    while not m.is_over:
        m.begin_round()
        assert m.round_no < 300, "a match must end"
        check_accounted(m)
        while m.phase == PLAYING:
            check_someone_can_move(m)
            check_illegal_changes_nothing(m, *illegal_moves(m, rng))
            move = rng.choice(m.legal_moves())
            hands_before = [list(h) for h in m.hands]
            hands_before[m.to_act].remove(move.tile)
            first_new = len(m.events) + 1  # after the play event itself
            m.apply(move)
            check_accounted(m)
            check_lacks_sound(m)  # COM-6 inference is sound at every moment
            check_forced_actions(hands_before, m, first_new)
    return m


@pytest.mark.parametrize(("variant", "players"), TABLES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), option_set=st.integers(0, 1))
def test_random_matches_obey_the_rules(variant: str, players: int, seed: int, option_set: int) -> None:
    m = play_checked(variant, players, OPTION_SETS[variant][option_set], seed)
    check_scores(m)
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
        check_scores(m)
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
    check_views_hide(m)
