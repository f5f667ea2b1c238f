"""`python -m bench bias`: how far the search's playouts are off, measured against exact solutions.

Where a guess has more tiles in play than the search solves exactly (pimc.solve_at), its
rest is played by a policy first: every estimated loss carries that policy's error. This
study measures it. Rounds of medium against medium are played; at decisions a few tiles
above the cut-off, the analysis's search deals its guesses as usual and judges every
candidate on each guess three ways:

- `hybrid`: as the search does: the playout policy down to the cut-off, then exact;
- `greedy`: the playout policy to the round's end (the search before exact endings);
- `exact`: the whole rest of the guess solved exactly (the yardstick; positions whose
  guesses are too big to solve are left out).

Each candidate's loss (the best candidate's weighted average less its own, over the same
guesses) is compared with its loss by the yardstick. The table gives, by `over` (tiles in
play above the cut-off), the mean and 95th percentile of |error|, the 95th percentile of
its systematic part (the bias: |error| less what the guesses' own spread of errors
explains, which more guesses would shrink and the analysis's noise already counts), and
how often the policy's best move is not the yardstick's. bots/analysis/bias.py keeps the
hybrid's bias percentiles: the part of a loss's margin that is not the guesses' noise.
"""
from __future__ import annotations

import math
import random
import statistics
import sys
from typing import Any

from bench.study import emit, machine, parser
from dominoes_tui.bots.registry import make_bot
from dominoes_tui.bots.search.exact import ExactSolver
from dominoes_tui.bots.search.pimc import Search
from dominoes_tui.bots.search.rollout import sharp_step
from dominoes_tui.bots.search.state import apply_key
from dominoes_tui.commands.progress import progress_bar
from dominoes_tui.engine import PLAYING, Match, PlayerView, make_config, view_for
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

TABLES = (("draw", 2), ("block", 2), ("allfives", 2), ("kozel", 2), ("duel", 2), ("partner", 4),
          ("draw", 3), ("block", 3), ("allfives", 3), ("kozel", 3), ("draw", 4), ("allfives", 4))
EXACT_NODES = 400_000  # a guess's whole rest solved within this, or the position is left out
POLICIES = ("hybrid", "greedy")


def in_play(view: PlayerView) -> int:
    return sum(view.hand_sizes) + view.drawable


def positions(variant: str, players: int, seed: int, over: range) -> list[tuple[PlayerView, int]]:
    """Decisions of one round of medium bots at `over` tiles above the search's cut-off:
    (the mover's view, tiles above). One a tile count, so a round gives several."""
    config = make_config(variant, players)
    match = Match(config, random.Random(seed), seed=seed)
    bots = [make_bot("medium", seeded(seed, s), f"medium {s}") for s in range(players)]
    match.begin_round()
    found: list[tuple[PlayerView, int]] = []
    seen: set[int] = set()
    while match.phase == PLAYING:
        view = view_for(match, match.to_act)
        if view.layout.line and len(view.legal) > 1:
            search = Search(view, random.Random(0), None)
            above = in_play(view) - search.solve_at
            if above in over and above not in seen and len(search.keys) > 1 and not search.determined:
                found.append((view, above))
                seen.add(above)
        match.apply(bots[match.to_act].choose(view))
    return found


def measure(task: tuple[str, int, int, int, int, int]) -> list[dict[str, Any]]:
    """Every candidate's error, both policies, at the positions of one round."""
    variant, players, seed, guesses, low, high = task
    rows: list[dict[str, Any]] = []
    for view, above in positions(variant, players, seed, range(low, high + 1)):
        search = Search(view, seeded(seed, "bias", above), None)
        exact = ExactSolver(search.value, search.side, EXACT_NODES)
        n = len(search.keys)
        per_guess: list[tuple[float, dict[str, list[float]]]] = []
        for _guess in range(guesses):
            others, stock = search.sampler.deal()
            w = search.model.weight(others)
            hands = [search.hand if s == view.seat else others[s] for s in range(view.players)]
            base = search.rules.start(hands, stock, search.board, view.seat)
            search.exact.new_deal()
            exact.new_deal()
            values: dict[str, list[float]] = {name: [] for name in (*POLICIES, "exact")}
            for key in search.keys:
                state = base.copy()
                apply_key(state, key)
                solved = search.value.of_state(state)[search.side] if state.over else exact.solve(state.copy())
                if solved is None:
                    break
                values["exact"].append(solved)
                values["hybrid"].append(search._finish(state.copy()))
                played = state.copy()
                while not played.over:
                    sharp_step(search.rules, played)
                values["greedy"].append(search.value.of_state(played)[search.side])
            if len(values["exact"]) < n:
                per_guess = []
                break  # a guess too big to solve: the position is left out
            per_guess.append((w, values))
        weight = sum(w for w, _v in per_guess)
        if not per_guess or weight <= 0.0:
            continue
        mean = {name: [sum(w * v[name][i] for w, v in per_guess) / weight for i in range(n)]
                for name in (*POLICIES, "exact")}
        truth = mean["exact"]
        true_best = max(range(n), key=lambda i: (truth[i], -i))
        for name in POLICIES:
            estimate = mean[name]
            best = max(range(n), key=lambda i: (estimate[i], -i))
            for i in range(n):
                # each guess's error of this candidate's loss; its weighted mean is the error
                # of the estimate, and its spread says how much of that is the guesses' luck
                errors = [(v[name][best] - v[name][i]) - (v["exact"][true_best] - v["exact"][i]) for _w, v in per_guess]
                mean_error = sum(w * e for (w, _v), e in zip(per_guess, errors)) / weight
                spread = sum((w * (e - mean_error)) ** 2 for (w, _v), e in zip(per_guess, errors)) / weight ** 2
                rows.append({"policy": name, "above": above, "error": mean_error,
                             # the systematic part: the error less what luck alone explains
                             "bias": math.sqrt(max(0.0, mean_error ** 2 - spread)),
                             "picked_worse": i == best and truth[i] < truth[true_best] - 1e-9})
    return rows


def summarize(rows: list[dict[str, Any]], low: int, high: int) -> list[dict[str, Any]]:
    out = []
    for name in POLICIES:
        for above in range(low, high + 1):
            mine = [r for r in rows if r["policy"] == name and r["above"] == above]
            if not mine:
                continue
            errors = sorted(abs(r["error"]) for r in mine)
            biases = sorted(r["bias"] for r in mine)
            at = min(len(mine) - 1, math.ceil(0.95 * len(mine)) - 1)
            out.append({"policy": name, "above": above, "moves": len(mine), "mean": statistics.fmean(errors),
                        "p95": errors[at], "bias_p95": biases[at], "worse_best": sum(r["picked_worse"] for r in mine)})
    return out


def main() -> int:
    p = parser("bias", __doc__.splitlines()[0])
    p.add_argument("--variant", default="draw")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--rounds", type=int, default=60, help="rounds of medium bots to take positions from (default 60)")
    p.add_argument("--guesses", type=int, default=60, help="guesses a position is judged on (default 60)")
    p.add_argument("--low", type=int, default=1, help="fewest tiles above the cut-off (default 1)")
    p.add_argument("--high", type=int, default=10, help="most tiles above the cut-off (default 10)")
    args = p.parse_args()
    rounds, guesses = (4, 10) if args.quick else (args.rounds, args.guesses)
    tasks = [(args.variant, args.players, s, guesses, args.low, args.high) for s in derive_seeds(args.seed, rounds)]
    try:
        with progress_bar(len(tasks), "rounds", label="bias") as advance:
            results = map_in_workers(measure, tasks, args.jobs, advance)
    except KeyboardInterrupt:
        print("python -m bench bias: stopped", file=sys.stderr)
        return 130
    rows = [r for result in results for r in result]
    table = summarize(rows, args.low, args.high)
    out = {"study": "bias", "quick": args.quick, "seed": args.seed, "machine": machine(), "variant": args.variant,
           "players": args.players, "rounds": rounds, "guesses": guesses, "table": table}
    lines = [f"{args.variant} {args.players}p, {rounds} rounds of medium bots, {guesses} guesses a position; "
             "|loss error| against the exact yardstick",
             f"  {'policy':<8} {'over':>4} {'moves':>6} {'mean':>8} {'p95':>8} {'bias p95':>9} {'best wrong':>10}"]
    for r in table:
        lines.append(f"  {r['policy']:<8} {r['above']:>4} {r['moves']:>6} {r['mean']:>8.4f} {r['p95']:>8.4f} "
                     f"{r['bias_p95']:>9.4f} {r['worse_best']:>10}")
    return emit("bias", out, lines, args.json)
