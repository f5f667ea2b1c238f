"""A match's phase, a round's result, an end and a record's status are closed sets of
words (StrEnums): the engine hands out the members, each is still the same word in logs,
views and the protocol, and a word outside the set is refused where it is read."""
from __future__ import annotations

import json
import random

import pytest

from dominoes_tui.engine import (
    END_NAMES,
    End,
    Match,
    Move,
    Phase,
    RoundResult,
    dumps,
    make_config,
    parse_tile,
    view_for,
)
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.records.summary import MatchStatus, summarize


def _played(variant: str = "allfives", seed: int = 3) -> Match:
    match = Match(make_config(variant, 2), random.Random(seed))
    pick = random.Random(seed)
    while not match.is_over:
        match.begin_round()
        while match.phase == Phase.PLAYING:
            match.apply(pick.choice(match.legal_moves()))
    return match


def test_the_engine_hands_out_members_that_are_still_their_words() -> None:
    match = Match(make_config("allfives", 2), random.Random(1))
    assert match.phase is Phase.NEW
    match.begin_round()
    assert match.phase is Phase.PLAYING
    match.apply(match.legal_moves()[0])
    ends = [end for end, _ in match.layout.open_ends()]
    assert ends and all(type(end) is End for end in ends)
    assert all(type(m.end) is End for m in match.legal_moves())
    view = view_for(match, match.to_act)
    assert view.phase is Phase.PLAYING and all(type(end) is End for end, _ in view.layout.ends)
    assert list(view.ends) == ["left", "right", "up", "down"] == list(END_NAMES)
    assert json.dumps({"phase": view.phase, "end": End.UP}) == '{"phase": "playing", "end": "up"}'


def test_a_rounds_result_is_a_member_and_the_log_writes_its_word() -> None:
    match = _played()
    assert match.phase is Phase.MATCH_OVER
    assert {type(r.result) for r in match.records} == {RoundResult}
    logged = {json.loads(line)["result"] for line in dumps(match.events).splitlines() if '"round_end"' in line}
    assert logged <= {"domino", "blocked"} and logged


def test_a_moves_end_from_json_is_an_end_and_a_word_outside_is_refused() -> None:
    move = Move.from_json({"tile": "3-5", "end": "left"})
    assert move.end is End.LEFT and move == Move(parse_tile("3-5"), End.LEFT)
    with pytest.raises(ValueError):
        Move.from_json({"tile": "3-5", "end": "middle"})


def test_a_view_from_the_wire_with_an_unknown_phase_result_or_end_is_refused() -> None:
    match = _played("draw", 5)
    good = P.view_to_json(view_for(match, 0))
    assert P.view_from_json(good).phase is Phase.MATCH_OVER
    assert all(type(r.result) is RoundResult for r in P.view_from_json(good).scoresheet)
    bad_phase = {**good, "phase": "dancing"}
    bad_result = {**good, "scoresheet": [{**good["scoresheet"][0], "result": "<b>won</b>"}]}
    bad_end = {**good, "layout": {**good["layout"], "ends": [["middle", 3]]}}
    for bad in (bad_phase, bad_result, bad_end):
        with pytest.raises(P.ProtocolError):
            P.view_from_json(bad)


def test_a_records_status_is_a_member() -> None:
    assert summarize(_played("draw", 7)).status is MatchStatus.FINISHED
