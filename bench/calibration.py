"""`python -m bench analysis --calibration`: do the analysis's win chances mean what they say?

Hard plays hard (clockless, 150 guesses a move: the same matches on any machine), and
each match is analysed at `dominoes analyze`'s own settings. Every judged move is a
prediction, the mover's chance of winning the match after the move played, and has an
outcome: did the mover's side win? The report is a reliability table (the predictions
by decile: how many, their mean, how often the mover won), the expected calibration
error (the count-weighted mean of |predicted − observed| over the deciles) and the Brier
score beside a yardstick that knows the score only: a logistic regression on the
mover's lead over its closest rival, fitted to the same moves.

`--fit` reads the same self-play's round ends instead: after each round, the scores and
who went on to win the match. The value model (bots/search/value.py) turns scores into
chances with two constants a table, the points a round moves the leader's goal (`pace`)
and how far a round's result spreads (`spread`); `--fit` finds the pair that makes the
observed winners most likely (a grid, then its neighbourhood), for a variant's value_model (engine/rules/).

The self-play's logs are kept in `--logs` (one file a match), so a fit and a calibration
of the same matches play them once.
"""
from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.calibration_records import breakdown, records_task
from bench.study import emit, machine
from dominoes_tui.bots.analysis import decisions, judge_decision
from dominoes_tui.bots.registry import make_bot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.commands.progress import progress_bar
from dominoes_tui.engine import TableConfig, dumps, make_config
from dominoes_tui.engine.files import atomic_write
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

SPEC = "hard:0"  # clockless: 150 guesses a move


def _log_path(folder: str, config: TableConfig, seed: int) -> Path:
    return Path(folder) / f"{config.variant}-{config.players}p-{config.target}-{seed}.jsonl"


def self_played(config: TableConfig, seed: int, folder: str) -> str:
    """The log of one hard-against-hard match (played once, then read from `folder`)."""
    path = _log_path(folder, config, seed)
    if path.exists():
        return path.read_text(encoding="utf-8")
    bots = [make_bot(SPEC, seeded(seed, s), f"hard {s}") for s in range(config.players)]
    try:
        match = play_match(config, bots, seed).match
    finally:
        for bot in bots:
            bot.close()
    text = dumps(match.events)
    atomic_write(path, text)
    return text


def _winners(end: dict[str, Any]) -> list[int]:
    won = end["winner"]
    return [] if won is None else (won if isinstance(won, list) else [won])


def round_rows(log: str) -> list[dict[str, Any]]:
    """After every round: the sides' scores, and the sides that won the match (the last
    round's end is certain either way, so it weighs nothing in a fit)."""
    events = [json.loads(line) for line in log.splitlines() if line.strip()]
    ends = [e for e in events if e["event"] == "match_end"]
    if not ends:
        return []
    winners = _winners(ends[-1])
    return [{"scores": e["scores"], "winners": winners} for e in events if e["event"] == "round_end"]


def play_task(task: tuple[str, int, int, int, str]) -> list[dict[str, Any]]:
    variant, players, target, seed, folder = task
    return round_rows(self_played(make_config(variant, players, target=target), seed, folder))


def analyse_task(task: tuple[str, int, int, int, str, int, int]) -> list[dict[str, Any]]:
    """Every `every`-th judged move of one self-played match (each judged exactly as the
    whole analysis judges it): its prediction, outcome and the lead."""
    variant, players, target, seed, folder, guesses, every = task
    config = make_config(variant, players, target=target)
    log = self_played(config, seed, folder)
    events = [json.loads(line) for line in log.splitlines() if line.strip()]
    winners = _winners(next(e for e in reversed(events) if e["event"] == "match_end"))
    _match, found = decisions(list(enumerate(events, start=1)))
    judged = [judge_decision(d, seed=seed, guesses=guesses) for d in found[seed % every::every]]
    teams = config.teams is not None
    rows = []
    scores_at = _scores_at_plays(events, 2 if teams else players)
    for move in (m for m in judged if m is not None):
        side = move.seat % 2 if teams else move.seat
        scores = scores_at[move.ply]
        lead = scores[side] - max(s for i, s in enumerate(scores) if i != side)
        if config.rules.penalties:
            lead = -lead  # Kozel: points are penalties
        rows.append({"p": move.after, "won": 1.0 / len(winners) if side in winners else 0.0, "lead": lead})
    return rows


def _scores_at_plays(events: list[dict[str, Any]], sides: int) -> list[list[int]]:
    """The scores before each placement of the match (play points included)."""
    scores = [0] * sides
    out = []
    for e in events:
        if e["event"] == "play":
            out.append(list(scores))
        elif e["event"] == "score":
            scores[e["seat"]] += e["points"]
        elif e["event"] == "round_end":
            scores = list(e["scores"])
    return out


# -- the yardstick and the figures ---------------------------------------------------------
def logistic_fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Maximum-likelihood a, b of P(y) = 1 / (1 + exp(-(a + b x))) (Newton's method)."""
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys):
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a + b * x))))
            ga += y - p
            gb += (y - p) * x
            w = p * (1.0 - p)
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def reliability(ps: list[float], ys: list[float]) -> tuple[list[dict[str, Any]], float]:
    """The predictions by decile (0-10%, ..., 90-100%) and the expected calibration error."""
    table = []
    error = 0.0
    for d in range(10):
        inside = [(p, y) for p, y in zip(ps, ys) if min(int(p * 10), 9) == d]
        if not inside:
            continue
        predicted = statistics.fmean(p for p, _ in inside)
        observed = statistics.fmean(y for _, y in inside)
        table.append({"decile": d, "count": len(inside), "predicted": predicted, "observed": observed})
        error += len(inside) * abs(predicted - observed)
    return table, error / max(1, len(ps))


def brier(ps: list[float], ys: list[float]) -> float:
    return statistics.fmean((p - y) ** 2 for p, y in zip(ps, ys))


def log_loss(config: TableConfig, rows: list[dict[str, Any]], constants: tuple[float, float] | None) -> float:
    """−log of the chance the model gave the side that went on to win, a round's end on average."""
    total = 0.0
    for r in rows:
        value = MatchValue(config, r["scores"], constants).of_scores(list(r["scores"]))
        chance = sum(value[w] for w in r["winners"]) if r["winners"] else 0.5
        total -= math.log(min(1.0 - 1e-9, max(1e-9, chance)))
    return total / max(1, len(rows))


def fit_model(config: TableConfig, rows: list[dict[str, Any]]) -> tuple[float, float, float]:
    """(pace, spread, log-loss per row) that make the observed winners most likely."""
    def loss(pace: float, spread: float) -> float:
        return log_loss(config, rows, (pace, spread))

    best: tuple[float, float, float] = min((loss(float(pace), float(spread)), float(pace), float(spread))
                                           for pace in range(5, 81, 5) for spread in range(5, 121, 5))
    step = 2.5
    _, pace, spread = best
    while step >= 0.25:  # the neighbourhood, finer and finer
        around = [(loss(pace + dp, spread + ds), pace + dp, spread + ds)
                  for dp in (-step, 0.0, step) for ds in (-step, 0.0, step) if pace + dp > 0 and spread + ds > 0]
        best = min(around)
        _, pace, spread = best
        step /= 2
    return pace, spread, best[0]


def run(args: Any, plan: dict[str, Any]) -> int:
    """The --calibration and --fit studies of `python -m bench analysis`."""
    config = make_config(args.variant, args.players, target=plan["target"])
    folder = args.logs
    Path(folder).mkdir(parents=True, exist_ok=True)
    seeds = derive_seeds(args.seed, plan["matches"])
    out: dict[str, Any] = {"study": "analysis --fit" if args.fit else "analysis --calibration", "quick": args.quick,
                           "seed": args.seed, "machine": machine(), "variant": args.variant,
                           "players": args.players, "target": config.target, "matches": len(seeds)}
    try:
        if args.fit:
            tasks_p = [(args.variant, args.players, config.target, s, folder) for s in seeds]
            with progress_bar(len(tasks_p), "matches", label="self-play") as advance:
                rows = [r for chunk in map_in_workers(play_task, tasks_p, args.jobs, advance) for r in chunk]
            pace, spread, per_row = fit_model(config, rows)
            before = log_loss(config, rows, None)
            out.update(rounds=len(rows), pace=pace, spread=spread, log_loss=per_row, log_loss_before=before)
            lines = [f"{args.variant} {args.players}p to {config.target}: {len(seeds)} matches of {SPEC} against "
                     f"itself, {len(rows)} round ends",
                     f"  fitted: pace {pace:.2f}, spread {spread:.2f}  (log-loss a round end {per_row:.4f}; "
                     f"with today's constants {before:.4f})"]
            return emit("analysis", out, lines, args.json)
        tasks: list[tuple[Any, ...]] = [(args.variant, args.players, config.target, s, folder, plan["guesses"],
                                         args.every) for s in seeds]
        task: Callable[[Any], list[dict[str, Any]]] = analyse_task
        if args.records:
            task, tasks = records_task, [(*t, args.oracle) for t in tasks]
        with progress_bar(len(tasks), "matches", label="calibration") as advance:
            rows = [r for chunk in map_in_workers(task, tasks, args.jobs, advance) for r in chunk]
    except KeyboardInterrupt:
        print("python -m bench analysis: stopped (Ctrl-C); nothing reported", file=sys.stderr)
        return 130
    ps, ys = [r["p"] for r in rows], [r["won"] for r in rows]
    a, b = logistic_fit([float(r["lead"]) for r in rows], ys)
    base = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a + b * r["lead"])))) for r in rows]
    table, ece = reliability(ps, ys)
    out.update(decisions=len(rows), reliability=table, ece=ece, brier=brier(ps, ys), brier_score_only=brier(base, ys),
               logistic=[a, b], guesses=plan["guesses"], every=args.every)
    lines = [f"{args.variant} {args.players}p to {config.target}: {len(seeds)} matches of {SPEC} against itself, "
             f"{len(rows)} judged moves (every {args.every}. decision) at {plan['guesses']} guesses",
             f"  {'predicted':>10} {'moves':>6} {'mean':>7} {'observed':>9}"]
    for r in table:
        lines.append(f"  {r['decile'] * 10:>3}–{r['decile'] * 10 + 10:<3}% {r['count']:>8} {r['predicted']:>7.3f} "
                     f"{r['observed']:>9.3f}")
    lines += [f"  expected calibration error {ece:.4f}",
              f"  Brier score {out['brier']:.4f}; the score alone (logistic on the lead) {out['brier_score_only']:.4f}"
              f" (better by {out['brier_score_only'] - out['brier']:.4f})"]
    if args.records:
        lines += ["", "  Brier by phase: the search, the true round's result, the score alone; the share of the true",
                  "  round's gain the search takes; the guesses read with their weights to a power (w^0: none);",
                  "  the median effective number of guesses and the mean spread of their values; with --oracle,",
                  "  the chance knowing the other hands (the boneyard's order guessed) and knowing the whole deal", "",
                  *breakdown(rows, base)]
        atomic_write(args.records, "".join(json.dumps(dict(r, score_only=b)) + "\n" for r, b in zip(rows, base)))
    return emit("analysis", out, lines, args.json)
