"""`python -m bench exact`: what an exact ending costs, by tiles in play, for every table.

Rounds of medium bots are played; whenever a round reaches a count of tiles in play (the
hands and what can still be drawn), its position as it truly is, every hand and the
boneyard's order known, is solved to the round's end by the search's exact solver
(bots/search/exact.py), from the mover's side. The table gives, per count, the median and
95th percentile of the nodes and the milliseconds a solve took, and how many of them a
budget of `--nodes` nodes could not finish. Where a guess's rest is solved instead of
played out (pimc.solve_at) is chosen from these figures: a guess must stay cheap enough for
hundreds of them a decision.
"""
from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

from bench.study import emit, machine, parser
from dominoes_tui.bots import sim
from dominoes_tui.bots.registry import make_bot
from dominoes_tui.bots.search.exact import ExactSolver
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.commands.progress import progress_bar
from dominoes_tui.engine import PLAYING, Match, make_config, view_for
from dominoes_tui.engine.bits import INDEX
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

TABLES = (("draw", 2), ("block", 2), ("allfives", 2), ("kozel", 2), ("duel", 2), ("partner", 4),
          ("draw", 3), ("kozel", 3))


def solve_round(task: tuple[str, int, int, int, int, int]) -> list[dict[str, Any]]:
    """One round of medium bots; at each count of tiles in play from `high` down to `low`,
    the true position solved."""
    variant, players, seed, low, high, budget = task
    config = make_config(variant, players)
    match = Match(config, random.Random(seed), seed=seed)
    bots = [make_bot("medium", seeded(seed, s), f"medium {s}") for s in range(players)]
    match.begin_round()
    rows: list[dict[str, Any]] = []
    done: set[int] = set()
    while match.phase == PLAYING:
        view = view_for(match, match.to_act)
        left = sum(view.hand_sizes) + view.drawable
        if view.layout.line and low <= left <= high and left not in done:
            done.add(left)
            rules = sim.Rules(view)
            state = rules.start([[INDEX[t] for t in h] for h in match.hands],
                                [INDEX[t] for t in reversed(match.boneyard)], sim.board_of(view), view.seat)
            side = view.seat % 2 if view.teams else view.seat
            solver = ExactSolver(MatchValue(rules.config, view.scores), side, budget)
            started = time.perf_counter()
            value = solver.solve(state)
            rows.append({"left": left, "nodes": solver.nodes, "ms": 1000 * (time.perf_counter() - started),
                         "solved": value is not None})
        match.apply(bots[match.to_act].choose(view))
    return rows


def main() -> int:
    p = parser("exact", __doc__.splitlines()[0])
    p.add_argument("--tables", default=None, metavar="V:N,...", help="only these tables (default: eight of them)")
    p.add_argument("--rounds", type=int, default=30, help="rounds a table (default 30)")
    p.add_argument("--low", type=int, default=6)
    p.add_argument("--high", type=int, default=28)
    p.add_argument("--nodes", type=int, default=2_000_000, help="a solve's budget (default 2,000,000)")
    args = p.parse_args()
    tables = TABLES if not args.tables else tuple(
        (t.split(":")[0], int(t.split(":")[1])) for t in args.tables.split(","))
    rounds = 2 if args.quick else args.rounds
    out: dict[str, Any] = {"study": "exact", "quick": args.quick, "seed": args.seed, "machine": machine(),
                           "rounds": rounds, "budget": args.nodes, "tables": []}
    lines = [f"exact endings: nodes and ms by tiles in play, {rounds} rounds of medium bots a table, "
             f"budget {args.nodes:,} nodes", f"  {'table':<12} {'left':>4} {'solves':>6} {'nodes med':>10} "
             f"{'p95':>10} {'ms med':>8} {'p95':>8} {'over budget':>11}"]
    try:
        for variant, players in tables:
            tasks = [(variant, players, s, args.low, args.high, args.nodes) for s in derive_seeds(args.seed, rounds)]
            with progress_bar(len(tasks), "rounds", label=f"{variant} {players}p") as advance:
                rows = [r for chunk in map_in_workers(solve_round, tasks, args.jobs, advance) for r in chunk]
            for left in range(args.low, args.high + 1):
                mine = [r for r in rows if r["left"] == left]
                if not mine:
                    continue
                nodes = sorted(r["nodes"] for r in mine)
                ms = sorted(r["ms"] for r in mine)
                p95 = min(len(mine) - 1, math.ceil(0.95 * len(mine)) - 1)
                row = {"variant": variant, "players": players, "left": left, "solves": len(mine),
                       "nodes_median": statistics.median(nodes), "nodes_p95": nodes[p95],
                       "ms_median": statistics.median(ms), "ms_p95": ms[p95],
                       "over_budget": sum(not r["solved"] for r in mine)}
                out["tables"].append(row)
                lines.append(f"  {variant + ' ' + str(players) + 'p':<12} {left:>4} {len(mine):>6} "
                             f"{row['nodes_median']:>10,.0f} {row['nodes_p95']:>10,} {row['ms_median']:>8.2f} "
                             f"{row['ms_p95']:>8.2f} {row['over_budget']:>11}")
    except KeyboardInterrupt:
        print("python -m bench exact: stopped", file=sys.stderr)
        return 130
    return emit("exact", out, lines, args.json)
