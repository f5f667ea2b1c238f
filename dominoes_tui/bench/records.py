"""The club records, timed on SQLite: recording matches one at a time (as tables end),
and the leaderboard query over a large club's history.

The matches recorded are real bot matches, played before the clock starts. The large
history is written in bulk (the same few real logs, stored again and again) so that
filling it does not take longer than the query being measured.
"""
from __future__ import annotations

import random
import tempfile
import time
import zlib
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from ..bots import Bot, make_bot
from ..bots.runner import play_matches
from ..engine import VARIANTS, make_config
from ..engine.seeds import seeded
from ..i18n import _
from ..records import Records, summarize
from ..records.queries import leaderboard
from ..records.schema import match_seats, matches, players, ratings
from .timing import summarize_times

VARIANT_MIX = (("draw", 2), ("draw", 3), ("allfives", 3), ("block", 2), ("kozel", 3))


def _bots(levels: list[str], match_seed: int) -> list[Bot]:
    return [make_bot(lv, seeded(match_seed, k), lv) for k, lv in enumerate(levels)]


def _played(count: int, seed: int) -> list[Any]:
    out = []
    per = -(-count // len(VARIANT_MIX))
    for i, (variant, n) in enumerate(VARIANT_MIX):
        config = make_config(variant, n)
        reports = play_matches(config, partial(_bots, ["random", "easy", "heaviest"][:n]), per, seed + i)
        out += [r.match for r in reports]
    return out[:count]


def time_recording(count: int, seed: int, folder: Path) -> dict[str, Any]:
    summaries = [summarize(m, source="simulate") for m in _played(count, seed)]
    times = []
    with Records.open(f"sqlite:///{folder / 'recording.sqlite'}") as records:
        started = time.perf_counter()
        for summary in summaries:
            t0 = time.perf_counter()
            records.record(summary)
            times.append(time.perf_counter() - t0)
        total = time.perf_counter() - started
    size = (folder / "recording.sqlite").stat().st_size
    return {"matches": count, "seconds": total, "per_second": count / total, **summarize_times(times),
            "database_bytes": size}


def fill_history(url: str, count: int, seed: int) -> None:
    """`count` finished matches among 60 people and five bot levels, in bulk."""
    rng = random.Random(seed)
    logs = [zlib.compress(summarize(m).log.encode()) for m in _played(5, seed)]
    now = datetime.now(UTC)
    with Records.open(url) as records, records.engine.begin() as conn:
        people = [{"key": f"local:p{i}", "name": f"Player {i}", "kind": "person", "created_at": now} for i in range(60)]
        bots = [{"key": f"bot:{lv}", "name": f"bot:{lv}", "kind": "bot", "created_at": now}
                for lv in ("easy", "random", "heaviest", "medium", "hard")]
        conn.execute(players.insert(), people + bots)
        ids = [r.id for r in conn.execute(players.select())]
        match_rows, seat_rows = [], []
        for m in range(1, count + 1):
            variant, n = VARIANT_MIX[m % len(VARIANT_MIX)]
            at = now - timedelta(minutes=count - m)
            match_rows.append({"id": m, "key": f"bench-{m}", "variant": variant, "players": n, "options": "{}",
                               "target": 100, "status": "finished", "rated": True, "source": "simulate", "rounds": 4,
                               "started_at": at, "ended_at": at, "log": logs[m % len(logs)]})
            for seat, pid in enumerate(rng.sample(ids, n)):
                seat_rows.append({"match_id": m, "seat": seat, "player_id": pid, "name": "x", "team": None,
                                  "score": rng.randrange(150), "placing": seat + 1})
            if len(match_rows) >= 5000:
                conn.execute(matches.insert(), match_rows)
                conn.execute(match_seats.insert(), seat_rows)
                match_rows, seat_rows = [], []
        if match_rows:
            conn.execute(matches.insert(), match_rows)
            conn.execute(match_seats.insert(), seat_rows)
        rating_rows = [{"player_id": pid, "variant": v, "mu": rng.gauss(25, 5), "sigma": rng.uniform(1, 8.3),
                        "matches": count // 20, "wins": count // 60, "updated_at": now}
                       for pid in ids for v in ("all", *sorted({v for v, _ in VARIANT_MIX}))]
        conn.execute(ratings.insert(), rating_rows)


def time_leaderboard(count: int, seed: int, folder: Path, repeats: int = 20) -> dict[str, Any]:
    url = f"sqlite:///{folder / 'history.sqlite'}"
    started = time.perf_counter()
    fill_history(url, count, seed)
    fill_seconds = time.perf_counter() - started
    out: dict[str, Any] = {"matches": count, "fill_seconds": fill_seconds,
                           "database_bytes": (folder / "history.sqlite").stat().st_size}
    with Records.open(url) as records, records.connect() as conn:
        for variant in ("all", "draw"):
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                board = leaderboard(conn, variant)
                times.append(time.perf_counter() - t0)
            out[variant] = {"rows": len(board), **summarize_times(times)}
    return out


def records_bench(record_count: int, board_count: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="dominoes-bench-") as tmp:
        folder = Path(tmp)
        return {"recording": time_recording(record_count, seed, folder),
                "leaderboard": time_leaderboard(board_count, seed, folder)}


def format_records(r: dict[str, Any]) -> list[str]:
    rec, board = r["recording"], r["leaderboard"]
    lines = ["", _("Club records on SQLite"), ""]
    lines.append("  " + _("recording {n} matches one at a time: {seconds} s ({rate}/s), median {median} ms, p95 {p95} ms; "
                          "file {mb} MB").format(
        n=rec["matches"], seconds=f"{rec['seconds']:.2f}", rate=f"{rec['per_second']:.0f}", median=f"{rec['median_ms']:.2f}",
        p95=f"{rec['p95_ms']:.2f}", mb=f"{rec['database_bytes'] / 1e6:.1f}"))
    for variant in ("all", "draw"):
        b = board[variant]
        lines.append("  " + _("leaderboard ({list}) over {n} matches: median {median} ms, p95 {p95} ms ({rows} rows)").format(
            list=_("Overall") if variant == "all" else _(VARIANTS[variant].title), n=f"{board['matches']:,}",
            median=f"{b['median_ms']:.1f}", p95=f"{b['p95_ms']:.1f}", rows=b["rows"]))
    lines.append("  (" + _("filling those {n} matches in bulk took {seconds} s; file {mb} MB").format(
        n=f"{board['matches']:,}", seconds=f"{board['fill_seconds']:.1f}", mb=f"{board['database_bytes'] / 1e6:.0f}") + ")")
    return lines
