"""`dominoes bench`: engine speed (and side by side with the PyPI `dominoes` package),
bot decision time (alone and two at once), start-up times, tournament pairing and the
club records, as a table (and JSON): what a player or a host may want to know of their
machine. The research studies (bot strength, the search levels, OpenSpiel's ISMCTS) run
from a checkout: `python -m bench` (bench/README.md)."""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

from ..bench.report import format_report, targets
from ..bench.speed import SPEED_TABLES, peer_partner_rounds, pure_core_rounds, random_rounds
from ..bench.timing import TIMING_TABLES, decision_times, two_at_once
from ..bots import CORE as SEARCH_CORE
from ..bots.search import HARD_THINK_MS as DEFAULT_THINK_MS
from ..engine import CORE
from ..i18n import _, pgettext
from ..i18n.os_words import os_words

LEVELS = ["easy", "heaviest", "medium", "hard"]
PARTS = ("speed", "timing", "startup", "pairing", "records", "analysis")
# parts of this command once, studies of the checkout's bench/ now (see its README)
STUDIES = ("strength", "search", "ismcts")

FULL = {"speed_seconds": 3.0, "pair_seconds": 2.0, "pairs": 9, "decisions": 400, "hard_decisions": 40,
        "two_at_once": 100, "startup_runs": 9, "record_matches": 1000, "board_matches": 100_000,
        "analysis_matches": 5}
QUICK = {"speed_seconds": 0.5, "pair_seconds": 0.5, "pairs": 3, "decisions": 120, "hard_decisions": 5,
         "two_at_once": 6, "startup_runs": 3, "record_matches": 100, "board_matches": 10_000,
         "analysis_matches": 1}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = _("Parts: speed (complete random rounds a second in every variant, compiled and from the sources; "
                 "with --peer-python side by side with PyPI dominoes), timing (each level's decision times, and two "
                 "hard bots thinking at once), startup (dominoes --help, dominoes bot, the first screens), pairing "
                 "(a tournament round of 100 entrants, also on a table server) and records (the club records on "
                 "SQLite). Bot strength, the search levels and OpenSpiel's ISMCTS are research studies, run from a "
                 "checkout: python -m bench (see bench/README.md).")
    p.add_argument("--quick", action="store_true", help=_("a smaller run that finishes within a minute or two"))
    p.add_argument("--json", metavar=pgettext("metavar", "FILE"), default=None,
                   help=_("also write every figure as JSON to FILE ('-': stdout)"))
    p.add_argument("--seed", type=int, default=1, help=_("seed of the whole run (default 1)"))
    p.add_argument("--only", default=",".join(PARTS),
                   help=_("comma-separated parts to run: {parts}").format(parts=",".join(PARTS)))  # as typed
    p.add_argument("--think-ms", type=float, default=DEFAULT_THINK_MS,
                   help=_("the hard level's time budget per move when timed (default {ms})").format(
                       ms=f"{DEFAULT_THINK_MS:g}"))
    p.add_argument("--pairs", type=int, default=None, help=_("alternating ours/peer speed pairs (default 9)"))
    p.add_argument("--peer-python", default=None, metavar=pgettext("metavar", "PATH"),
                   help=_("a Python with the PyPI `dominoes` package in its own virtual environment: "
                          "its engine is timed side by side with ours"))


def _plan(args: argparse.Namespace) -> dict[str, Any]:
    plan = dict(QUICK if args.quick else FULL)
    if args.pairs is not None:
        plan["pairs"] = args.pairs
    return plan


def _run_parts(args: argparse.Namespace, parts: list[str], plan: dict[str, Any], out: dict[str, Any],
               progress: Any) -> str | None:
    """Run the parts asked for into `out`. Ctrl-C stops at once and returns the part it
    stopped in: what finished before is in `out` and is reported (no traceback)."""
    doing = ""
    try:
        if "speed" in parts:
            doing = "speed"
            print(_("bench: engine speed…"), file=progress)
            out["core"] = CORE
            out["speed"] = []
            for v, p in SPEED_TABLES:  # each table compiled, then from the sources, side by side
                row = random_rounds(v, p, plan["speed_seconds"], args.seed)
                row["pure"] = pure_core_rounds(v, p, plan["speed_seconds"], args.seed)
                out["speed"].append(row)
            if args.peer_python:  # without one the report says the peer was not measured
                print(_("bench: side by side with the peer, {n} pairs…").format(n=plan["pairs"]), file=progress)
            out["peer"] = peer_partner_rounds(args.peer_python, plan["pair_seconds"], args.seed, plan["pairs"])
        if "timing" in parts:
            doing = "timing"
            out["timing"] = []
            for v, p in TIMING_TABLES:
                print(_("bench: decision times, {variant} {players}p…").format(variant=v, players=p), file=progress)
                times = decision_times(v, p, LEVELS, plan["decisions"], plan["hard_decisions"], args.seed, args.think_ms)
                out["timing"].append({"variant": v, "players": p, "levels": times})
            print(_("bench: two hard bots thinking at once…"), file=progress)
            out["two_at_once"] = [two_at_once("partner", 4, plan["two_at_once"], args.seed, args.think_ms)]
        if "pairing" in parts:
            doing = "pairing"
            from ..bench.pairing import PAIRING_FORMATS, pairing_times

            print(_("bench: pairing and seating a round for 100 entrants…"), file=progress)
            out["pairing"] = [pairing_times(v, f, p, 100, 5, args.seed) for v, f, p in PAIRING_FORMATS]
            from ..bench.hosted_round import hosted_round_times

            print(_("bench: pairing and seating a hosted round for 100 entrants (a server in this process)…"),
                  file=progress)
            out["pairing"].append(hosted_round_times(100, 5, args.seed))
        if "startup" in parts:
            doing = "startup"
            from ..bench.startup import startup_times

            print(_("bench: start-up times…"), file=progress)
            out["startup"] = startup_times(plan["startup_runs"])
        if "records" in parts:
            doing = "records"  # bench/records.py: the club records on SQLite
            from ..bench.records import records_bench

            print(_("bench: records, {recorded} recorded, a leaderboard over {board}…").format(
                recorded=plan["record_matches"], board=f"{plan['board_matches']:,}"), file=progress)
            out["records"] = records_bench(plan["record_matches"], plan["board_matches"], args.seed)
        if "analysis" in parts:
            doing = "analysis"
            from ..bench.analysis import analysis_times

            print(_("bench: analysing {count} whole 2-player Draw matches…").format(count=plan["analysis_matches"]),
                  file=progress)
            out["analysis"] = analysis_times(plan["analysis_matches"], args.seed)
    except KeyboardInterrupt:
        return doing or "the start"
    return None


def run(args: argparse.Namespace) -> int:
    plan = _plan(args)
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        line = _("dominoes bench: unknown part {part!r}; allowed: {allowed}").format(
            part=unknown[0], allowed=", ".join(PARTS))
        if unknown[0] in STUDIES:
            line += "; " + _("{part} is a research study: `python -m bench {part}` from a checkout").format(
                part=unknown[0])
        print(line, file=sys.stderr)
        return 2
    if plan["pairs"] < 1:
        print(_("dominoes bench: --pairs must be at least 1"), file=sys.stderr)
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
    print(format_report(out))
    if stopped:
        print(_("dominoes bench: stopped (Ctrl-C) during the {part} part; the report covers what finished before").format(
            part=stopped), file=sys.stderr)
        return 130
    if args.json:
        text = json.dumps(out, indent=2, default=str)
        if args.json == "-":
            print(text)
        else:
            from ..engine.files import atomic_write

            try:
                atomic_write(args.json, text + "\n")
            except OSError as exc:
                print(_("dominoes bench: cannot write {file}: {why}").format(file=args.json, why=os_words(exc)),
                      file=sys.stderr)
                return 1
    return 0
