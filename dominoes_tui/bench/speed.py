"""Engine speed: complete random-vs-random rounds per second, straight on the engine.

Every round is dealt, played to its end by uniformly random legal moves, and scored;
matches are started afresh when one ends. No views are built: this times the rules
engine, not the bots. A peer engine (PyPI `dominoes`, Partner only) can be timed the
same way in its own interpreter, side by side.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import time
from typing import Any

from ..engine import PLAYING, Match, make_config

# (variant, players) measured by the bench
SPEED_TABLES: tuple[tuple[str, int], ...] = (
    ("draw", 2), ("draw", 3), ("block", 2), ("allfives", 2), ("partner", 4), ("kozel", 2), ("duel", 2),
)


def random_rounds(variant: str, players: int, seconds: float, seed: int = 1, repeats: int = 5) -> dict[str, Any]:
    """Split `seconds` into `repeats` runs; the best run's rate is the figure (as timeit
    does: on a shared machine the slower runs measure the neighbours, not the code)."""
    runs = [_rounds_for(variant, players, seconds / repeats, seed + i) for i in range(repeats)]
    rates = sorted(r / t for r, t in runs)
    return {"variant": variant, "players": players, "rounds": sum(r for r, _ in runs),
            "seconds": sum(t for _, t in runs), "rounds_per_second": rates[-1],
            "median_rounds_per_second": rates[len(rates) // 2], "repeats": repeats}


def _rounds_for(variant: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    config = make_config(variant, players)
    deal_rng, pick = random.Random(seed), random.Random(seed + 1)
    match = None
    rounds = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        if match is None or match.is_over:
            match = Match(config, random.Random(deal_rng.randrange(2**31)))
        match.begin_round()
        while match.phase == PLAYING:
            match.apply(pick.choice(match.legal_moves()))
        rounds += 1
        elapsed = time.perf_counter() - started
    return rounds, elapsed


PEER_CODE = r"""
import json, random, sys, time
import dominoes
seconds, seed, repeats = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
six = dominoes.Domino(6, 6)
runs = []
for i in range(repeats):
    random.seed(seed + i)
    rounds = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds / repeats:
        game = dominoes.Game.new(starting_domino=six)
        while game.result is None:
            game.make_move(*random.choice(game.valid_moves))
        rounds += 1
        elapsed = time.perf_counter() - started
    runs.append([rounds, elapsed])
print(json.dumps({"runs": runs, "version": getattr(dominoes, "__version__", None)}))
"""


def peer_partner_rounds(python: str | None, seconds: float, seed: int = 1, pairs: int = 6) -> dict[str, Any]:
    """Random Partner rounds per second of the PyPI `dominoes` engine, run by `python`
    (an interpreter of a separate virtual environment that has it installed), side by
    side with ours: `pairs` short runs of each, alternating, so both meet the same
    machine; the figure that decides is the median of the per-pair ratios."""
    if not python:
        return {"measured": False, "why": "no --peer-python given"}
    if not os.path.exists(python):
        return {"measured": False, "why": f"{python} does not exist"}
    chunk = seconds / pairs
    ours_rates, peer_rates, ratios = [], [], []
    version = None
    for i in range(pairs):
        rounds, elapsed = _rounds_for("partner", 4, chunk, seed + i)
        ours = rounds / elapsed
        try:
            out = subprocess.run([python, "-c", PEER_CODE, str(chunk), str(seed + i), "1"], capture_output=True,
                                 text=True, timeout=chunk * 5 + 30, check=True)
            data = json.loads(out.stdout.strip().splitlines()[-1])
        except (OSError, subprocess.SubprocessError, ValueError, IndexError) as exc:
            return {"measured": False, "why": f"the peer did not run: {exc}"}
        version = data.get("version") or version
        (peer_rounds, peer_elapsed), = data["runs"]
        peer = peer_rounds / peer_elapsed
        ours_rates.append(ours)
        peer_rates.append(peer)
        ratios.append(ours / peer)
    if not version:
        try:
            version = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version('dominoes'))"],
                                     capture_output=True, text=True, timeout=30).stdout.strip() or None
        except (OSError, subprocess.SubprocessError):
            version = None
    ratios.sort()
    return {"measured": True, "engine": "PyPI dominoes", "version": version, "pairs": pairs,
            "rounds_per_second": max(peer_rates), "median_rounds_per_second": sorted(peer_rates)[pairs // 2],
            "ours_rounds_per_second": max(ours_rates), "ours_median_rounds_per_second": sorted(ours_rates)[pairs // 2],
            "median_ratio": ratios[len(ratios) // 2], "ratios": ratios}
