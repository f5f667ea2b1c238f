"""`dominoes simulate`: bot-only matches, headless, with a summary and optional log.

Any number of matches in flat memory: each match is summed into the tally as it ends and
its log lines are written as they come (to a temporary file that replaces the log at the
end, so a stopped run never leaves half a log). `--jobs N` plays on N processes; every
match has its own seed from the run's seed and its bots their own RNGs, and results come
back in match order, so a seed gives the same summary and the same log whatever N is.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..engine import VARIANTS, ConfigError, TableConfig, make_config
from .simulate_run import Tally, UsageError, parse_bot_specs, parse_options, play_all

__all__ = ["UsageError", "parse_options", "parse_bot_specs", "run", "add_arguments", "format_summary"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="draw", help=f"one of {', '.join(VARIANTS)} (default draw)")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the variant's smallest)")
    p.add_argument("--bots", default="random", help="a level per seat, comma separated (one level fills every seat)")
    p.add_argument("--matches", type=int, default=10, help="how many matches (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--target", type=int, default=None, help="target score (Kozel: the losing limit)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a table option of docs/RULES.md §4")
    p.add_argument("--log", default=None, metavar="FILE", help="write every match to this JSON Lines game log")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="processes to play on (default: every core); the results do not depend on it")
    p.add_argument("--record", action="store_true", help="add the matches to the club records (bot ratings)")
    p.add_argument("--db", default=None, metavar="URL", help="with --record: the records' database (see dominoes stats)")


def _config_from(args: argparse.Namespace) -> TableConfig:
    return make_config(args.variant, args.players, args.target, parse_options(args.option))


def run(args: argparse.Namespace) -> int:
    import random

    from ..bots import BotSpecError, make_bot

    try:
        if args.matches < 1:
            raise UsageError("--matches must be at least 1")
        jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
        if jobs < 1:
            raise UsageError("--jobs must be at least 1")
        config = _config_from(args)
        specs = parse_bot_specs(args.bots, config.players)
        for spec in specs:  # fail before playing anything
            make_bot(spec, random.Random(0), "check").close()
    except (ConfigError, UsageError, BotSpecError) as exc:
        print(f"dominoes simulate: {exc}", file=sys.stderr)
        return 2
    from .progress import progress_bar  # only when it runs: `simulate --help` stays light

    tally = Tally(config, specs)
    recorder = None
    if args.record:
        from .stats import SimulationRecorder

        recorder = SimulationRecorder(args.db)
    try:
        with progress_bar(args.matches, "matches", quiet=args.json) as advance:
            finished = play_all(config, specs, args.matches, args.seed, jobs, tally, args.log,
                                recorder.add if recorder else None, advance)
    except OSError as exc:
        print(f"dominoes simulate: cannot write {args.log}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # a second Ctrl-C: stop at once
        print(f"dominoes simulate: stopped at once after {tally.matches} matches; no log written", file=sys.stderr)
        return 130
    if not finished:
        where = f"; {args.log} holds them" if args.log else ""
        print(f"dominoes simulate: stopped (Ctrl-C) after {tally.matches} of {args.matches} matches{where}",
              file=sys.stderr)
    if tally.matches == 0:
        return 130
    summary = tally.summary()
    if recorder is not None and not recorder.finish():
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_summary(summary))
    return 0 if finished else 130


def _count(x: float) -> str:
    """A number of wins: whole, or with two decimals where a Kozel win was shared."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.2f}"


def format_summary(s: dict[str, Any]) -> str:
    rules = VARIANTS[s["variant"]].title
    penalty = s["variant"] == "kozel"
    width = max(44, *(len(side["name"]) for side in s["sides"]))  # an outside bot's command may be long
    won_width = max(7, *(len(_count(side["wins"])) for side in s["sides"]))
    matches = f"{s['matches']} match{'es' if s['matches'] != 1 else ''}"
    lines = [
        f"{rules}, {s['players']} players, {'limit' if penalty else 'target'} {s['target']}: {matches}",
        "",
        f"  {'side':<{width}} {'won':>{won_width}} {'share':>6} {'avg pts':>8}" + (f" {'kozel':>6}" if penalty else ""),
    ]
    for side in s["sides"]:
        row = (f"  {side['name']:<{width}} {_count(side['wins']):>{won_width}} {side['win_rate']:>6.1%}"
               f" {side['average_points']:>8.1f}")
        if penalty:
            row += f" {side['kozel']:>6}"
        lines.append(row)
    lines += [
        "",
        f"  rounds per match: {s['rounds_per_match']:.1f}",
        f"  match time: average {s['average_match_seconds'] * 1000:.2f} ms, longest {s['longest_match_seconds'] * 1000:.2f} ms,"
        f" total {s['total_seconds']:.2f} s" + (f" on {s['jobs']} processes" if s.get("jobs", 1) > 1 else ""),
    ]
    if s["notes"]:
        total = s.get("notes_total", len(s["notes"]))
        lines += ["", "  notes:"] + [f"    {n}" for n in s["notes"][:20]]
        if total > 20:
            lines.append(f"    … and {total - 20} more")
    return "\n".join(lines)
