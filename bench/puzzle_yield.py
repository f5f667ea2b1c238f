"""`python -m bench puzzles`: why some variants give puzzles slowly, per table and reason.

Bot matches are played as `dominoes puzzles --generate` plays them (training/selfplay.py,
the same bots, seeds and order of decisions), and each decision the harvest would look
at is followed through the admission (training/admit.py), unchanged: how many were
tried, and what became of each: admitted (exact, every deal, estimated), or refused and
on which path (one move only; the quick look found no move clearly apart; solved
exactly or in every deal but no move best with a clear lead; estimated but not 15
points and five errors ahead on both streams). A match stops after its `PER_MATCH`
puzzles, as the harvest does. Tables are (variant, players, target); a target of "-"
is the variant's default.
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from bench.study import emit, machine, parser
from dominoes_tui.bots.analysis import decisions
from dominoes_tui.bots.search.pimc import Search
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.training import harvest as harvesting
from dominoes_tui.training.admit import DEALS_IN_PLAY, MOST_DEALS, admit
from dominoes_tui.training.deals import TooMany, every_deal
from dominoes_tui.training.selfplay import PER_MATCH, Table, bot_match, tables
from dominoes_tui.workers import map_in_workers

REASONS = ("exact", "deals", "estimate", "one move", "screen", "exact: no clear best", "deals: no clear best",
           "estimate: too close")


def _path(view: Any, seed: int) -> str:
    """Which of the admission's three ways the position goes (as admit() decides it)."""
    search = Search(view, seeded(seed, "puzzle", "deal"))
    if len(search.keys) < 2:
        return "one move"
    if search.determined:
        return "exact"
    if search.in_play <= DEALS_IN_PLAY:
        try:
            if every_deal(view, MOST_DEALS):
                return "deals"
        except TooMany:
            pass
    return "estimate"


def one_match(task: tuple[str, int, int | None, int]) -> dict[str, Any]:
    match_seed = task[3]
    started = time.perf_counter()
    lines = bot_match(task)
    _match, found = decisions(lines)
    # the harvest's own order (harvest.harvest): shuffled, then near the match's end, then cheap first
    seeded(match_seed, "puzzle", "order").shuffle(found)
    found.sort(key=lambda d: (not harvesting._at_stake(d.view), harvesting._cost(d.view)))
    reasons: Counter[str] = Counter()
    admitted = 0
    for decision in found[:harvesting.TRIES]:
        if admitted >= PER_MATCH:
            break
        path = _path(decision.view, match_seed)
        if path == "one move":
            reasons[path] += 1
            continue
        if not harvesting._screened(decision, match_seed):
            reasons["screen"] += 1
            continue
        got = admit(decision.view, seeded(match_seed, "puzzle", decision.ply).randrange(2**31))
        if got is None:
            reasons[{"exact": "exact: no clear best", "deals": "deals: no clear best"}.get(path,
                                                                                        "estimate: too close")] += 1
        else:
            admitted += 1
            reasons[got.how] += 1
    return {"table": list(task[:3]), "reasons": dict(reasons), "seconds": time.perf_counter() - started}


def main(argv: list[str] | None = None) -> int:
    p = parser("puzzles", "why some variants give puzzles slowly: decisions tried and what became of them")
    p.add_argument("--variant", action="append", default=None, help="only these variants (repeat it)")
    p.add_argument("--matches", type=int, default=3, help="bot matches per table (default 3)")
    args = p.parse_args(argv)
    matches = 1 if args.quick else args.matches
    chosen: list[Table] = tables(args.variant)
    seeds = derive_seeds(args.seed, len(chosen) * matches)
    tasks = [(*t, seeds[i * matches + k]) for i, t in enumerate(chosen) for k in range(matches)]
    try:
        results = map_in_workers(one_match, tasks, args.jobs)
    except KeyboardInterrupt:
        print("python -m bench puzzles: stopped", file=sys.stderr)
        return 130
    rows: dict[Table, Counter[str]] = {}
    seconds: Counter[Table] = Counter()
    for r in results:
        table: Table = (r["table"][0], r["table"][1], r["table"][2])
        rows.setdefault(table, Counter()).update(r["reasons"])
        seconds[table] += r["seconds"]
    lines = [f"{matches} matches a table; tried = decisions followed through; admitted = exact+deals+estimate; "
             "s/puzzle = a worker's seconds (wall) per puzzle admitted",
             f"{'table':<18}{'tried':>6}{'admitted':>9}{'s/puzzle':>13}  " + "  ".join(REASONS)]
    for table, got in rows.items():
        tried = sum(got.values())
        admitted = got["exact"] + got["deals"] + got["estimate"]
        name = f"{table[0]} {table[1]}p {table[2] or '-'}"
        per = f"{seconds[table] / admitted:.0f}" if admitted else "-"
        lines.append(f"{name:<18}{tried:>6}{admitted:>9}{per:>13}  " + "  ".join(str(got[r]) for r in REASONS))
    out = {"seed": args.seed, "quick": args.quick, "machine": machine(), "matches": matches,
           "tables": [{"table": list(t), "reasons": dict(c), "seconds": round(seconds[t], 1)} for t, c in rows.items()]}
    return emit("puzzles", out, lines, args.json)


if __name__ == "__main__":
    sys.exit(main())
