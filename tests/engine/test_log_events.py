"""Every line of a game log is checked against its event's type (engine/log_events.py)
before the referee replays it: a field of the wrong shape is named with its line and
field, also where the referee never looked (a score's reason, a seat's name, a capicú)."""
from __future__ import annotations

import json
import random

import pytest

from dominoes_tui.engine import PLAYING, LogError, Match, make_config
from dominoes_tui.engine.gamelog import dumps, load_matches
from dominoes_tui.engine.log_events import BY_EVENT, MatchStart, Play, problem


def _events(variant: str = "allfives", players: int = 2, seed: int = 4) -> list[dict]:
    m = Match(make_config(variant, players), random.Random(seed), seed=seed)
    rng = random.Random(seed)
    while not m.is_over:
        m.begin_round()
        while m.phase == PLAYING:
            m.apply(rng.choice(m.legal_moves()))
    return json.loads("[" + ",".join(dumps(m.events).splitlines()) + "]")


def _error(events: list[dict]) -> str:
    with pytest.raises(LogError) as info:
        load_matches("".join(json.dumps(e) + "\n" for e in events))
    return str(info.value)


@pytest.mark.parametrize("event,field,value", [
    ("match_start", "seats", [{"name": 5, "kind": "human"}, {"name": "B"}]),  # a name that is no text
    ("match_start", "options", ["target", 100]),
    ("match_start", "teams", [[0, "1"]]),
    ("round_start", "hands", [["1-2"], "3-4"]),
    ("round_start", "leader", True),  # true is no seat
    ("play", "seat", "0"),
    ("play", "end", "middle"),
    ("play", "tile", {"tile": "1-2"}),  # a nested object where a tile's text is wanted
    ("draw", "tile", None),
    ("score", "reason", 7),
    ("score", "points", 1e300),
    ("round_end", "result", "won"),
    ("round_end", "capicu", "yes"),
    ("round_end", "points", [1, None]),
    ("match_end", "scores", [12, 10**30, "7"]),
])
def test_a_field_of_the_wrong_type_is_named_with_its_line(event: str, field: str, value: object) -> None:
    events = _events()
    index = next((i for i, e in enumerate(events) if e["event"] == event), None)
    if index is None:
        pytest.skip(f"no {event} in this match")
    events[index] = {**events[index], field: value}
    said = _error(events[: index + 1])
    assert said.startswith(f"line {index + 1}: {event}:") and repr(field) in said, said


def test_a_missing_field_is_named() -> None:
    events = _events()
    play = next(i for i, e in enumerate(events) if e["event"] == "play")
    del events[play]["end"]  # the lead says "end": null; no end at all is no play
    assert f"line {play + 1}: play needs a 'end' field" in _error(events[: play + 1])


def test_more_fields_are_welcome_and_every_variant_reads_back() -> None:
    for variant, players in [("draw", 2), ("block", 3), ("allfives", 2), ("partner", 4), ("kozel", 4), ("duel", 2)]:
        events = [dict(e, note="a reader's own field") for e in _events(variant, players, seed=9)]
        assert all(problem(e) is None for e in events)
        assert load_matches("".join(json.dumps(e) + "\n" for e in events))


def test_each_event_of_the_log_is_a_type() -> None:
    assert set(BY_EVENT) == {"match_start", "round_start", "play", "draw", "pass", "score", "round_end", "match_end"}
    assert BY_EVENT["play"] is Play and BY_EVENT["match_start"] is MatchStart
