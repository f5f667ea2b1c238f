"""`dominoes bench`: engine speed, bot decision time and bot strength, as a table (and JSON)."""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from typing import Any

from ..bench.speed import SPEED_TABLES, peer_partner_rounds, random_rounds
from ..bench.strength import MATCHUPS, STRENGTH_TABLES, head_to_head
from ..bench.timing import TIMING_TABLES, decision_times
from ..bots.hard import DEFAULT_THINK_MS

LEVELS = ["easy", "heaviest", "medium", "hard"]
PARTS = ("speed", "timing", "strength", "pairing")

FULL = {"speed_seconds": 3.0, "decisions": 400, "hard_decisions": 40, "units": 100, "hard_units": 40,
        "strength_think_ms": DEFAULT_THINK_MS}
QUICK = {"speed_seconds": 0.5, "decisions": 120, "hard_decisions": 5, "units": 16, "hard_units": 4,
         "strength_think_ms": 30.0}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quick", action="store_true", help="a smaller run that finishes within a minute")
    p.add_argument("--json", metavar="FILE", default=None, help="also write every figure as JSON to FILE ('-': stdout)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="processes for the strength matches (default: 2, the machine's cores)")
    p.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts to run: {', '.join(PARTS)}")
    p.add_argument("--think-ms", type=float, default=DEFAULT_THINK_MS,
                   help=f"the hard level's time budget per move when timed (default {DEFAULT_THINK_MS:g})")
    p.add_argument("--strength-think-ms", type=float, default=None,
                   help="the hard level's budget in strength matches (default: as --think-ms; 30 with --quick)")
    p.add_argument("--units", type=int, default=None, help="seat-swapped units per medium matchup and table")
    p.add_argument("--hard-units", type=int, default=None, help="seat-swapped units per hard matchup and table")
    p.add_argument("--peer-python", default=None, metavar="PATH",
                   help="a Python with the PyPI `dominoes` package in its own virtual environment, to time it side by side")


def run(args: argparse.Namespace) -> int:
    plan = dict(QUICK if args.quick else FULL)
    if args.strength_think_ms is not None:
        plan["strength_think_ms"] = args.strength_think_ms
    elif not args.quick:
        plan["strength_think_ms"] = args.think_ms
    if args.units is not None:
        plan["units"] = args.units
    if args.hard_units is not None:
        plan["hard_units"] = args.hard_units
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        print(f"dominoes bench: unknown part {unknown[0]!r}; allowed: {', '.join(PARTS)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    out: dict[str, Any] = {
        "quick": args.quick, "seed": args.seed, "plan": plan, "think_ms": args.think_ms,
        "machine": {"python": platform.python_version(), "cores": os.cpu_count(), "platform": platform.platform()},
    }
    progress = sys.stderr

    if "speed" in parts:
        print("bench: engine speed…", file=progress)
        out["speed"] = [random_rounds(v, p, plan["speed_seconds"], args.seed) for v, p in SPEED_TABLES]
        out["peer"] = peer_partner_rounds(args.peer_python, 2 * plan["speed_seconds"], args.seed)
    if "timing" in parts:
        out["timing"] = []
        for v, p in TIMING_TABLES:
            print(f"bench: decision times, {v} {p}p…", file=progress)
            times = decision_times(v, p, LEVELS, plan["decisions"], plan["hard_decisions"], args.seed, args.think_ms)
            out["timing"].append({"variant": v, "players": p, "levels": times})
    if "strength" in parts:
        out["strength"] = []
        for matchup in MATCHUPS:
            hard = "hard" in (matchup.strong, matchup.weak)
            units = plan["hard_units"] if hard else plan["units"]
            for v, p in STRENGTH_TABLES:
                print(f"bench: {matchup.name}, {v} {p}p, {units} units…", file=progress)
                out["strength"].append(head_to_head(v, p, matchup, units, args.seed, args.jobs,
                                                    plan["strength_think_ms"] if hard else None))
    if "pairing" in parts:
        from ..bench.pairing import PAIRING_FORMATS, pairing_times

        print("bench: pairing and seating a round for 100 entrants…", file=progress)
        out["pairing"] = [pairing_times(v, f, p, 100, 5, args.seed) for v, f, p in PAIRING_FORMATS]
    out["seconds"] = time.perf_counter() - started
    out["targets"] = targets(out)
    print(format_report(out))
    if args.json:
        text = json.dumps(out, indent=2, default=_nan_safe)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text + "\n")
    return 0


def _nan_safe(value: Any) -> Any:  # pragma: no cover - json fallback
    return str(value)


def targets(out: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, each with the figure measured and whether it is met."""
    rows: list[dict[str, Any]] = []
    for s in out.get("strength", []):
        if s["target"] is None:
            continue
        op = ">" if s["target_strict"] else ">="
        rows.append({"what": f"{s['matchup']} matches, {s['variant']} {s['players']}p",
                     "target": f"{op} {s['target']:.0%}", "measured": f"{s['match_share']:.1%}", "met": s["target_met"]})
    for t in out.get("timing", []):
        hard, medium = t["levels"].get("hard", {}), t["levels"].get("medium", {})
        if hard.get("decisions"):
            rows.append({"what": f"hard p95 decision time, {t['variant']} {t['players']}p", "target": "<= 250 ms",
                         "measured": f"{hard['p95_ms']:.1f} ms", "met": hard["p95_ms"] <= 250})
        if medium.get("decisions"):
            rows.append({"what": f"medium median decision time, {t['variant']} {t['players']}p", "target": "< 1 ms",
                         "measured": f"{medium['median_ms']:.3f} ms", "met": medium["median_ms"] < 1})
    for s in out.get("speed", []):
        if s["variant"] == "draw" and s["players"] == 2:
            rows.append({"what": "random 2-player Draw rounds per second", "target": ">= 2000",
                         "measured": f"{s['rounds_per_second']:.0f}", "met": s["rounds_per_second"] >= 2000})
    peer = out.get("peer")
    if peer is not None:
        if peer.get("measured"):
            rows.append({"what": "random Partner rounds/s, ours / PyPI dominoes (paired median)", "target": ">= 1.00",
                         "measured": f"{peer['median_ratio']:.2f}", "met": peer["median_ratio"] >= 1.0})
        else:
            rows.append({"what": "random Partner rounds per second vs PyPI dominoes", "target": "peer",
                         "measured": "not measured", "met": None})
    return rows


def _ci(lo: float, hi: float) -> str:
    if math.isnan(lo):
        return "n/a"
    return f"{lo:.0%}–{hi:.0%}"


def format_report(out: dict[str, Any]) -> str:
    lines = [f"dominoes bench{' --quick' if out['quick'] else ''} (seed {out['seed']}, "
             f"Python {out['machine']['python']}, {out['machine']['cores']} cores)"]
    if "speed" in out:
        lines += ["", "Engine speed: random-vs-random complete rounds per second (best and median of the runs)", ""]
        lines.append(f"  {'table':<14} {'rounds':>8} {'seconds':>8} {'best/s':>10} {'median/s':>10}")
        for s in out["speed"]:
            lines.append(f"  {s['variant'] + ' ' + str(s['players']) + 'p':<14} {s['rounds']:>8} {s['seconds']:>8.2f}"
                         f" {s['rounds_per_second']:>10.0f} {s['median_rounds_per_second']:>10.0f}")
        peer = out.get("peer", {})
        if peer.get("measured"):
            lines += ["", f"  Side by side, {peer['pairs']} alternating runs each: partner 4p random rounds per second", ""]
            lines.append(f"  {'ours':<14} {'':>8} {'':>8} {peer['ours_rounds_per_second']:>10.0f} {peer['ours_median_rounds_per_second']:>10.0f}")
            lines.append(f"  {'PyPI dominoes ' + str(peer.get('version') or ''):<32} {peer['rounds_per_second']:>10.0f}"
                         f" {peer['median_rounds_per_second']:>10.0f}")
            lines.append(f"  ours / peer, median of the pairs: {peer['median_ratio']:.2f}")
        else:
            lines.append(f"  partner 4p, PyPI dominoes: not measured ({peer.get('why', '')})")
    if "timing" in out:
        lines += ["", f"Decision time per level (ms; hard budget {out['think_ms']:g} ms)", ""]
        lines.append(f"  {'table':<14} {'level':<9} {'n':>5} {'median':>9} {'p95':>9} {'max':>9}")
        for t in out["timing"]:
            for level, st in t["levels"].items():
                if not st.get("decisions"):
                    continue
                lines.append(f"  {t['variant'] + ' ' + str(t['players']) + 'p':<14} {level:<9} {st['decisions']:>5}"
                             f" {st['median_ms']:>9.3f} {st['p95_ms']:>9.3f} {st['max_ms']:>9.3f}")
    if "strength" in out:
        lines += ["", "Strength: seat-swapped head-to-head on the same deals (95% CI over units)", ""]
        lines.append(f"  {'matchup':<20} {'table':<12} {'matches':>7} {'match share':>11} {'95% CI':>10}"
                     f" {'rounds':>6} {'round share':>11} {'95% CI':>10}  target")
        for s in out["strength"]:
            name = s["matchup"] + (f" ({s['hard_think_ms']:g}ms)" if s["hard_think_ms"] else "")
            target = "—" if s["target"] is None else (">" if s["target_strict"] else "≥") + f"{s['target']:.0%}"
            verdict = "" if s["target_met"] is None else (" met" if s["target_met"] else " MISSED")
            lines.append(
                f"  {name:<20} {s['variant'] + ' ' + str(s['players']) + 'p':<12} {s['matches']:>7} {s['match_share']:>11.1%}"
                f" {_ci(*s['match_ci']):>10} {s['rounds']:>6} {s['round_share']:>11.1%} {_ci(*s['round_ci']):>10}"
                f"  {target}{verdict}"
            )
    if "pairing" in out:
        lines += ["", "Tournament: pairing and seating one round (rounds 2-5, made-up results)", ""]
        lines.append(f"  {'format':<24} {'entrants':>8} {'median ms':>10} {'max ms':>10}")
        for r in out["pairing"]:
            name = f"{r['variant']} {r['format']}" + (f" {r['players']}p" if r["players"] else "")
            lines.append(f"  {name:<24} {r['entrants']:>8} {r['median_ms']:>10.1f} {r['max_ms']:>10.1f}")
    if out["quick"] and "strength" in out:
        lines += ["", f"  --quick: the hard level plays with {out['plan']['strength_think_ms']:g} ms a move and few matches;"
                  " judge the targets on a full run."]
    if out.get("targets"):
        lines += ["", "Targets", ""]
        for row in out["targets"]:
            mark = {True: "met", False: "MISSED", None: "-"}[row["met"]]
            lines.append(f"  {row['what']:<58} {row['target']:>10} {row['measured']:>14}  {mark}")
    lines += ["", f"  bench took {out['seconds']:.1f} s"]
    return "\n".join(lines)
