"""Build positions directly, as docs/RULES.md §6 allows for its fixtures."""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from dominoes_tui.engine import PLAYING, Layout, Match, Move, Placed, make_config, parse_tile
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
    to_act: int = 0,
    last_placer: int | None = None,
    leader: int = 0,
    scores: Sequence[int] | None = None,
    options: dict[str, Any] | None = None,
) -> Match:
    """A match mid-round; the seat `to_act` then draws or passes as the rules force."""
    config = make_config(variant, len(hands), options=options)
    match = Match(config, random.Random(0))
    match.round_no = 1
    match.hands = [parse_tiles(list(h)) for h in hands]
    match.boneyard = parse_tiles(list(boneyard))
    lay = Layout(config.rules.spinner)
    if layout is not None:
        lay.line = deque(layout)
    elif ends is not None:
        # Only the end values matter for a fixture; the tile under them is a stand-in.
        left, right = ends
        lay.line = deque([Placed(parse_tile(f"{min(left, right)}-{max(left, right)}"), left, right)])
    match.layout = lay
    match.leader = leader
    match.last_placer = last_placer
    if scores is not None:
        match.scores = list(scores)
    match.round_start_index = len(match.events)
    match.events.append({"event": "round_start", "round": 1, "hands": [], "boneyard": [], "leader": leader})
    match.phase = PLAYING
    match._advance(to_act)
    return match


def mv(tile: str, end: str | None) -> Move:
    return Move(parse_tile(tile), end)


def moves(*pairs: tuple[str, str | None]) -> set[Move]:
    return {mv(t, e) for t, e in pairs}


def ends_of(match: Match) -> tuple[int, ...]:
    return tuple(v for _, v in match.layout.open_ends())


def last(match: Match, kind: str) -> dict[str, Any]:
    return next(e for e in reversed(match.events) if e["event"] == kind)
