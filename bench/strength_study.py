"""`python -m bench strength`: the levels head to head, and hard against the PyPI
`dominoes` package's players.

Seat-swapped matches on the same deals (strength.py): medium against easy and against
heaviest-first, hard against medium, in Draw 2p/3p, All Fives and Partner, each with the
share of matches and rounds won, its 95% interval and the target it was held to. With
`--peer-python` (a Python with the PyPI `dominoes` package in its own virtual
environment), hard also plays Partner deals against that package's alpha-beta and
heaviest-first players (peer_strength.py, peer_bot.py).
"""
from __future__ import annotations

import math
import os
import sys
import time
from typing import Any

from bench.peer_strength import peer_strength
from bench.strength import MATCHUPS, STRENGTH_TABLES, head_to_head
from bench.study import emit, machine, parser
from dominoes_tui.bench.report import format_targets
from dominoes_tui.bots.search import HARD_THINK_MS
from dominoes_tui.commands.progress import progress_bar

FULL = {"units": 100, "hard_units": 40, "peer_units": 100, "think_ms": HARD_THINK_MS}
QUICK = {"units": 16, "hard_units": 4, "peer_units": 4, "think_ms": 30.0}


def _ci(lo: float, hi: float) -> str:
    if math.isnan(lo):
        return "n/a"
    return f"{lo:.0%}–{hi:.0%}"


def targets(out: dict[str, Any]) -> list[dict[str, Any]]:
    """The targets each row was held to, with the figure measured and whether it is met."""
    rows: list[dict[str, Any]] = []
    for s in out.get("strength", []):
        if s["target"] is None:
            continue
        op = ">" if s["target_strict"] else ">="
        rows.append({"what": f"{s['matchup']} matches, {s['variant']} {s['players']}p",
                     "target": f"{op} {s['target']:.0%}", "measured": f"{s['match_share']:.1%}", "met": s["target_met"]})
    for s in out.get("peer_strength", []):
        rows.append({"what": f"{s['level']} vs {s['opponent'][14:]}, partner games", "target": f">= {s['target']:.0%}",
                     "measured": f"{s['share']:.1%}", "met": s["target_met"]})
    return rows


def format_report(out: dict[str, Any]) -> list[str]:
    lines = ["", "Strength: seat-swapped head-to-head on the same deals (95% CI over units)", ""]
    lines.append(f"  {'matchup':<20} {'table':<12} {'matches':>7} {'match share':>11} {'95% CI':>10}"
                 f" {'rounds':>6} {'round share':>11} {'95% CI':>10}  target")
    for s in out.get("strength", []):
        name = s["matchup"] + (f" ({s['hard_think_ms']:g}ms)" if s["hard_think_ms"] else "")
        target = "—" if s["target"] is None else (">" if s["target_strict"] else "≥") + f"{s['target']:.0%}"
        verdict = "" if s["target_met"] is None else (" met" if s["target_met"] else " MISSED")
        lines.append(
            f"  {name:<20} {s['variant'] + ' ' + str(s['players']) + 'p':<12} {s['matches']:>7} {s['match_share']:>11.1%}"
            f" {_ci(*s['match_ci']):>10} {s['rounds']:>6} {s['round_share']:>11.1%} {_ci(*s['round_ci']):>10}"
            f"  {target}{verdict}"
        )
    peer = out.get("peer_strength")
    if peer is None:
        lines += ["", f"  against the PyPI dominoes players: not measured ({out.get('peer_why', '')})"]
    for s in peer or []:
        lines.append(f"  {s['level']} ({s['think_ms']:g}ms) vs {s['opponent']}: partner games {s['games']},"
                     f" won {s['games_won']:g} = {s['share']:.1%} ({_ci(*s['ci'])}), target ≥{s['target']:.0%}"
                     f" {'met' if s['target_met'] else 'MISSED'}")
        for note in s.get("notes", [])[:3]:
            lines.append(f"    note: {note}")
    if out["quick"]:
        lines += ["", f"  --quick: the hard level plays with {out['plan']['think_ms']:g} ms a move and few matches;"
                  " judge the targets on a full run."]
    lines += format_targets(out.get("targets"))
    lines += ["", f"  the study took {out['seconds']:.1f} s"]
    return lines


def _run(out: dict[str, Any], plan: dict[str, Any], seed: int, jobs: int, peer_python: str | None) -> None:
    out["strength"] = []
    for matchup in MATCHUPS:
        hard = "hard" in (matchup.strong, matchup.weak)
        units = plan["hard_units"] if hard else plan["units"]
        for v, p in STRENGTH_TABLES:
            print(f"strength: {matchup.name}, {v} {p}p, {units} units…", file=sys.stderr)
            with progress_bar(units, "units", label=f"{matchup.name}, {v} {p}p") as advance:
                out["strength"].append(head_to_head(v, p, matchup, units, seed, jobs,
                                                    plan["think_ms"] if hard else None, advance))
    if not peer_python:
        out["peer_why"] = "no --peer-python given"
    elif not os.path.exists(peer_python):
        out["peer_why"] = f"{peer_python} does not exist"
    else:
        out["peer_strength"] = []
        for kind in ("alphabeta", "heaviest"):
            print(f"strength: hard vs the peer's {kind}, {plan['peer_units']} deals…", file=sys.stderr)
            out["peer_strength"].append(peer_strength(peer_python, kind, plan["peer_units"], seed, plan["think_ms"], jobs))


def main(argv: list[str] | None = None) -> int:
    p = parser("strength", __doc__.split("\n\n")[0] if __doc__ else "")
    p.add_argument("--think-ms", type=float, default=None,
                   help=f"the hard level's budget a move (default {HARD_THINK_MS:g}; 30 with --quick)")
    p.add_argument("--units", type=int, default=None,
                   help="seat-swapped units per table of the matchups without hard (default 100; 16 with --quick)")
    p.add_argument("--hard-units", type=int, default=None,
                   help="seat-swapped units per table of hard vs medium (default 40; 4 with --quick)")
    p.add_argument("--peer-python", default=None, metavar="PATH",
                   help="a Python with the PyPI `dominoes` package: hard also plays its players")
    p.add_argument("--peer-units", type=int, default=None,
                   help="seat-swapped deals per peer player (two Partner games each; default 100; 4 with --quick)")
    args = p.parse_args(argv)
    plan = dict(QUICK if args.quick else FULL)
    for key in ("think_ms", "units", "hard_units", "peer_units"):
        if getattr(args, key) is not None:
            plan[key] = getattr(args, key)
    if min(plan["units"], plan["hard_units"], plan["peer_units"], args.jobs) < 1:
        print("python -m bench strength: --units, --hard-units, --peer-units and --jobs are at least 1", file=sys.stderr)
        return 2
    out: dict[str, Any] = {"study": "strength", "quick": args.quick, "seed": args.seed, "plan": plan,
                           "machine": machine()}
    started = time.perf_counter()
    stopped = False
    try:
        _run(out, plan, args.seed, args.jobs, args.peer_python)
    except KeyboardInterrupt:  # report what finished; no traceback
        stopped = True
    out["seconds"] = time.perf_counter() - started
    out["targets"] = targets(out)
    code = emit("strength", out, format_report(out), None if stopped else args.json)
    if stopped:
        print("python -m bench strength: stopped (Ctrl-C); the report covers what finished before", file=sys.stderr)
        return 130
    return code
