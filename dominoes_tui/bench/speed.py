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


def random_rounds(variant: str, players: int, seconds: float, seed: int = 1) -> dict[str, Any]:
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
    return {"variant": variant, "players": players, "rounds": rounds, "seconds": elapsed,
            "rounds_per_second": rounds / elapsed}


PEER_CODE = r"""
import json, random, sys, time
import dominoes
seconds = float(sys.argv[1])
random.seed(int(sys.argv[2]))
six = dominoes.Domino(6, 6)
rounds = 0
started = time.perf_counter()
elapsed = 0.0
while elapsed < seconds:
    game = dominoes.Game.new(starting_domino=six)
    while game.result is None:
        game.make_move(*random.choice(game.valid_moves))
    rounds += 1
    elapsed = time.perf_counter() - started
print(json.dumps({"rounds": rounds, "seconds": elapsed, "version": getattr(dominoes, "__version__", None)}))
"""


def peer_partner_rounds(python: str | None, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Random Partner rounds per second of the PyPI `dominoes` engine, run by `python`
    (an interpreter of a separate virtual environment that has it installed)."""
    if not python:
        return {"measured": False, "why": "no --peer-python given"}
    if not os.path.exists(python):
        return {"measured": False, "why": f"{python} does not exist"}
    try:
        out = subprocess.run([python, "-c", PEER_CODE, str(seconds), str(seed)], capture_output=True, text=True,
                             timeout=seconds * 5 + 30, check=True)
        data = json.loads(out.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError) as exc:
        return {"measured": False, "why": f"the peer did not run: {exc}"}
    version = data.get("version")
    if not version:
        try:
            version = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version('dominoes'))"],
                                     capture_output=True, text=True, timeout=30).stdout.strip() or None
        except (OSError, subprocess.SubprocessError):
            version = None
    return {"measured": True, "engine": "PyPI dominoes", "version": version, "rounds": data["rounds"],
            "seconds": data["seconds"], "rounds_per_second": data["rounds"] / data["seconds"]}
