"""Build positions directly, as docs/RULES.md §6 allows for its fixtures."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from dominoes_tui.engine import PLAYING, Match, Move, Placed, make_config, parse_tile
from dominoes_tui.engine.ends import Chain
from dominoes_tui.engine.parts import Position
from dominoes_tui.engine.position import position_of
from dominoes_tui.engine.tiles import parse_tiles


def line(*oriented: str) -> list[Placed]:
    """`line("1-0", "0-0", "0-5")`: tiles as they lie, left half first."""
    placed = []
    for text in oriented:
        a, b = (int(x) for x in text.split("-"))
        placed.append(Placed(parse_tile(text), a, b))
    return placed


def position(
    variant: str,
    hands: Sequence[Sequence[str]],
    *,
    ends: tuple[int, int] | None = None,
    layout: Sequence[Placed] | None = None,
    boneyard: Sequence[str] = (),
    to_act: int | None = None,
    last_placer: int | None = None,
    leader: int = 0,
    scores: Sequence[int] | None = None,
    options: dict[str, Any] | None = None,
) -> Match:
    """A match mid-round (Match.from_position, a fixture: the tiles not listed are out of
    the round); the seat to act (`to_act`, else the one after `last_placer`, else seat 0)
    then draws or passes as the rules force. A `layout` is a line without a spinner."""
    if to_act is None and last_placer is None:
        to_act = 0
    return Match.from_position(Position(
        config=make_config(variant, len(hands), options=options), hands=[parse_tiles(list(h)) for h in hands],
        boneyard=parse_tiles(list(boneyard)), ends=ends, layout=None if layout is None else Chain(tuple(layout)),
        to_act=to_act, last_placer=last_placer, leader=leader, scores=scores, fixture=True,
    ))


def mv(tile: str, end: str | None) -> Move:
    return Move(parse_tile(tile), end)


def moves(*pairs: tuple[str, str | None]) -> set[Move]:
    return {mv(t, e) for t, e in pairs}


def ends_of(match: Match) -> tuple[int, ...]:
    return tuple(v for _, v in match.layout.open_ends())


def last(match: Match, kind: str) -> dict[str, Any]:
    return next(e for e in reversed(match.events) if e["event"] == kind)


def with_scores(match: Match, scores: Sequence[int]) -> Match:
    """`match` (a round in play) as it would stand with these totals (a scoreline as after
    some rounds): the same position, rebuilt by Match.from_position."""
    if match.phase != PLAYING:
        match.begin_round()
    return Match.from_position(replace(position_of(match), scores=scores), match.rng, match.seats, match.seed)
