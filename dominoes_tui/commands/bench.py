"""`dominoes bench`: engine speed (and side by side with the PyPI `dominoes` package),
bot decision time (alone and two at once), bot strength (against our own levels and the
peer's players), and start-up times, as a table (and JSON)."""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

from ..bench import search_report
from ..bench.report import format_report, targets
from ..bench.speed import SPEED_TABLES, peer_partner_rounds, pure_core_rounds, random_rounds
from ..bench.strength import MATCHUPS, STRENGTH_TABLES, head_to_head
from ..bench.timing import TIMING_TABLES, decision_times, two_at_once
from ..bots import CORE as SEARCH_CORE
from ..bots.search import HARD_THINK_MS as DEFAULT_THINK_MS
from ..engine import CORE

LEVELS = ["easy", "heaviest", "medium", "hard"]
PARTS = ("speed", "timing", "strength", "startup", "pairing", "records")

FULL = {"speed_seconds": 3.0, "pair_seconds": 2.0, "pairs": 9, "decisions": 400, "hard_decisions": 40,
        "two_at_once": 100, "units": 100, "hard_units": 40, "peer_units": 100, "strength_think_ms": DEFAULT_THINK_MS,
        "startup_runs": 9, "record_matches": 1000, "board_matches": 100_000}
QUICK = {"speed_seconds": 0.5, "pair_seconds": 0.5, "pairs": 3, "decisions": 120, "hard_decisions": 5,
         "two_at_once": 6, "units": 16, "hard_units": 4, "peer_units": 4, "strength_think_ms": 30.0, "startup_runs": 3,
         "record_matches": 100, "board_matches": 10_000}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quick", action="store_true", help="a smaller run that finishes within a minute or two")
    p.add_argument("--json", metavar="FILE", default=None, help="also write every figure as JSON to FILE ('-': stdout)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="processes for the strength matches (default: 2, the machine's cores)")
    p.add_argument("--only", default=",".join(PARTS),
                   help=f"comma-separated parts to run: {', '.join(PARTS + search_report.SEARCH_PARTS)}")
    p.add_argument("--think-ms", type=float, default=DEFAULT_THINK_MS,
                   help=f"the hard level's time budget per move when timed (default {DEFAULT_THINK_MS:g})")
    p.add_argument("--strength-think-ms", type=float, default=None,
                   help="the hard level's budget in strength matches (default: as --think-ms; 30 with --quick)")
    p.add_argument("--units", type=int, default=None, help="seat-swapped units per medium matchup and table")
    p.add_argument("--hard-units", type=int, default=None, help="seat-swapped units per hard matchup and table")
    p.add_argument("--peer-units", type=int, default=None,
                   help="seat-swapped deals per peer player (two Partner games each; default 100)")
    p.add_argument("--pairs", type=int, default=None, help="alternating ours/peer speed pairs (default 9)")
    p.add_argument("--peer-python", default=None, metavar="PATH",
                   help="a Python with the PyPI `dominoes` package in its own virtual environment: times it side by "
                        "side and plays the hard level against its players; or one with OpenSpiel, for the ismcts part")
    search_report.add_arguments(p)


def _plan(args: argparse.Namespace) -> dict[str, Any]:
    plan = dict(QUICK if args.quick else FULL)
    if args.strength_think_ms is not None:
        plan["strength_think_ms"] = args.strength_think_ms
    elif not args.quick:
        plan["strength_think_ms"] = args.think_ms
    for key in ("units", "hard_units", "peer_units", "pairs"):
        if getattr(args, key) is not None:
            plan[key] = getattr(args, key)
    return plan


def _run_parts(args: argparse.Namespace, parts: list[str], plan: dict[str, Any], out: dict[str, Any],
               progress: Any) -> str | None:
    """Run the parts asked for into `out`. Ctrl-C stops at once and returns the part it
    stopped in: what finished before is in `out` and is reported (no traceback)."""
    from .progress import progress_bar

    doing = ""
    try:
        if "speed" in parts:
            doing = "speed"
            print("bench: engine speed…", file=progress)
            out["core"] = CORE
            out["speed"] = []
            for v, p in SPEED_TABLES:  # each table compiled, then from the sources, side by side
                row = random_rounds(v, p, plan["speed_seconds"], args.seed)
                row["pure"] = pure_core_rounds(v, p, plan["speed_seconds"], args.seed)
                out["speed"].append(row)
            print(f"bench: side by side with the peer, {plan['pairs']} pairs…", file=progress)
            out["peer"] = peer_partner_rounds(args.peer_python, plan["pair_seconds"], args.seed, plan["pairs"])
        if "timing" in parts:
            doing = "timing"
            out["timing"] = []
            for v, p in TIMING_TABLES:
                print(f"bench: decision times, {v} {p}p…", file=progress)
                times = decision_times(v, p, LEVELS, plan["decisions"], plan["hard_decisions"], args.seed, args.think_ms)
                out["timing"].append({"variant": v, "players": p, "levels": times})
            print("bench: two hard bots thinking at once…", file=progress)
            out["two_at_once"] = [two_at_once("partner", 4, plan["two_at_once"], args.seed, args.think_ms)]
        if "strength" in parts:
            doing = "strength"
            out["strength"] = []
            for matchup in MATCHUPS:
                hard = "hard" in (matchup.strong, matchup.weak)
                units = plan["hard_units"] if hard else plan["units"]
                for v, p in STRENGTH_TABLES:
                    print(f"bench: {matchup.name}, {v} {p}p, {units} units…", file=progress)
                    with progress_bar(units, "units", label=f"{matchup.name}, {v} {p}p") as advance:
                        out["strength"].append(head_to_head(v, p, matchup, units, args.seed, args.jobs,
                                                            plan["strength_think_ms"] if hard else None, advance))
            if args.peer_python and os.path.exists(args.peer_python):
                from ..bench.peer_strength import peer_strength

                out["peer_strength"] = []
                for kind in ("alphabeta", "heaviest"):
                    print(f"bench: hard vs the peer's {kind}, {plan['peer_units']} deals…", file=progress)
                    out["peer_strength"].append(peer_strength(args.peer_python, kind, plan["peer_units"], args.seed,
                                                              plan["strength_think_ms"], args.jobs))
        if "pairing" in parts:
            doing = "pairing"
            from ..bench.pairing import PAIRING_FORMATS, pairing_times

            print("bench: pairing and seating a round for 100 entrants…", file=progress)
            out["pairing"] = [pairing_times(v, f, p, 100, 5, args.seed) for v, f, p in PAIRING_FORMATS]
            from ..bench.hosted_round import hosted_round_times

            print("bench: pairing and seating a hosted round for 100 entrants (a server in this process)…", file=progress)
            out["pairing"].append(hosted_round_times(100, 5, args.seed))
        if "startup" in parts:
            doing = "startup"
            from ..bench.startup import startup_times

            print("bench: start-up times…", file=progress)
            out["startup"] = startup_times(plan["startup_runs"])
        if "records" in parts:
            doing = "records"  # bench/records.py: the club records on SQLite
            from ..bench.records import records_bench

            print(f"bench: records, {plan['record_matches']} recorded, a leaderboard over {plan['board_matches']:,}…",
                  file=progress)
            out["records"] = records_bench(plan["record_matches"], plan["board_matches"], args.seed)
        doing = "search"
        search_report.run(args, parts, out)
    except KeyboardInterrupt:
        return doing or "the start"
    return None


def run(args: argparse.Namespace) -> int:
    plan = _plan(args)
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS + search_report.SEARCH_PARTS]
    if unknown:
        allowed = ", ".join(PARTS + search_report.SEARCH_PARTS)
        print(f"dominoes bench: unknown part {unknown[0]!r}; allowed: {allowed}", file=sys.stderr)
        return 2
    if plan["pairs"] < 1:
        print("dominoes bench: --pairs must be at least 1", file=sys.stderr)
        return 2
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    out: dict[str, Any] = {
        "quick": args.quick, "seed": args.seed, "plan": plan, "think_ms": args.think_ms,
        "machine": {"python": platform.python_version(), "cores": os.cpu_count(), "platform": platform.platform(),
                    "load": None if load is None else round(load, 2)},
        "search_core": SEARCH_CORE,
    }
    progress = sys.stderr
    stopped = _run_parts(args, parts, plan, out, progress)
    if stopped:
        out["stopped_in"] = stopped  # a report of the parts (and tables) that finished
    out["seconds"] = time.perf_counter() - started
    out["targets"] = targets(out)
    print("\n".join([format_report(out), *search_report.format_report(out)]))
    if stopped:
        print(f"dominoes bench: stopped (Ctrl-C) during the {stopped} part; the report covers what finished before",
              file=sys.stderr)
        return 130
    if args.json:
        text = json.dumps(out, indent=2, default=str)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(text + "\n")
    return 0
