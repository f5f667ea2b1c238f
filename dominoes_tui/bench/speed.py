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
import statistics
import subprocess
import sys
import time
from typing import Any

from ..engine import CORE, PLAYING, Match, make_config
from ..engine.seeds import match_seeds

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
    deals, pick = match_seeds(seed), random.Random(seed + 1)
    match = None
    rounds = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        if match is None or match.is_over:
            match = Match(config, random.Random(next(deals)))
        match.begin_round()
        # The engine alone, not the match runner (bots/runner.py): its step, a Python call
        # per move, costs 2-5% and would hide a change of the engine's own speed.
        while match.phase == PLAYING:
            match.apply(pick.choice(match.legal_moves()))
        rounds += 1
        elapsed = time.perf_counter() - started
    return rounds, elapsed


def pure_core_rounds(variant: str, players: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """The same measurement with the engine's sources rather than its compiled core
    (DOMINOES_PURE=1, engine/core.py), in a fresh interpreter, right after ours."""
    if not CORE.startswith("compiled"):
        return {"measured": False, "why": CORE}
    code = ("import json, sys\nfrom dominoes_tui.bench.speed import random_rounds\n"
            "print(json.dumps(random_rounds(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]))))")
    env = dict(os.environ, DOMINOES_PURE="1")
    try:
        out = subprocess.run([sys.executable, "-c", code, variant, str(players), str(seconds), str(seed)], env=env,
                             capture_output=True, text=True, timeout=seconds * 10 + 60, check=True)
        data = json.loads(out.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError) as exc:
        return {"measured": False, "why": f"the pure core did not run: {exc}"}
    return {"measured": True, **data}


PEER_CODE = r"""
import json, random, sys, time
import dominoes
seconds, seed = float(sys.argv[1]), int(sys.argv[2])
six = dominoes.Domino(6, 6)
random.seed(seed)
rounds = 0
wall, cpu = time.perf_counter(), time.process_time()
while time.perf_counter() - wall < seconds:
    game = dominoes.Game.new(starting_domino=six)
    while game.result is None:
        game.make_move(*random.choice(game.valid_moves))
    rounds += 1
print(json.dumps({"rounds": rounds, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "version": getattr(dominoes, "__version__", None)}))
"""


def _ours_timed(seconds: float, seed: int) -> tuple[int, float, float]:
    cpu = time.process_time()
    rounds, wall = _rounds_for("partner", 4, seconds, seed)
    return rounds, wall, time.process_time() - cpu


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=4) if len(ordered) >= 2 else [ordered[0]] * 3
    return {"median": statistics.median(ordered), "min": ordered[0], "max": ordered[-1], "q1": q[0], "q3": q[2]}


def peer_partner_rounds(python: str | None, pair_seconds: float, seed: int = 1, pairs: int = 9) -> dict[str, Any]:
    """Random Partner rounds per second of the PyPI `dominoes` engine, run by `python`
    (an interpreter of a separate virtual environment that has it installed), side by
    side with ours: `pairs` runs of each, alternating, each `pair_seconds` long so both
    meet the same machine and outlast its noise. The figure is the median of the
    per-pair ratios, on wall time and on CPU time, with their spread."""
    if not python:
        return {"measured": False, "why": "no --peer-python given"}
    if not os.path.exists(python):
        return {"measured": False, "why": f"{python} does not exist"}
    ours_rates, peer_rates, wall_ratios, cpu_ratios = [], [], [], []
    version = None
    for i in range(pairs):
        rounds, wall, cpu = _ours_timed(pair_seconds, seed + i)
        try:
            out = subprocess.run([python, "-c", PEER_CODE, str(pair_seconds), str(seed + i)], capture_output=True,
                                 text=True, timeout=pair_seconds * 10 + 60, check=True)
            data = json.loads(out.stdout.strip().splitlines()[-1])
        except (OSError, subprocess.SubprocessError, ValueError, IndexError) as exc:
            return {"measured": False, "why": f"the peer did not run: {exc}"}
        version = data.get("version") or version
        ours_rates.append(rounds / wall)
        peer_rates.append(data["rounds"] / data["wall"])
        wall_ratios.append((rounds / wall) / (data["rounds"] / data["wall"]))
        cpu_ratios.append((rounds / max(cpu, 1e-9)) / (data["rounds"] / max(data["cpu"], 1e-9)))
    if not version:
        try:
            version = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version('dominoes'))"],
                                     capture_output=True, text=True, timeout=30).stdout.strip() or None
        except (OSError, subprocess.SubprocessError):
            version = None
    wall_spread, cpu_spread = _spread(wall_ratios), _spread(cpu_ratios)
    return {"measured": True, "engine": "PyPI dominoes", "version": version, "pairs": pairs, "pair_seconds": pair_seconds,
            "rounds_per_second": statistics.median(peer_rates), "ours_rounds_per_second": statistics.median(ours_rates),
            "median_ratio": wall_spread["median"], "ratio_spread": wall_spread,
            "cpu_median_ratio": cpu_spread["median"], "cpu_ratio_spread": cpu_spread,
            "ratios": wall_ratios, "cpu_ratios": cpu_ratios}
