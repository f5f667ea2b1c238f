"""`python -m bench analysis --calibration --records`: one record a judged move, the forecast
the analysis makes and what it stood on, and the Brier score by phase of the round."""
from __future__ import annotations

import json
from typing import Any

from bench.calibration_oracle import hidden_at
from bench.calibration_records import breakdown, records
from dominoes_tui.bots.analysis import decisions, judge_decision
from dominoes_tui.bots.registry import make_bot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.engine import TableConfig, dumps, make_config
from dominoes_tui.engine.bits import INDEX
from dominoes_tui.engine.seeds import seeded

SEED = 4


def _match_events() -> tuple[list[dict[str, Any]], TableConfig]:
    config = make_config("draw", 2, target=30)
    bots = [make_bot("medium", seeded(SEED, s), f"medium {s}") for s in range(2)]
    match = play_match(config, bots, SEED).match
    return [json.loads(line) for line in dumps(match.events).splitlines() if line.strip()], config


def test_a_record_holds_the_analysis_own_chance_and_the_true_round() -> None:
    events, config = _match_events()
    rows = records(config, events, SEED, guesses=6, every=4)
    assert rows
    _match, found = decisions(list(enumerate(events, start=1)))
    by_ply = {d.ply: d for d in found}
    ends = {e["round"]: e["scores"] for e in events if e["event"] == "round_end"}
    for r in rows:
        d = by_ply[r["ply"]]
        judged = judge_decision(d, seed=SEED, guesses=6)
        assert judged is not None and r["p"] == judged.after  # the very number the analysis reports
        truth = MatchValue(config, list(d.view.scores)).of_scores(list(ends[d.round]))[d.seat]
        assert r["true_round"] == truth
        if not r["exact"]:
            # every guess kept, each played out to the round's end from the mover's real hand
            assert len(r["weights"]) == len(r["values"]) == len(r["ends"]) == 6
            assert all(e[s] >= d.view.scores[s] for e in r["ends"] for s in range(2))


def test_the_breakdown_names_each_phase_and_the_whole() -> None:
    events, config = _match_events()
    rows = records(config, events, SEED, guesses=4, every=3)
    lines = breakdown(rows, [0.5] * len(rows))
    assert lines[-1].split()[0] == "all" and str(len(rows)) in lines[-1]
    assert any(line.split()[0] == "boneyard" for line in lines[1:-1])


def test_the_oracle_reads_the_real_hidden_tiles_and_knows_them() -> None:
    events, config = _match_events()
    lines = list(enumerate(events, start=1))
    _match, found = decisions(lines)
    hidden = hidden_at(lines, {d.ply for d in found})
    for d in found:
        others, stock = hidden[d.ply]
        mine = {INDEX[t] for t in d.view.hand}
        assert all(len(others[s]) == d.view.hand_sizes[s] for s in others)  # as many as the view counts
        assert len(stock) == d.view.boneyard and not mine & {*stock, *others[1 - d.seat]}
    rows = records(config, events, SEED, guesses=4, every=5, oracle=2)
    assert rows and all(0.0 <= r["p_hand"] <= 1.0 and 0.0 <= r["p_deal"] <= 1.0 for r in rows)
    assert all(r["p_hand"] == r["p_deal"] == r["p"] for r in rows if r["exact"])  # solved: nothing more to know
