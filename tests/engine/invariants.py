"""What must hold at every moment of every match, checked by the property tests
(test_properties.py: seeded random matches) and the state machine (test_state_machine.py:
moves chosen by Hypothesis, so a failure shrinks to a short sequence of moves)."""
from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from dominoes_tui.engine import (
    ALL_TILES,
    END_NAMES,
    PLAYING,
    VARIANTS,
    IllegalMove,
    Match,
    Move,
    Tile,
    dumps,
    load_matches,
    view_for,
)
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


def snapshot(m: Match) -> tuple:
    """The whole visible state of a match, to compare before and after."""
    layout = m.layout
    return (
        [list(h) for h in m.hands], list(m.boneyard), list(layout.line), list(layout.up),
        list(layout.down), m.to_act, list(m.scores), len(m.events), m.phase,
    )


def check_accounted(m: Match) -> None:
    """The 28 tiles are all somewhere, once: in the hands, the layout or the boneyard."""
    tiles = [t for h in m.hands for t in h] + list(m.boneyard) + list(m.layout.tiles())
    assert sorted(tiles) == sorted(ALL_TILES)


def check_someone_can_move(m: Match) -> None:
    """While a round is played the seat to act has a move (draws and passes are the engine's)."""
    if m.phase == PLAYING:
        assert m.legal_moves(), "the seat to act always has a move"


def check_forced_actions(before_hands: list[list[Tile]], m: Match, first_new: int) -> None:
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


def check_lacks_sound(m: Match) -> None:
    """COM-6: what the table infers a seat lacks, it does lack."""
    for seat, hand in enumerate(m.hands):
        assert not any(t.low in m.lacks[seat] or t.high in m.lacks[seat] for t in hand)


def illegal_moves(m: Match, rng: random.Random) -> list[Move]:
    """Two moves the seat to act may not make (over thousands of states, every way a move
    can be wrong comes up: a tile not held, an end it does not fit, a lead mid-round)."""
    legal = set(m.legal_moves())
    candidates = [Move(t, e) for t in rng.sample(ALL_TILES, 3) for e in (None, *END_NAMES)]
    return [c for c in candidates if c not in legal][:2]


def check_illegal_changes_nothing(m: Match, *bad: Move) -> None:
    """Each of the `bad` moves, offered in turn, is refused and leaves the match as it was."""
    before = snapshot(m)
    for move in bad:
        with pytest.raises(IllegalMove):
            m.apply(move)
        assert snapshot(m) == before, f"{move} changed the match"


def check_scores(m: Match) -> None:
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


def check_scores_grew(before: Sequence[int], m: Match) -> None:
    """Points (Kozel: penalty points) are only ever added."""
    assert all(now >= then for now, then in zip(m.scores, before)), f"scores went from {list(before)} to {m.scores}"


def check_replays(m: Match) -> None:
    """The log written so far rebuilds exactly this state."""
    (replayed,) = load_matches(dumps(m.events))
    assert replayed.events == m.events
    assert snapshot(replayed) == snapshot(m)


def check_views_hide(m: Match) -> None:
    """A seat's view shows its own hand and the layout, and no tile it may not know: other
    seats' hands while a round is played (they are shown once it ends), never the boneyard."""
    for seat in range(m.n):
        view = view_for(m, seat)
        visible = set(view.hand) | set(view.layout.tiles())
        if m.phase == PLAYING:
            hidden = {t for i, h in enumerate(m.hands) if i != seat for t in h} | set(m.boneyard)
        else:
            hidden = set(m.boneyard)
        found = tiles_in(view)
        assert not (found & hidden), f"seat {seat} can see {found & hidden}"
        assert sorted(view.hand) == sorted(m.hands[seat]), "a seat's view shows its own hand"
        assert visible <= found, "the search for tiles reaches every tile the view shows"


def tiles_in(obj: Any, seen: set[int] | None = None) -> set[Tile]:
    """Every tile reachable from obj, including tiles written as strings in events."""
    if isinstance(obj, str):
        tile = _tile_named(obj)
        return set() if tile is None else {tile}
    if obj is None or isinstance(obj, (int, float)):  # nothing inside, and a view holds many
        return set()
    seen = seen if seen is not None else set()
    if id(obj) in seen:
        return set()
    seen.add(id(obj))
    found: set[Tile] = set()
    if isinstance(obj, tuple) and type(obj).__name__ == "Tile":
        return {obj}  # type: ignore[arg-type]
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
        found |= tiles_in(item, seen)
    return found


@functools.cache
def _tile_named(text: str) -> Tile | None:
    """The tile a string names, if it names one (the views repeat a few strings often)."""
    try:
        return parse_tile(text)
    except ValueError:
        return None
