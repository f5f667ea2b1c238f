"""Fit a line play style (bots/search/play_style.py) to the choices of the hard bot.

Hard plays itself in single rounds of a variant; every decision where it had two tiles
or more to choose from is kept (its hand, the layout, the tiles out, the placements open
and the one it made). A conditional logit over the style's features is fitted to two
thirds of them by gradient ascent, and judged on the other third beside the greedy rule
and a uniform choice: mean log-likelihood of the move hard made, and how often the
model's favourite was it.

    python -m bench play-style --variant block --players 2 --deals 300 --seed 11
"""
from __future__ import annotations

import argparse
import math
import random
from typing import Any

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.registry import BotSpecError
from dominoes_tui.bots.runner import play_round
from dominoes_tui.bots.search.play_style import FEATURES, GREEDY_TEMPERATURE, greedy_score, line_features
from dominoes_tui.engine import Match, Move, make_config, view_for
from dominoes_tui.engine.bits import END_INDEX, INDEX, mask_of
from dominoes_tui.engine.board import Board
from dominoes_tui.engine.errors import ConfigError
from dominoes_tui.engine.seeds import derive_seeds, seeded
from dominoes_tui.workers import map_in_workers

# one decision: (features of each option, greedy score of each option, index chosen)
Decision = tuple[list[tuple[float, ...]], list[float], int]


def _end(end: str | None) -> int:
    """The end's index; a lead takes none (0, as the engine's END_INDEX has it)."""
    return 0 if end is None else END_INDEX[end]


def collect_round(task: tuple[str, int, str, int]) -> list[Decision]:
    variant, players, spec, seed = task
    bots = [make_bot(spec, seeded(seed, s)) for s in range(players)]
    match = Match(make_config(variant, players), random.Random(seed))
    match.begin_round()
    out: list[Decision] = []

    def recorded(match: Match, seat: int) -> Move:
        """The bot's choice, and what the fit learns from it where there was a choice of tiles."""
        view = view_for(match, seat)
        move = bots[seat].choose(view)
        options = sorted({(INDEX[m.tile], _end(m.end)) for m in view.legal})
        if len({t for t, _ in options}) >= 2:
            board = Board.from_layout(view.layout)
            hand = mask_of([INDEX[t] for t in view.hand])
            placed = mask_of([INDEX[p.tile] for p in view.layout.line])
            feats = [line_features(hand, placed, board, t, p) for t, p in options]
            greedy = [(greedy_score(hand, board, (p,), t, False) or 0.0) / GREEDY_TEMPERATURE for t, p in options]
            out.append((feats, greedy, options.index((INDEX[move.tile], _end(move.end)))))
        return move

    play_round(match, recorded)
    for bot in bots:
        bot.close()
    return out


def log_likelihood(decisions: list[Decision], score: Any) -> tuple[float, float]:
    """Mean log-probability of the chosen option and the share where it scored highest."""
    total, top = 0.0, 0
    for feats, greedy, chosen in decisions:
        scores = [score(f, g) for f, g in zip(feats, greedy)]
        high = max(scores)
        total += scores[chosen] - high - math.log(sum(math.exp(s - high) for s in scores))
        top += scores[chosen] == high and scores.count(high) == 1
    return total / len(decisions), top / len(decisions)


def fit(decisions: list[Decision], steps: int = 400, rate: float = 0.5, l2: float = 0.001) -> list[float]:
    n = len(decisions[0][0][0])
    w = [0.0] * n
    for _ in range(steps):
        grad = [0.0] * n
        for feats, _, chosen in decisions:
            scores = [sum(a * b for a, b in zip(w, f)) for f in feats]
            high = max(scores)
            e = [math.exp(s - high) for s in scores]
            z = sum(e)
            for j in range(n):
                grad[j] += feats[chosen][j] - sum(ei * f[j] for ei, f in zip(e, feats)) / z
        w = [wj + rate * (g / len(decisions) - l2 * wj) for wj, g in zip(w, grad)]
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="block", choices=("block", "draw", "kozel", "duel"))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="hard", help="the bot whose choices are fitted (a bot spec)")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    try:  # a bad table or bot is said in a line, before any worker starts
        make_config(args.variant, args.players)
        make_bot(args.bot, random.Random(0)).close()
    except (ConfigError, BotSpecError) as exc:
        print(f"play_style_fit: {exc}")
        return 2
    if args.deals < 1:
        print("play_style_fit: --deals must be at least 1")
        return 2
    tasks = [(args.variant, args.players, args.bot, s) for s in derive_seeds(args.seed, args.deals)]
    decisions = [d for r in map_in_workers(collect_round, tasks, max(1, args.jobs)) for d in r]
    if len(decisions) < 30:
        print(f"only {len(decisions)} decisions with a choice: play more deals")
        return 1
    random.Random(1).shuffle(decisions)
    cut = len(decisions) * 2 // 3
    train, test = decisions[:cut], decisions[cut:]
    w = fit(train)
    print(f"{len(decisions)} decisions of {args.bot} with a choice ({args.variant} {args.players}p, "
          f"{args.deals} deals, seed {args.seed}); judged on {len(test)} held out")
    for name, score in (("uniform", lambda f, g: 0.0), ("greedy", lambda f, g: g),
                        ("fitted", lambda f, g: sum(a * b for a, b in zip(w, f)))):
        ll, top = log_likelihood(test, score)
        favourite = "no favourite" if name == "uniform" else f"its favourite chosen {top:.0%}"
        print(f"  {name:<8} log-likelihood {ll:+.3f}   {favourite}")
    print("  weights: " + ", ".join(f"{n} {x:.3f}" for n, x in zip(FEATURES, w)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
