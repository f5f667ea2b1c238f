"""No level can reach a hidden hand: the view holds none, and moves depend on the view only."""
from __future__ import annotations

import gc
import random
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from dominoes_tui.bots import make_bot
from dominoes_tui.engine import Match, PlayerView, Tile, parse_tile

from .helpers import TABLES, positions, re_dealt


def _tiles_in(obj: Any, found: set[Tile]) -> None:
    """Every tile reachable from the view's data, strings naming tiles included."""
    if isinstance(obj, Tile):
        found.add(obj)
    elif isinstance(obj, str):
        try:
            found.add(parse_tile(obj))
        except ValueError:
            pass
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _tiles_in(k, found)
            _tiles_in(v, found)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _tiles_in(v, found)
    elif is_dataclass(obj):
        for f in fields(obj):
            _tiles_in(getattr(obj, f.name), found)


def _reaches_a_match(view: PlayerView) -> bool:
    seen, stack = set(), [view]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, Match):
            return True
        if isinstance(obj, type):
            continue
        stack.extend(gc.get_referents(obj))
    return False


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_a_view_holds_no_hidden_tile(variant: str, players: int) -> None:
    for i, (match, view) in enumerate(positions(variant, players, 120, seed=5)):
        seat = view.seat
        own_draws = {parse_tile(e["tile"]) for e in match.round_events() if e["event"] == "draw" and e["seat"] == seat}
        allowed = set(view.hand) | set(view.layout.tiles()) | own_draws
        found: set[Tile] = set()
        _tiles_in(view, found)
        assert found <= allowed, f"the view shows hidden tiles {found - allowed}"
        hidden = {t for s, h in enumerate(match.hands) if s != seat for t in h} | set(match.boneyard)
        assert not (found & hidden)
        if i % 40 == 0:
            assert not _reaches_a_match(view), "a view must keep no reference to the match"


@pytest.mark.parametrize("variant,players", [("draw", 2), ("allfives", 3), ("partner", 4), ("block", 2), ("kozel", 3)])
def test_moves_do_not_depend_on_the_hidden_tiles(variant: str, players: int) -> None:
    """Deal the hidden tiles differently (consistently with everything public): the seat's
    view is the same, and every level, seeded alike, plays the same move."""
    for view, twin in re_dealt(variant, players, 60, seed=11):
        for level in ("easy", "heaviest", "medium"):
            assert make_bot(level, random.Random(3)).choose(twin) == make_bot(level, random.Random(3)).choose(view)
