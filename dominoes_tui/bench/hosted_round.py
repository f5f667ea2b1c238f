"""How long a table server takes to pair and seat one round of a hosted evening with 100
entrants (`dominoes bench --only pairing`): from the last result of a round to every
table of the next one open (pairing, dealing each table, writing its file, the seats
sent). Beside the pure pairing figure (pairing.py), this is what the people at the
evening wait for between rounds.

The server runs in this process without listening; results are made up, so no match is
played. Nobody is connected, so the `seated` messages cost nothing here.
"""
from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ..net.evening.evening import PLAYING, Evening, EveningSettings
from ..net.server.server import Server


async def _round_times(entrants: int, rounds: int, seed: int, home: Path) -> list[float]:
    server = Server(home / "server", bot_delay=0.0, default_level="random", standin_delay=3600.0)
    host = server.tournament_host
    host.arrival = 3600.0  # nobody arrives: no stand-in bot plays while we measure
    rng = random.Random(seed)
    evening = Evening.open(EveningSettings(variant="draw", format="swiss", rounds=rounds, target=100), "Org", seed)
    for i in range(entrants):  # each from a machine of its own: the server caps entrants per address
        evening.register(f"Entrant {i + 1}", address=f"10.0.{i // 250}.{i % 250 + 1}")
    host.evening = evening
    host.open_tables(evening.start())
    times: list[float] = []
    try:
        while evening.state == PLAYING:
            codes = [code for code in evening.codes.values() if code in server.tables]
            for code in codes[:-1]:
                evening.finished(code, [rng.randrange(0, 120), rng.randrange(0, 120)])
            started = time.perf_counter()
            plans = evening.finished(codes[-1], [100, rng.randrange(0, 100)])  # the last result pairs the round
            if plans:
                host.open_tables(plans)
                times.append(time.perf_counter() - started)
            for code in codes:  # the finished round's tables are gone, as on a real server
                table = server.tables.pop(code)
                table.close()
                if table.task:
                    table.task.cancel()
            await asyncio.sleep(0)
    finally:
        await server.close()
    return times


def hosted_round_times(entrants: int = 100, rounds: int = 5, seed: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="dominoes-bench-") as tmp:
        times = asyncio.run(_round_times(entrants, rounds, seed, Path(tmp)))
    return {
        "variant": "draw", "format": "swiss hosted", "players": None, "entrants": entrants,
        "rounds_timed": len(times), "median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
    }
