"""The two search studies, `python -m bench search` and `python -m bench ismcts`:

- `search`: expert and hard against the other levels in every variant, hard against
  the flat sampler it replaced, and a player who sees every hand against hard, the
  ceiling of what play can change (search_strength.py, clairvoyant.py);
- `ismcts`: our levels against OpenSpiel's ISMCTS through `--peer-python` (ismcts_peer.py).

Both are long (a full `ismcts` row is 100 games of Partner at a second a move); `--quick`
is a smoke run at a tenth of the budgets.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from bench.ismcts_peer import format_rows as format_ismcts
from bench.ismcts_peer import peer_version, versus_ismcts
from bench.search_strength import SEARCH_MATCHUPS, SEARCH_TABLES, search_row
from bench.search_strength import format_rows as format_search
from bench.study import emit, machine, parser

SEARCH_PARTS = ("search", "ismcts")
# (our level, its budget in ms or None, ISMCTS simulations or None, ISMCTS ms a move or None)
ISMCTS_ROWS: dict[str, list[tuple[str, float | None, int | None, float | None]]] = {
    "goal": [("expert", 1000.0, None, 1000.0), ("hard", 200.0, 200, None)],
    "issue": [("medium", None, 200, None), ("medium", None, 500, None), ("hard", 200.0, 600, None),
              ("hard", 200.0, 1000, None)],
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--search-units", type=int, default=None,
                   help="seat-swapped units per table in the `search` part (default 20; 2 with --quick)")
    p.add_argument("--matchup", action="append", default=None, metavar="STRONG,WEAK",
                   help="instead of the usual matchups, these (repeatable; e.g. hard,base:hard: today's hard "
                        "against another build's, bench/levels.py)")
    p.add_argument("--tables", default=None, metavar="V:N,...",
                   help="only these tables of the `search` part (e.g. draw:2,partner:4; default every table)")
    p.add_argument("--ismcts-units", type=int, default=None,
                   help="deals, each played both ways, per `ismcts` row (default 50; 2 with --quick)")
    p.add_argument("--ismcts-rows", choices=sorted(ISMCTS_ROWS) + ["all"], default="goal",
                   help="goal: expert and hard against ISMCTS as the issue's goals set them; "
                        "issue: the issue's table (medium and hard); all: both")


# --quick is a smoke run: small budgets, in the same ratio as the real ones
QUICK_SPECS = {"expert": "expert:150", "hard": "hard:30", "flat": "flat:30"}

def run(args: argparse.Namespace, parts: list[str], out: dict[str, Any]) -> None:
    quick = args.quick
    if "search" in parts:
        units = args.search_units or (2 if quick else 20)
        rows = []
        matchups = SEARCH_MATCHUPS if not args.matchup else tuple(
            (*m.split(",", 1), 0.5, 1 / 3) for m in args.matchup)
        tables = SEARCH_TABLES if not args.tables else tuple(
            (t.split(":")[0], int(t.split(":")[1])) for t in args.tables.split(","))
        for strong, weak, two, three in matchups:
            if quick:
                strong, weak = QUICK_SPECS.get(strong, strong), QUICK_SPECS.get(weak, weak)
            for v, n in tables:
                print(f"bench: {strong} vs {weak}, {v} {n}p, {units} units…", file=sys.stderr)
                rows.append(search_row(v, n, strong, weak, units, args.seed, args.jobs, two, three))
        out["search"] = rows
    if "ismcts" in parts:
        version, why = peer_version(args.peer_python)
        section: dict[str, Any] = {"version": version, "why": why, "rows": []}
        if version:
            units = args.ismcts_units or (2 if quick else 50)
            plan = ISMCTS_ROWS["goal"] + ISMCTS_ROWS["issue"] if args.ismcts_rows == "all" else ISMCTS_ROWS[args.ismcts_rows]
            for level, ms, sims, peer_ms in plan:
                if quick:
                    ms, sims, peer_ms = (ms and ms / 10), (sims and max(5, sims // 20)), (peer_ms and peer_ms / 10)
                print(f"bench: {level} against ISMCTS ({sims or peer_ms}), {units} deals…", file=sys.stderr)
                section["rows"].append(versus_ismcts(args.peer_python, level, ms, units, args.seed, args.jobs,
                                                     sims=sims, peer_ms=peer_ms))
        out["ismcts"] = section


def format_report(out: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    if "search" in out:
        lines += ["", "Search levels against the others, every variant (seat-swapped, 95% CI over units)", ""]
        lines += format_search(out["search"])
    if "ismcts" in out:
        section = out["ismcts"]
        lines += ["", "Against OpenSpiel's ISMCTS: Partner, one hand, win/loss, c=1, 8 random rollouts a leaf,"
                  " pass-aware guesses; each deal played both ways", ""]
        if section["version"]:
            lines.append(f"  OpenSpiel {section['version']}")
            lines += format_ismcts(section["rows"])
        else:
            lines.append(f"  not measured ({section['why']})")
    return lines


def _main(part: str, description: str, argv: list[str] | None) -> int:
    p = parser(part, description)
    p.add_argument("--peer-python", default=None, metavar="PATH",
                   help="a Python with OpenSpiel in its own virtual environment (the ismcts study)")
    add_arguments(p)
    args = p.parse_args(argv)
    if args.jobs < 1:
        print(f"python -m bench {part}: --jobs must be at least 1", file=sys.stderr)
        return 2
    out: dict[str, Any] = {"study": part, "quick": args.quick, "seed": args.seed, "machine": machine()}
    started = time.perf_counter()
    try:
        run(args, [part], out)
    except KeyboardInterrupt:
        print(f"python -m bench {part}: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    out["seconds"] = time.perf_counter() - started
    return emit(part, out, [*format_report(out), "", f"  the study took {out['seconds']:.1f} s"], args.json)


def main_search(argv: list[str] | None = None) -> int:
    return _main("search", "expert and hard against the other levels in every variant, hard against the flat "
                 "sampler it replaced, and a player who sees every hand against hard", argv)


def main_ismcts(argv: list[str] | None = None) -> int:
    return _main("ismcts", "our levels against OpenSpiel's ISMCTS in Partner, through --peer-python", argv)
