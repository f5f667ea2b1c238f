"""A view's history is the round's public events as read-only copies: a reader (a bot, a
screen, a plugin) that tries to change one is refused, and the match's own events, which
its log and replay are written from, are never handed out (docs/DESIGN.md: hidden
information stays hidden by construction)."""
from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from dominoes_tui.engine import PLAYING, Match, dumps, make_config, view_for
from dominoes_tui.engine.view import public_view


def _round_with_draws(seed: int = 3) -> Match:
    match = Match(make_config("draw", 2), random.Random(seed))
    match.begin_round()
    pick = random.Random(seed)
    while match.phase == PLAYING:
        match.apply(pick.choice(match.legal_moves()))
    assert {e["seat"] for e in match.round_events() if e["event"] == "draw"} == {0, 1}
    return match


def test_a_views_history_refuses_every_change_and_the_log_stays_as_played() -> None:
    match = _round_with_draws()
    log = dumps(match.events)
    history = view_for(match, 0).history
    end = next(e for e in history if e["event"] == "round_end")
    for change in (lambda e: e.__setitem__("seat", 1), lambda e: e.update(seat=1), lambda e: e.pop("seat"),
                   lambda e: e.clear(), lambda e: e.setdefault("x", 1), lambda e: e.__delitem__("event")):
        with pytest.raises(TypeError):
            change(history[0])
    with pytest.raises(AttributeError):
        end["scores"].append(99)  # nested lists are tuples: no way down into the match's lists
    assert dumps(match.events) == log


def test_no_event_of_the_match_is_handed_out_in_a_view() -> None:
    match = _round_with_draws()
    own = {id(e) for e in match.events}
    for view in (view_for(match, 0), view_for(match, 1), public_view(match)):
        assert view.history and not own & {id(e) for e in view.history}


def test_the_history_reads_and_writes_as_the_events_do() -> None:
    match = _round_with_draws()
    public = [e if e["event"] != "draw" or e["seat"] == 0 else {**e, "tile": None} for e in match.round_events()]
    history = view_for(match, 0).history
    assert json.dumps(list(history)) == json.dumps(public)
    assert pickle.loads(pickle.dumps(history)) == history == copy.deepcopy(history)
    assert all(e["tile"] is None for e in public_view(match).history if e["event"] == "draw")
