"""`python -m bench analysis --calibration --records FILE`: where the win chances lose to
knowing the round.

The calibration (calibration.py) scores the analysis's chance after each judged move
against the match's outcome. This keeps one record a judged move instead, with what the
forecast stood on: the mover's lead and room to the target, the tiles in the hands and the
boneyard, the move's place in its round, whether it was solved, how far the guesses'
values spread and how many guesses really counted (the inference weights' effective
number), and the value of the round's TRUE result (value.py on the scores the round
really ended with): the best any forecast of the round could do. The report splits the
Brier score of the search, of the true round and of the score-only yardstick by the
round's phase, so the gap between the search and knowing the round shows where it is.

Each decision is judged exactly as the analysis judges it (the same search, guesses and
random stream as judge.py's), and the guesses are kept, so forecasts that read the same
guesses differently (without the inference weights, or with them tempered) are scored
beside it at no extra cost.
"""
from __future__ import annotations

import json
import math
import statistics
from typing import Any

from bench.calibration_oracle import hidden_at, knowing
from dominoes_tui.bots.analysis import decisions
from dominoes_tui.bots.analysis.analyse import Decision
from dominoes_tui.bots.analysis.judge import SOLVE_MS
from dominoes_tui.bots.search.pimc import Search
from dominoes_tui.bots.search.rollout import sharp_step
from dominoes_tui.bots.search.state import apply_key
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.engine import TableConfig, make_config
from dominoes_tui.engine.round_end import settle
from dominoes_tui.engine.seeds import seeded

# The tempered inference weights scored beside the search's own (weight ** power).
POWERS = (0.0, 0.25, 0.5, 0.75)


def _weighted(samples: list[tuple[float, float]], power: float) -> float:
    ws = [w ** power if power else 1.0 for w, _v in samples]
    total = sum(ws)
    if total <= 0.0:
        return statistics.fmean(v for _w, v in samples)
    return sum(w * v for w, (_w, v) in zip(ws, samples)) / total


def judged(decision: Decision, seed: int, guesses: int) -> dict[str, Any] | None:
    """The played move's forecast as judge.py makes it, with its guesses' spread and
    weights; None where the decision is no choice (one candidate)."""
    search = Search(decision.view, seeded(seed, "analysis", decision.ply), SOLVE_MS)
    if len(search.keys) < 2:
        return None
    played = search.candidate(decision.played)
    if search.determined:
        known = search.solve_known()
        if known is not None:
            return {"p": known[played], "exact": True, "guesses": 0, "ess": 0.0, "sd": 0.0,
                    **{f"p_w{power}": known[played] for power in POWERS}}
    samples: list[tuple[float, float]] = []
    ends: list[list[int]] = []  # each guess's round played out to its end by the playout policy alone
    config, key = search.rules.config, search.keys[played]
    while search.iterations < guesses:
        others, stock = search.sampler.deal()  # as Search.iterate, which the analysis calls
        w = search.model.weight(others)
        values = search.judge(others, stock)
        assert values is not None  # no cancel given
        search.record(w, values)
        samples.append((w, values[played]))
        state = search._dealt(others, stock).copy()  # the guess's own lists stay untouched
        apply_key(state, key)
        while not state.over:
            sharp_step(search.rules, state)
        ends.append(settle(config, state).scores)
    p = search.averages()[played]
    total = sum(w for w, _v in samples)
    squares = sum(w * w for w, _v in samples)
    ess = total * total / squares if squares > 0.0 else 0.0
    sd = math.sqrt(sum(w * (v - p) ** 2 for w, v in samples) / total) if total > 0.0 else 0.0
    return {"p": p, "exact": False, "guesses": len(samples), "ess": ess, "sd": sd,
            **{f"p_w{power}": _weighted(samples, power) for power in POWERS},
            "weights": [w for w, _v in samples], "values": [v for _w, v in samples], "ends": ends}


def _round_ends(events: list[dict[str, Any]]) -> dict[int, list[int]]:
    return {e["round"]: list(e["scores"]) for e in events if e["event"] == "round_end"}


def _plays_in_round(decision: Decision) -> int:
    return sum(1 for e in decision.view.history if e["event"] == "play")


def records(config: TableConfig, events: list[dict[str, Any]], seed: int, guesses: int,
            every: int, oracle: int = 0) -> list[dict[str, Any]]:
    """One record a judged move of one match (2-sided tables: a side is a seat); with
    `oracle`, also the chances that know the other hands or the whole deal
    (calibration_oracle.py, `oracle` boneyard orders)."""
    ends = [e for e in events if e["event"] == "match_end"]
    won = ends[-1]["winner"]
    winners = [] if won is None else (won if isinstance(won, list) else [won])
    round_ends = _round_ends(events)
    lines = list(enumerate(events, start=1))
    _match, found = decisions(lines)
    chosen = found[seed % every::every]
    hidden = hidden_at(lines, {d.ply for d in chosen}) if oracle else {}
    rows = []
    for d in chosen:
        j = judged(d, seed, guesses)
        if j is None:
            continue
        if oracle:
            j.update(knowing(d, hidden[d.ply], seed, oracle) if not j["exact"] else {"p_hand": j["p"], "p_deal": j["p"]})
        view = d.view
        side = d.seat
        scores = list(view.scores)
        rival = max(s for i, s in enumerate(scores) if i != side)
        truth = MatchValue(config, scores).of_scores(round_ends[d.round])[side]
        rows.append({
            **j, "match": seed, "round": d.round, "ply": d.ply, "seat": side,
            "won": 1.0 / len(winners) if side in winners else 0.0,
            "lead": scores[side] - rival, "room": config.target - scores[side], "rival_room": config.target - rival,
            "hand": view.hand_sizes[side], "other": sum(n for i, n in enumerate(view.hand_sizes) if i != side),
            "drawable": view.drawable, "in_round": _plays_in_round(d), "true_round": truth,
        })
    return rows


def records_task(task: tuple[str, int, int, int, str, int, int, int]) -> list[dict[str, Any]]:
    """calibration.analyse_task's task and the oracle's orders, answered with full records."""
    from bench.calibration import self_played

    variant, players, target, seed, folder, guesses, every, oracle = task
    config = make_config(variant, players, target=target)
    events = [json.loads(line) for line in self_played(config, seed, folder).splitlines() if line.strip()]
    return records(config, events, seed, guesses, every, oracle)


# -- the breakdown ----------------------------------------------------------------------------
PHASES: tuple[tuple[str, str, int, int], ...] = (
    # (label, field, low, high): a record falls in the first whose field lies in [low, high]
    ("boneyard 8+", "drawable", 8, 99),
    ("boneyard 3-7", "drawable", 3, 7),
    ("boneyard 1-2", "drawable", 1, 2),
    ("empty, 11+ in hands", "in_hands", 11, 99),
    ("empty, 10 or fewer", "in_hands", 0, 10),
)


def _phase(r: dict[str, Any]) -> str:
    r = dict(r, in_hands=r["hand"] + r["other"])
    for label, field, low, high in PHASES:
        if low <= r[field] <= high:
            return label
    return "other"


def breakdown(rows: list[dict[str, Any]], baseline: list[float]) -> list[str]:
    """Brier of the search, of the true round and of the yardstick, by phase of the round;
    and the share of the true round's gain over the yardstick that the search takes."""
    def brier(ps: list[float], ys: list[float]) -> float:
        return statistics.fmean((p - y) ** 2 for p, y in zip(ps, ys)) if ps else float("nan")

    labels = [label for label, *_ in PHASES]
    lines = [f"  {'phase':<22} {'moves':>6} {'search':>7} {'true':>7} {'score':>7} {'taken':>6}  "
             + " ".join(f"{'w^' + str(p):>7}" for p in POWERS) + f" {'ess':>6} {'sd':>6}"
             + (f" {'hand':>7} {'deal':>7}" if rows and "p_hand" in rows[0] else "")]
    for label in [*labels, "all"]:
        idx = [i for i, r in enumerate(rows) if label == "all" or _phase(r) == label]
        if not idx:
            continue
        ys = [rows[i]["won"] for i in idx]
        search = brier([rows[i]["p"] for i in idx], ys)
        true = brier([rows[i]["true_round"] for i in idx], ys)
        base = brier([baseline[i] for i in idx], ys)
        taken = (base - search) / (base - true) if base - true > 1e-9 else float("nan")
        tempered = [brier([rows[i][f"p_w{p}"] for i in idx], ys) for p in POWERS]
        knows = [brier([rows[i][k] for i in idx], ys) for k in ("p_hand", "p_deal") if k in rows[idx[0]]]
        estimated = [rows[i] for i in idx if not rows[i]["exact"]]
        ess = statistics.median(r["ess"] for r in estimated) if estimated else 0.0
        sd = statistics.fmean(r["sd"] for r in estimated) if estimated else 0.0
        lines.append(f"  {label:<22} {len(idx):>6} {search:>7.4f} {true:>7.4f} {base:>7.4f} {taken:>6.0%}  "
                     + " ".join(f"{t:>7.4f}" for t in tempered) + f" {ess:>6.1f} {sd:>6.3f}"
                     + "".join(f" {k:>7.4f}" for k in knows))
    return lines
