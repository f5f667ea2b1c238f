"""docs/GAMELOG.md: write every match, read it back, resume a cut-off log, name what is wrong."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dominoes_tui.engine import PLAYING, LogError, Match, Move, load_match, make_config, write_log
from dominoes_tui.engine.gamelog import dumps, load_matches


def _played(variant: str = "draw", players: int = 2, seed: int = 3, stop_after: int | None = None) -> Match:
    m = Match(make_config(variant, players), random.Random(seed), seed=seed)
    rng = random.Random(seed + 100)
    plays = 0
    while not m.is_over:
        m.begin_round()
        while m.phase == PLAYING:
            if stop_after is not None and plays == stop_after:
                return m
            m.apply(rng.choice(m.legal_moves()))
            plays += 1
    return m


def test_log_has_the_required_fields() -> None:
    events = _played("allfives", 3).events
    start = events[0]
    assert start["event"] == "match_start" and start["version"] == 1 and start["variant"] == "allfives"
    assert set(start["options"]) == {"first_lead", "boneyard_reserve", "target_score", "fives_win_mid_round"}
    assert start["seats"][0] == {"seat": 0, "name": "Seat 0", "kind": "bot"}
    first_round = events[1]
    assert first_round["event"] == "round_start" and len(first_round["hands"]) == 3
    assert len(first_round["boneyard"]) == 28 - 15
    assert all(t.split("-")[0] <= t.split("-")[1] for h in first_round["hands"] for t in h)
    assert events[2]["event"] == "play" and events[2]["end"] is None
    assert events[-1]["event"] == "match_end"
    assert json.loads(dumps(events).splitlines()[0]) == start


def test_partner_log_counts_teams() -> None:
    events = _played("partner", 4).events
    assert events[0]["teams"] == [[0, 2], [1, 3]]
    assert all(len(e["scores"]) == 2 for e in events if e["event"] in ("round_end", "match_end"))


def test_write_is_atomic_and_reads_back(tmp_path: Path) -> None:
    m = _played()
    path = tmp_path / "saves" / "match.jsonl"
    write_log(path, m.events)
    assert [p.name for p in path.parent.iterdir()] == ["match.jsonl"]  # no temp file left
    again = load_match(path)
    assert again.events == m.events and again.is_over


@pytest.mark.parametrize("variant", ["draw", "allfives", "partner", "kozel", "duel", "block"])
@pytest.mark.parametrize("cut", [0, 5, 23, 41])
def test_cut_off_log_resumes_exactly_there(variant: str, cut: int) -> None:
    players = 4 if variant == "partner" else 2
    full = _played(variant, players, seed=11)
    part = _played(variant, players, seed=11, stop_after=cut)
    resumed = load_matches(dumps(part.events))[0]
    assert resumed.events == part.events
    assert (resumed.hands, resumed.boneyard, resumed.to_act, resumed.scores, resumed.phase) == (
        part.hands, part.boneyard, part.to_act, part.scores, part.phase,
    )
    # Going on from the save with the same moves gives the very match that never stopped,
    # later deals included: the RNG stands where it stood.
    plays = [e for e in full.events if e["event"] == "play"]
    index = sum(1 for e in part.events if e["event"] == "play")
    while not resumed.is_over:
        if resumed.phase != PLAYING:
            resumed.begin_round()
            continue
        resumed.apply(Move.from_json(plays[index]), seat=plays[index]["seat"])
        index += 1
    assert resumed.events == full.events


def test_cut_between_rounds_deals_the_same_next_round() -> None:
    full = _played("draw", 2, seed=5)
    ends = [i for i, e in enumerate(full.events) if e["event"] == "round_end"]
    if len(ends) < 2:
        pytest.skip("one-round match")
    resumed = load_matches(dumps(full.events[: ends[0] + 1]))[0]
    resumed.begin_round()
    assert resumed.events[-1] == full.events[ends[0] + 1]


def _lines(m: Match) -> list[str]:
    return dumps(m.events).splitlines()


def _error(text: str) -> str:
    with pytest.raises(LogError) as info:
        load_matches(text)
    return str(info.value)


def test_malformed_logs_name_the_line() -> None:
    lines = _lines(_played())
    assert _error("\n".join(lines[:3] + ["{not json"])) .startswith("line 4: not valid JSON")
    assert "line 2: unknown event 'shuffle'" in _error("\n".join([lines[0], '{"event": "shuffle"}']))
    assert "line 1: a log starts with match_start" in _error("\n".join(lines[1:]))
    bad_version = json.loads(lines[0]) | {"version": 9}
    assert "version 9" in _error(json.dumps(bad_version))
    bad_variant = json.loads(lines[0]) | {"variant": "poker"}
    assert "line 1: unknown variant 'poker'" in _error(json.dumps(bad_variant))
    assert "needs a 'seat'" in _error("\n".join(lines[:2] + ['{"event": "play", "tile": "1-2", "end": null}']))


def test_a_play_that_breaks_the_rules_is_named() -> None:
    lines = _lines(_played())
    first_play = json.loads(lines[2])
    wrong_seat = dict(first_play, seat=1 - first_play["seat"])
    assert "line 3: it is seat" in _error("\n".join(lines[:2] + [json.dumps(wrong_seat)]))
    start = json.loads(lines[1])
    not_held = start["hands"][1 - first_play["seat"]][0]
    stolen = dict(first_play, tile=not_held)
    assert "line 3: seat" in _error("\n".join(lines[:2] + [json.dumps(stolen)]))


def test_a_faked_fact_is_caught() -> None:
    lines = _lines(_played())
    index = next(i for i, line in enumerate(lines) if json.loads(line)["event"] == "round_end")
    end = json.loads(lines[index])
    end["points"] += 5
    text = "\n".join(lines[:index] + [json.dumps(end)])
    assert f"line {index + 1}: the log says round_end" in _error(text)


def test_a_deal_missing_a_tile_is_refused() -> None:
    lines = _lines(_played())
    start = json.loads(lines[1])
    start["boneyard"] = start["boneyard"][:-1]
    assert "line 2: the deal must hold each of the 28 tiles once" in _error("\n".join([lines[0], json.dumps(start)]))


def test_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="cannot read"):
        load_match(tmp_path / "missing.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(LogError, match="holds no match"):
        load_match(empty)


def test_log_may_leave_out_the_passes_that_show_a_block() -> None:
    for seed in range(40):
        m = _played("block", 2, seed=seed)
        blocked = [i for i, e in enumerate(m.events) if e["event"] == "round_end" and e["result"] == "blocked"]
        if blocked:
            break
    else:
        pytest.skip("no block found")
    i = blocked[0]
    j = i
    while m.events[j - 1]["event"] == "pass":
        j -= 1
    trimmed = m.events[:j] + m.events[i:]
    assert load_matches(dumps(trimmed))[0].scores == m.scores


def test_a_torn_last_line_can_be_dropped(tmp_path: Path) -> None:
    """An append cut short by a crash: strict reading names it, a save loader drops it."""
    m = _played(stop_after=9)
    text = dumps(m.events)
    torn = text[:-12]  # the last event lost its end and its newline
    with pytest.raises(LogError, match=f"line {len(m.events)}: not valid JSON"):
        load_matches(torn)
    resumed = load_matches(torn, torn_tail_ok=True)[0]
    assert resumed.events == m.events[:-1] or resumed.events[: len(m.events) - 1] == m.events[:-1]
    path = tmp_path / "save.jsonl"
    path.write_text(torn)
    assert load_match(path, torn_tail_ok=True).round_no == m.round_no
    # A bad line in the middle is never skipped.
    lines = text.splitlines()
    with pytest.raises(LogError, match="line 3"):
        load_matches("\n".join(lines[:2] + ["{"] + lines[3:]) + "\n", torn_tail_ok=True)


def _mutate(value: object, rng: random.Random) -> object:
    """One field of an event changed to something a broken or hand-edited file might hold."""
    return rng.choice([None, -1, 0, 7, 99, 2**40, "", "x", "6-6", "9-9", "left", [], {}, [1, 2], True, 1.5, "0-0"])


@pytest.mark.parametrize("variant,players", [("draw", 3), ("allfives", 2), ("partner", 4), ("kozel", 4)])
def test_a_corrupted_log_is_a_log_error_never_a_crash(variant: str, players: int) -> None:
    """Hundreds of single-field corruptions of a real log: each either reads back (the
    change did not matter) or is refused with a LogError that names a line."""
    events = _played(variant, players, seed=11).events
    rng = random.Random(players)
    refused = 0
    for _ in range(300):
        broken = json.loads(json.dumps(events))
        event = rng.choice(broken)
        key = rng.choice(sorted(event))
        if rng.random() < 0.1:
            del event[key]
        else:
            event[key] = _mutate(event[key], rng)
        text = "".join(json.dumps(e) + "\n" for e in broken)
        try:
            load_matches(text)
        except LogError as exc:
            refused += 1
            assert "line" in str(exc)
    assert refused > 150  # most corruptions are caught, not silently accepted
