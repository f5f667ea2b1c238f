"""Helpers of the rule-by-ID tests (test_rules_*.py): matches dealt to order, rounds
played out, and the checks several rules share.

Each rule test asserts concrete values taken from the rule text (deal sizes, leaders,
legal moves, scores, match ends, option defaults), so a wrong engine makes it fail.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from dominoes_tui.engine import (
    ALL_TILES,
    PLAYING,
    ConfigError,
    Deal,
    Match,
    make_config,
)
from dominoes_tui.engine.tiles import Tile, parse_tiles


# -- helpers ---------------------------------------------------------------------
def new_match(variant: str, players: int, seed: int = 0, **options: Any) -> Match:
    return Match(make_config(variant, players, options=options), random.Random(seed))


def dealt(variant: str, players: int, seed: int = 0, **options: Any) -> Match:
    m = new_match(variant, players, seed, **options)
    m.begin_round()
    return m


def deal(
    variant: str, hands: list[list[str]], leader: int | None = None, boneyard: list[str] | None = None, **options: Any
) -> Match:
    """Round 1 with given hands; the rest of the set (or `boneyard`, top first) is the boneyard."""
    m = new_match(variant, len(hands), **options)
    parsed = [parse_tiles(h) for h in hands]
    held = {t for h in parsed for t in h}
    rest = parse_tiles(boneyard) if boneyard is not None else [t for t in ALL_TILES if t not in held]
    m.begin_round(Deal(parsed, rest, leader=leader))
    return m


def play_round(m: Match, rng: random.Random) -> None:
    while m.phase == PLAYING:
        m.apply(rng.choice(m.legal_moves()))


def all_tiles_of(m: Match) -> list[Tile]:
    return sorted([t for h in m.hands for t in h] + list(m.boneyard) + list(m.layout.tiles()))


def turn_events(m: Match) -> list[dict[str, Any]]:
    return [e for e in m.round_events() if e["event"] in ("play", "draw", "pass")]


def assert_players(variant: str, allowed: tuple[int, ...]) -> None:
    for players in range(1, 7):
        if players in allowed:
            config = make_config(variant, players)
            assert config.players == players
        else:
            with pytest.raises(ConfigError):
                make_config(variant, players)


def assert_each_for_themselves(variant: str, players: int) -> None:
    m = dealt(variant, players)
    assert m.config.teams is None
    assert m.sides == players and len(m.scores) == players
    assert [m.side_of(s) for s in range(players)] == list(range(players))


def assert_deal(variant: str, players: int, hand: int, rest: int, seed: int = 0) -> Match:
    m = dealt(variant, players, seed)
    assert [len(h) for h in m.hands] == [hand] * players
    assert m.boneyard_size == rest
    assert all_tiles_of(m) == sorted(ALL_TILES)  # all 28 tiles, each exactly once
    return m
