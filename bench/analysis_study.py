"""`python -m bench analysis`: does the analysis rank the levels? Mean loss per move of easy,
medium and hard, each over whole matches against the same opponent (medium), with 95%
intervals; the order easy > medium > hard is what an honest analysis must find.

Each match seats the level under test against the opponent (the seats alternate match
by match) and is analysed as `dominoes analyze --seat` would, the tested seat's moves
only (bots/analysis/). The unit is a match: its mean loss per judged move; the interval
is the mean's over the matches (normal, 1.96 standard errors). Hard plays without a
clock (150 guesses a move: the same moves for a seed on any machine). Hard's moves come
from the very search that judges them, with fewer guesses: that it loses little is no
surprise, that easy and medium lose more is the finding.
"""
from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from bench.strength import _mean_ci
from bench.study import emit, machine, parser
from dominoes_tui.bots.analysis import GUESSES, analyse_match
from dominoes_tui.bots.registry import make_bot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.commands.progress import progress_bar, wanted
from dominoes_tui.engine import make_config
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

LEVELS = ("easy", "medium", "hard")
SPECS = {"easy": "easy", "medium": "medium", "hard": "hard:0"}  # hard: clockless, 150 guesses a move
FULL = {"matches": 40, "guesses": 100, "target": None}
QUICK = {"matches": 2, "guesses": 10, "target": 30}


def analyse_one(task: tuple[str, str, str, int, int | None, int, int, int]) -> dict[str, Any]:
    """Play one match, the level at `seat` against the opponent, and analyse the level's moves."""
    level, opponent, variant, players, target, match_seed, seat, guesses = task
    config = make_config(variant, players, target=target)
    specs = [SPECS.get(level, level) if s == seat else SPECS.get(opponent, opponent) for s in range(players)]
    bots = [make_bot(spec, seeded(match_seed, s), f"{spec} {s}") for s, spec in enumerate(specs)]
    try:
        match = play_match(config, bots, match_seed).match
    finally:
        for bot in bots:
            bot.close()
    started = time.perf_counter()
    analysis = analyse_match(match, seat=seat, guesses=guesses, seed=match_seed)
    (report,) = analysis.seats
    return {"level": level, "moves": report.moves, "mean_loss": report.mean_loss, "accuracy": report.accuracy,
            "blunders": report.blunders, "mistakes": report.mistakes, "seconds": time.perf_counter() - started,
            "loss_sum": sum(m.loss for m in analysis.moves)}


def repeat_one(task: tuple[str, int, int | None, int, int, int]) -> list[tuple[int, float, str]]:
    """One match of easy against medium, every decision judged with one analysis seed:
    (ply, loss, verdict) a decision."""
    variant, players, target, match_seed, guesses, seed = task
    config = make_config(variant, players, target=target)
    specs = ["easy" if s % 2 == 0 else "medium" for s in range(players)]
    bots = [make_bot(spec, seeded(match_seed, s), f"{spec} {s}") for s, spec in enumerate(specs)]
    match = play_match(config, bots, match_seed).match
    analysis = analyse_match(match, guesses=guesses, seed=seed)
    return [(m.ply, m.loss, str(m.verdict)) for m in analysis.moves]


NAMED = ("inaccuracy", "mistake", "blunder")


def repeatability(runs: list[list[list[tuple[int, float, str]]]]) -> dict[str, Any]:
    """How far the analyses of the same matches with other seeds agree: `runs[match][seed]`."""
    decisions = spread = 0.0
    named = blunders = blunder_rows = 0
    widest = 0.0
    for per_seed in runs:
        for rows in zip(*per_seed):
            decisions += 1
            losses = [r[1] for r in rows]
            spread += max(losses) - min(losses)
            widest = max(widest, max(losses) - min(losses))
            verdicts = [r[2] for r in rows]
            named += len({v if v in NAMED else "ok" for v in verdicts}) > 1
            if "blunder" in verdicts:
                blunder_rows += 1
                blunders += len(set(verdicts)) > 1
    return {"decisions": int(decisions), "mean_spread": spread / max(1.0, decisions), "widest_spread": widest,
            "named_disagreements": named, "blunder_rows": blunder_rows, "blunder_disagreements": blunders}


def level_row(level: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    mine = [r for r in results if r["level"] == level and r["moves"]]
    m, lo, hi = _mean_ci([r["mean_loss"] for r in mine])
    moves = sum(r["moves"] for r in mine)
    return {"level": level, "matches": len(mine), "moves": moves, "mean_loss": m, "ci": [lo, hi],
            "pooled_loss": sum(r["loss_sum"] for r in mine) / max(1, moves),
            "accuracy": statistics.fmean(r["accuracy"] for r in mine) if mine else float("nan"),
            "blunders_per_match": statistics.fmean(r["blunders"] for r in mine) if mine else float("nan"),
            "mistakes_per_match": statistics.fmean(r["mistakes"] for r in mine) if mine else float("nan"),
            "seconds_per_match": statistics.fmean(r["seconds"] for r in mine) if mine else float("nan")}


def format_report(out: dict[str, Any]) -> list[str]:
    plan = out["plan"]
    lines: list[str] = []
    if out["levels"]:
        lines += ["", f"Analysis: mean loss per judged move (win chance), {out['variant']} {out['players']}p to "
                 f"{out['target']}, each level against {plan['opponent']}, {plan['guesses']} guesses a decision", "",
                 f"  {'level':<8} {'matches':>7} {'moves':>6} {'mean loss':>9} {'95% CI':>15} {'pooled':>7}"
                 f" {'accuracy':>8} {'??/match':>8} {'?/match':>7} {'s/match':>7}"]
        for r in out["levels"]:
            lo, hi = r["ci"]
            lines.append(f"  {r['level']:<8} {r['matches']:>7} {r['moves']:>6} {r['mean_loss']:>9.4f}"
                         f" {f'{lo:.4f}–{hi:.4f}':>15} {r['pooled_loss']:>7.4f} {r['accuracy']:>8.1f}"
                         f" {r['blunders_per_match']:>8.2f} {r['mistakes_per_match']:>7.2f} {r['seconds_per_match']:>7.1f}")
    rep = out.get("repeatability")
    if rep:
        lines += ["", f"Repeatability: {rep['matches']} matches of easy against medium, every decision judged with"
                  f" {rep['seeds']} seeds at {plan['guesses']} guesses",
                  f"  {rep['decisions']} decisions; loss spread across the seeds: mean {rep['mean_spread']:.4f},"
                  f" widest {rep['widest_spread']:.3f}",
                  f"  verdict named differently (ok / inaccuracy / mistake / blunder): {rep['named_disagreements']}"
                  f" ({rep['named_disagreements'] / max(1, rep['decisions']):.1%});"
                  f" blunders {rep['blunder_disagreements']} of {rep['blunder_rows']} not named by every seed"]
    order = out.get("order")
    if order:
        lines += ["", f"  easy > medium > hard by the means: {'yes' if order['means'] else 'NO'};"
                  f" by intervals that do not overlap: {'yes' if order['intervals'] else 'no'}"]
    lines += ["", f"  the study took {out['seconds']:.1f} s"]
    return lines


def main(argv: list[str] | None = None) -> int:
    p = parser("analysis", __doc__.split("\n\n")[0] if __doc__ else "")
    p.add_argument("--matches", type=int, default=None, help="matches per level (default 40; 2 with --quick)")
    p.add_argument("--guesses", type=int, default=None, help="guesses a decision (default 100; 10 with --quick)")
    p.add_argument("--variant", default="draw", help="the variant (default draw)")
    p.add_argument("--players", type=int, default=2, help="seats (default 2)")
    p.add_argument("--target", type=int, default=None, help="target score (default the variant's; 30 with --quick)")
    p.add_argument("--opponent", default="medium", help="the level every tested level plays against (default medium)")
    p.add_argument("--seeds", type=int, default=0,
                   help="instead of the levels: analyse --matches matches of easy against medium with this many "
                        "seeds each and report how far the verdicts agree")
    p.add_argument("--calibration", action="store_true",
                   help="instead of the levels: hard against hard, every move's predicted chance against the "
                        "outcome (reliability by decile, calibration error, Brier score beside the score alone)")
    p.add_argument("--fit", action="store_true",
                   help="instead of the levels: fit the value model's constants to hard-against-hard round ends")
    p.add_argument("--every", type=int, default=1,
                   help="with --calibration: judge every K-th decision of each match only (default 1: all)")
    p.add_argument("--records", metavar="FILE", default=None,
                   help="with --calibration: also write one JSON line a judged move (what its forecast stood on, the "
                        "true round's value) to FILE, and break the Brier score down by phase of the round")
    p.add_argument("--oracle", type=int, default=0, metavar="N",
                   help="with --records: also the chance knowing the other hands (N boneyard orders guessed) and "
                        "knowing the whole deal: how much a better reading of the mover's view could win at most")
    p.add_argument("--logs", default="bench-selfplay",
                   help="with --calibration or --fit: the folder keeping the self-played matches (default "
                        "bench-selfplay)")
    args = p.parse_args(argv)
    if args.calibration or args.fit:
        from bench.calibration import run
        return run(args, {"matches": args.matches or (4 if args.quick else 150), "target": args.target,
                          "guesses": args.guesses or (20 if args.quick else GUESSES)})
    plan: dict[str, Any] = dict(QUICK if args.quick else FULL)
    for key in ("matches", "guesses", "target"):
        if getattr(args, key) is not None:
            plan[key] = getattr(args, key)
    plan["opponent"] = args.opponent
    if min(plan["matches"], plan["guesses"], args.jobs) < 1:
        print("python -m bench analysis: --matches, --guesses and --jobs are at least 1", file=sys.stderr)
        return 2
    config = make_config(args.variant, args.players, target=plan["target"])
    out: dict[str, Any] = {"study": "analysis", "quick": args.quick, "seed": args.seed, "plan": plan,
                           "machine": machine(), "variant": args.variant, "players": args.players,
                           "target": config.target}
    if args.seeds:
        return _repeat(args, plan, out)
    tasks = [(level, args.opponent, args.variant, args.players, plan["target"], match_seed, i % args.players,
              plan["guesses"])
             for level in LEVELS for i, match_seed in enumerate(derive_seeds(args.seed, plan["matches"]))]
    started = time.perf_counter()
    stopped = False
    results: list[dict[str, Any]] = []
    try:
        print(f"analysis: {len(tasks)} matches…", file=sys.stderr)
        with progress_bar(len(tasks), "matches", label="analysis") as advance:
            def done(n: int) -> None:
                advance(n)
                if not wanted() and (n % 10 == 0 or n == len(tasks)):  # no bar: a line now and then
                    print(f"analysis: {n} of {len(tasks)} matches analysed", file=sys.stderr, flush=True)

            results = map_in_workers(analyse_one, tasks, args.jobs, done)
    except KeyboardInterrupt:
        stopped = True
    out["seconds"] = time.perf_counter() - started
    out["levels"] = [level_row(level, results) for level in LEVELS] if results else []
    if len(out["levels"]) == 3:
        e, m, h = out["levels"]
        out["order"] = {"means": e["mean_loss"] > m["mean_loss"] > h["mean_loss"],
                        "intervals": e["ci"][0] > m["ci"][1] and m["ci"][0] > h["ci"][1]}
    code = emit("analysis", out, format_report(out), None if stopped else args.json)
    if stopped:
        print("python -m bench analysis: stopped (Ctrl-C) before every match was analysed; nothing reported",
              file=sys.stderr)
        return 130
    return code


def _repeat(args: Any, plan: dict[str, Any], out: dict[str, Any]) -> int:
    seeds = list(range(args.seeds))
    match_seeds = derive_seeds(args.seed, plan["matches"])
    tasks = [(args.variant, args.players, plan["target"], m, plan["guesses"], s) for m in match_seeds for s in seeds]
    started = time.perf_counter()
    try:
        print(f"analysis: {len(tasks)} analyses ({plan['matches']} matches, {args.seeds} seeds)…", file=sys.stderr)
        with progress_bar(len(tasks), "analyses", label="repeatability") as advance:
            flat = map_in_workers(repeat_one, tasks, args.jobs, advance)
    except KeyboardInterrupt:
        print("python -m bench analysis: stopped (Ctrl-C); nothing reported", file=sys.stderr)
        return 130
    runs = [flat[i * len(seeds):(i + 1) * len(seeds)] for i in range(len(match_seeds))]
    out["seconds"] = time.perf_counter() - started
    out["levels"] = []
    out["repeatability"] = dict(repeatability(runs), matches=len(match_seeds), seeds=len(seeds))
    return emit("analysis", out, format_report(out), args.json)
