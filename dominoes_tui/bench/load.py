"""Load check of the table server (not a test: a measurement to read).

Starts `dominoes host` in its own process on a free loopback port, opens many bot-only
tables at once, each watched by a few clients over loopback, and for a fixed time
records every state the watchers receive. Reports moves per second across all tables
and, per move, the time from the server making it (the `at` stamp of the state) to the
last of the table's watchers reading it: median, 95th percentile and maximum.

Everything stays on 127.0.0.1, every wait is bounded, and the server process is
stopped at the end whatever happens.
"""
from __future__ import annotations

import asyncio
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..net import protocol as P
from ..net.client import Connection


@dataclass
class LoadResult:
    tables: int
    watchers: int
    seconds: float
    bot_delay: float
    moves: int = 0
    moves_per_second: float = 0.0
    latency_median_ms: float = 0.0
    latency_p95_ms: float = 0.0
    latency_max_ms: float = 0.0
    clients: int = 0
    errors: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"load check: {self.tables} bot-only tables, {self.watchers} watching clients each "
            f"({self.clients} connections), bot delay {self.bot_delay:g}s, {self.seconds:g}s measured",
            f"  moves applied and sent (a deal counts as one): {self.moves} ({self.moves_per_second:.0f} moves/s)",
            f"  move -> every watcher has it: median {self.latency_median_ms:.1f} ms, "
            f"95th percentile {self.latency_p95_ms:.1f} ms, max {self.latency_max_ms:.1f} ms",
            *(f"  problem: {e}" for e in self.errors[:5]),
        ]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def _start_server(data_dir: Path, bot_delay: float, save: bool) -> tuple[subprocess.Popen[bytes], int]:
    port_file = data_dir / "port"
    cmd = [
        sys.executable, "-P", "-m", "dominoes_tui", "host", "--port", "0", "--port-file", str(port_file),
        "--bot-delay", str(bot_delay), "--level", "random",
    ]
    cmd += ["--data-dir", str(data_dir / "server")] if save else ["--no-save"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):  # at most 30 s
        if port_file.exists() and port_file.read_text().strip():
            return proc, int(port_file.read_text())
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited at once (code {proc.returncode})")
        await asyncio.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 30 s")


STATE_HEAD = re.compile(rb'^\{"type":"state","code":"(\w+)","seq":(\d+),"at":([0-9.eE+-]+)')
ready_count = [0]


async def _watch(port: int, code: str, name: str, seen: dict[tuple[str, int], list[float]], measuring: list[bool]) -> None:
    """A watching client that reads only each state's head (table, seq, time made), so
    the measuring side stays cheap and the figures are the server's, not a slow reader's."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_CLIENT_LINE)
    try:
        writer.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": name}))
        writer.write(P.encode({"type": "watch", "code": code, "id": 1}))
        counted = False
        while True:
            line = await reader.readline()
            if not line:
                return
            head = STATE_HEAD.match(line)
            if head is None:
                if not counted and b'"watching"' in line[:40]:
                    counted = True
                    ready_count[0] += 1
                continue
            if measuring[0]:
                delay = time.time() - float(head.group(3))
                seen.setdefault((head.group(1).decode(), int(head.group(2))), []).append(delay)
    finally:
        writer.close()


async def run_load(
    tables: int = 40, watchers: int = 2, seconds: float = 10.0, bot_delay: float = 0.0, save: bool = True,
    variant: str = "draw", players: int = 4,
) -> LoadResult:
    result = LoadResult(tables, watchers, seconds, bot_delay)
    with tempfile.TemporaryDirectory(prefix="dominoes-load-") as tmp:
        proc, port = await _start_server(Path(tmp), bot_delay, save)
        conns: list[Connection] = []
        watchers_tasks: list[asyncio.Task[None]] = []
        ready_count[0] = 0
        try:
            seen: dict[tuple[str, int], list[float]] = {}  # (table, seq) -> receive delays, one per watcher
            measuring = [False]
            codes = []
            for i in range(tables):
                owner = await Connection.open("127.0.0.1", port, f"load{i}")
                conns.append(owner)
                made = await owner.request({
                    "type": "create", "variant": variant, "players": players, "target": 1000,  # RULES v1.1 §4: the most allowed
                    "seats": [{"kind": "bot", "level": "random"}] * players, "sit": None, "bot_delay": bot_delay,
                    "seed": i,
                })
                codes.append(made["code"])
            for code in codes:
                for w in range(watchers):
                    watchers_tasks.append(asyncio.create_task(_watch(port, code, f"w{w}", seen, measuring)))
            for _ in range(300):  # every watcher seated (bounded: 30 s)
                if ready_count[0] >= tables * watchers:
                    break
                await asyncio.sleep(0.1)
            result.clients = len(conns) + len(watchers_tasks)
            await asyncio.gather(*(owner.request({"type": "start", "code": code}, 60) for owner, code in zip(conns, codes)))
            await asyncio.sleep(min(2.0, seconds / 4))  # every table under way before measuring
            measuring[0] = True
            started = time.monotonic()
            await asyncio.sleep(seconds)
            measuring[0] = False
            elapsed = time.monotonic() - started
            complete = [max(d) for d in seen.values() if len(d) == watchers]
            result.moves = len(seen)
            result.moves_per_second = len(seen) / elapsed if elapsed > 0 else 0.0
            if complete:
                result.latency_median_ms = statistics.median(complete) * 1000
                result.latency_p95_ms = _percentile(complete, 0.95) * 1000
                result.latency_max_ms = max(complete) * 1000
            lost = [c for c in conns if c.closed] + [t for t in watchers_tasks if t.done()]
            if lost:
                result.errors.append(f"{len(lost)} connections closed during the run")
        except Exception as exc:  # noqa: BLE001 - a load check reports, it does not crash
            result.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            proc.terminate()  # first the server, so the clients are not flooded while closing
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
            for t in watchers_tasks:
                t.cancel()
            await asyncio.gather(*watchers_tasks, *(c.close() for c in conns), return_exceptions=True)
    return result


def main(tables: int = 40, watchers: int = 2, seconds: float = 10.0, bot_delay: float = 0.0, json_path: str | None = None) -> int:
    result = asyncio.run(run_load(tables, watchers, seconds, bot_delay))
    print("\n".join(result.lines()))
    if json_path:
        import json

        Path(json_path).write_text(json.dumps(asdict(result), indent=1), encoding="utf-8")
    return 1 if result.errors and not result.moves else 0
