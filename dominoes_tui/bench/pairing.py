"""How long pairing and seating one round takes for a big field (`dominoes bench --only pairing`).

Rounds are played with made-up results (no matches), so only the tournament layer is timed:
each figure is the time of `Tournament.pair_next()` for rounds 2 onward, when history and
scores shape the pairing.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from ..tournament import Entrant, Tournament, make_plan

PAIRING_FORMATS = [("draw", "swiss", None), ("draw", "rotation", 4), ("partner", "rotation", None)]


def pairing_times(variant: str, plan_format: str, players: int | None, entrants: int, rounds: int, seed: int) -> dict[str, Any]:
    t = Tournament(make_plan(variant, plan_format, rounds, players),
                   [Entrant(f"E{i}", float(random.Random(seed + i).randrange(1000, 2000))) for i in range(entrants)], seed)
    rng = random.Random(seed)
    times = []
    while not t.is_over:
        started = time.perf_counter()
        rnd = t.pair_next()
        if rnd.number > 1:
            times.append(time.perf_counter() - started)
        for table in rnd.tables:
            t.record(rnd.number, table.number, [rng.randrange(0, 200) for _ in table.sides])
    return {
        "variant": variant, "format": plan_format, "players": players, "entrants": entrants, "rounds_timed": len(times),
        "median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
    }
