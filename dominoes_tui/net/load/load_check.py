"""Load check of the table server (not a test: a measurement to read).

Starts `dominoes host` in its own process on a free loopback port (its limits raised to
fit the check), opens many bot-only tables at once, each watched by a few clients over
loopback, and for a fixed time records every state the watchers receive. Reports moves
per second across all tables and, per move, the time from the server making it (the
`at` stamp of the state) to the last of the table's watchers reading it: median, 95th
percentile and maximum, measured on the main level's tables (the hard tables beside
them are the load).

`dominoes host --load-check` runs the issue's two checks: 100 tables of medium bots
beside 20 tables of hard bots (p95 on the medium tables), and 1,000 bot tables at once.
The first is measured twice on the same tables, side by side: alone, then while
`analyses` match analyses run as hosted players run them (load_analyses.py: each a
worker process at the lowest CPU priority), since a server may analyse finished
matches for its players only if the live tables do not feel it; and a third time while
the club evening's puzzle search runs as the server runs it (load_harvests.py), kept busy.

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
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ...bots.analysis import SERVER_NICE
from ...i18n import _
from ...table.plain import plain
from ..client.client import Connection
from ..wire import protocol as P

P95_AIM_MS = 50.0  # a move reaches every watcher of a live table within this, 95 times in 100


@dataclass
class LoadResult:
    tables: int
    watchers: int
    seconds: float
    bot_delay: float
    level: str = "random"
    hard_tables: int = 0
    moves: int = 0
    moves_per_second: float = 0.0
    latency_median_ms: float = 0.0
    latency_p95_ms: float = 0.0
    latency_max_ms: float = 0.0
    clients: int = 0
    errors: list[str] = field(default_factory=list)
    analyses: int = 0  # hosted analyses running in the second measured window (0: none measured)
    analyses_moves_per_second: float = 0.0
    analyses_median_ms: float = 0.0
    analyses_p95_ms: float = 0.0
    analyses_max_ms: float = 0.0
    analyses_judged: int = 0  # decisions they judged meanwhile ...
    analyses_cpu_s: float = 0.0  # ... and the CPU seconds their workers had: what the tables left them
    puzzles: bool = False  # a third window with the puzzle of the evening's search running
    puzzles_median_ms: float = 0.0
    puzzles_p95_ms: float = 0.0
    puzzles_max_ms: float = 0.0
    puzzles_harvests: int = 0  # matches it harvested meanwhile ...
    puzzles_cpu_s: float = 0.0  # ... and the CPU seconds its worker had

    def lines(self) -> list[str]:
        return [
            f"load check: {self.tables} tables of {self.level} bots"
            + (f" beside {self.hard_tables} tables of hard bots" if self.hard_tables else "")
            + f", {self.watchers} watching clients each ({self.clients} connections), bot delay {self.bot_delay:g}s, "
            f"{self.seconds:g}s measured",
            f"  moves applied and sent (a deal counts as one): {self.moves} ({self.moves_per_second:.0f} moves/s)",
            f"  move -> every watcher has it ({self.level} tables): median {self.latency_median_ms:.1f} ms, "
            f"95th percentile {self.latency_p95_ms:.1f} ms, max {self.latency_max_ms:.1f} ms",
            *self._analyses_lines(),
            *self._puzzles_lines(),
            *(f"  problem: {e}" for e in self.errors[:5]),
        ]

    def _puzzles_lines(self) -> list[str]:
        if not self.puzzles:
            return []
        return [
            f"  with the puzzle of the evening's search kept busy as the server runs it (one worker at niceness "
            f"{SERVER_NICE}), {self.seconds:g}s more: it harvested {self.puzzles_harvests} matches in "
            f"{self.puzzles_cpu_s:.1f} CPU seconds; move -> every watcher has it: median {self.puzzles_median_ms:.1f} ms, "
            f"95th percentile {self.puzzles_p95_ms:.1f} ms, max {self.puzzles_max_ms:.1f} ms",
            f"  95th percentile ({self.level} tables) without / with the puzzle search: {self.latency_p95_ms:.1f} ms / "
            f"{self.puzzles_p95_ms:.1f} ms (aim: {P95_AIM_MS:g} ms at most)",
        ]

    def _analyses_lines(self) -> list[str]:
        if not self.analyses:
            return []
        return [
            f"  with {self.analyses} match analyses running as hosted players run them (a worker each at niceness "
            f"{SERVER_NICE}), {self.seconds:g}s more on the same tables:",
            f"    {self.analyses_moves_per_second:.0f} moves/s; the analyses had {self.analyses_cpu_s:.1f} CPU seconds and "
            f"judged {self.analyses_judged} decisions; move -> every "
            f"watcher has it: median {self.analyses_median_ms:.1f} ms, 95th percentile {self.analyses_p95_ms:.1f} ms, "
            f"max {self.analyses_max_ms:.1f} ms",
            f"  95th percentile ({self.level} tables) without / with the analyses: {self.latency_p95_ms:.1f} ms / "
            f"{self.analyses_p95_ms:.1f} ms (aim: {P95_AIM_MS:g} ms at most)",
    ]


def not_started_words(exc: ServerDidNotStart) -> str:
    """Why there are no figures, in a line: the server's own last words after ours."""
    if exc.code is None:
        head = _("its server did not start within 30 s")
    else:
        head = _("its server could not start (exit code {code})").format(code=exc.code)
    return f"{head}: {exc.said}" if exc.said else head


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _more_files() -> None:
    """Thousands of sockets need more than the usual 1,024 descriptors (the server inherits this)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    except (ImportError, ValueError, OSError):
        pass


class ServerDidNotStart(Exception):
    """The check's server never listened: `code` is how it exited (None: it did not
    start in time and was stopped), `said` the last line it wrote (its own words)."""

    def __init__(self, code: int | None, said: str) -> None:
        super().__init__(said)
        self.code, self.said = code, said


def _last_words(log: Path) -> str:
    """The last line a server wrote to `log`, as plain text of a line's length."""
    try:
        with open(log, "rb") as f:
            f.seek(max(0, f.seek(0, 2) - 4096))  # a tail is enough; a crash's traceback ends there
            lines = f.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return ""
    said = next((line for line in reversed(lines) if line.strip()), "")
    return plain(said, 300).strip()


async def _start_server(data_dir: Path, bot_delay: float, save: bool, tables: int) -> tuple[subprocess.Popen[bytes], int]:
    port_file = data_dir / "port"
    room = str(tables * 4 + 100)  # the check's own connections and tables, all from 127.0.0.1
    cmd = [
        sys.executable, "-P", "-m", "dominoes_tui", "host", "--port", "0", "--port-file", str(port_file),
        "--bot-delay", str(bot_delay), "--level", "random", "--max-conns", room, "--conns-per-address", room,
        "--max-tables", room, "--tables-per-conn", room, "--tables-per-address", room,
        "--bot-workers-per-address", "2",  # every table is 127.0.0.1's: let it use both workers
        # every watcher is 127.0.0.1's too: its work budget and its share of the room are the whole server's
        "--work-burst", room, "--work-per-address", room, "--newcomer-share", "0",
    ]
    cmd += ["--data-dir", str(data_dir / "server")] if save else ["--no-save"]
    # the server's log is kept beside it: a connection it hangs up on is explained there
    log_file = open(data_dir / "server.log", "wb")
    proc = subprocess.Popen(cmd, stdout=log_file, stderr=subprocess.STDOUT)
    log_file.close()
    for _tick in range(300):  # at most 30 s
        if port_file.exists() and port_file.read_text().strip():
            return proc, int(port_file.read_text())
        if proc.poll() is not None:
            raise ServerDidNotStart(proc.returncode, _last_words(data_dir / "server.log"))
        await asyncio.sleep(0.1)
    proc.kill()
    proc.wait(5)
    raise ServerDidNotStart(None, _last_words(data_dir / "server.log"))


STATE_HEAD = re.compile(rb'^\{"type":"state","code":"(\w+)","seq":(\d+),"at":([0-9.eE+-]+)')
ready_count = [0]
WATCHER_BATCH = 50
closed_why: Counter[str] = Counter()


async def _watch(port: int, code: str, name: str, seen: dict[tuple[str, int], list[float]], measuring: list[bool]) -> None:
    """A watching client that reads only each state's head (table, seq, time made), so
    the measuring side stays cheap and the figures are the server's, not a slow reader's."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_CLIENT_LINE)
    try:
        writer.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": name}))
        writer.write(P.encode({"type": "watch", "code": code, "id": 1}))
        counted = False
        while True:
            try:
                line = await reader.readline()
            except (ConnectionError, ValueError, asyncio.LimitOverrunError) as exc:
                closed_why[f"{type(exc).__name__} while reading"] += 1
                return
            if not line:
                closed_why["the server closed it without a word" if counted else "closed before it was watching"] += 1
                return
            head = STATE_HEAD.match(line)
            if head is None:
                if b'"fatal"' in line:  # the server's last word before it hangs up: kept for the report
                    closed_why[str(P.decode(line).get("reason"))] += 1
                if not counted and b'"watching"' in line[:40]:
                    counted = True
                    ready_count[0] += 1
                continue
            if measuring[0]:
                delay = time.time() - float(head.group(3))
                seen.setdefault((head.group(1).decode(), int(head.group(2))), []).append(delay)
    finally:
        writer.close()


def _idle_tables(seen: dict[tuple[str, int], list[float]], codes: list[str], window: str) -> list[str]:
    """A table with no move in a window measured nothing there: its match had ended (bots
    without a delay finish a match to 1000 in about a second), so the figures would flatter."""
    idle = len(set(codes) - {code for code, _seq in seen})
    if not idle:
        return []
    return [f"{idle} of {len(codes)} tables had no move {window}: their matches had ended or stalled "
            "(a --bot-delay keeps them playing through the check)"]


async def _measure(seen: dict[tuple[str, int], list[float]], measuring: list[bool], seconds: float,
                   watchers: int) -> tuple[int, float, float, float, float]:
    """Moves seen, moves a second, and the median, 95th percentile and maximum in ms of
    the time until a move's last watcher had it, over `seconds` from now."""
    measuring[0] = True
    started = time.monotonic()
    await asyncio.sleep(seconds)
    measuring[0] = False
    elapsed = time.monotonic() - started
    complete = [max(d) for d in seen.values() if len(d) == watchers]
    rate = len(seen) / elapsed if elapsed > 0 else 0.0
    if not complete:
        return len(seen), rate, 0.0, 0.0, 0.0
    return (len(seen), rate, statistics.median(complete) * 1000, _percentile(complete, 0.95) * 1000,
            max(complete) * 1000)


async def _measure_puzzles(result: LoadResult, seen: dict[tuple[str, int], list[float]], measuring: list[bool],
                           codes: list[str]) -> None:
    """The third window: the same tables while the puzzle of the evening's search runs."""
    from .load_analyses import finished_match_log
    from .load_harvests import Harvests

    harvests = Harvests(await asyncio.to_thread(finished_match_log))
    harvests.start()
    try:
        await asyncio.sleep(1.0)  # its worker started and searching
        seen.clear()
        (_moves, _rate, result.puzzles_median_ms, result.puzzles_p95_ms,
         result.puzzles_max_ms) = await _measure(seen, measuring, result.seconds, result.watchers)
        result.puzzles_harvests, result.puzzles_cpu_s = harvests.harvests, harvests.cpu_s
        result.errors += _idle_tables(seen, codes, "while measured with the puzzle search")
    finally:
        await harvests.stop()


async def run_load(
    tables: int = 40, watchers: int = 2, seconds: float = 10.0, bot_delay: float = 0.0, save: bool = True,
    variant: str = "draw", players: int = 4, level: str = "random", hard_tables: int = 0, analyses: int = 0,
    guesses: int | None = None, puzzles: bool = False,
) -> LoadResult:
    """`analyses` > 0: a second window of `seconds` with that many hosted analyses
    running (on `guesses` a decision; default the viewer's)."""
    result = LoadResult(tables, watchers, seconds, bot_delay, level, hard_tables, analyses=analyses, puzzles=puzzles)
    _more_files()
    running = None
    if analyses > 0:  # the match is played before the server starts, so its moves are not measured
        from .load_analyses import Analyses, finished_match_log

        running = Analyses(analyses, await asyncio.to_thread(finished_match_log), guesses)
    with tempfile.TemporaryDirectory(prefix="dominoes-load-") as tmp:
        proc, port = await _start_server(Path(tmp), bot_delay, save, tables + hard_tables)
        conns: list[Connection] = []
        watchers_tasks: list[asyncio.Task[None]] = []
        ready_count[0] = 0
        closed_why.clear()
        try:
            seen: dict[tuple[str, int], list[float]] = {}  # (table, seq) -> receive delays, one per watcher
            measuring = [False]
            codes: list[str] = []
            hard_codes: list[str] = []
            owner = await Connection.open("127.0.0.1", port, "load")  # one connection makes every table
            conns.append(owner)
            for i in range(tables + hard_tables):
                bots = level if i < tables else "hard"
                made = await owner.request({
                    # a target of 1000: the most docs/RULES.md v1.1 §4 allows
                    "type": "create", "variant": variant, "players": players, "target": 1000,
                    "seats": [{"kind": "bot", "level": bots}] * players, "sit": None, "bot_delay": bot_delay,
                    "start": True,
                }, 60)
                (codes if i < tables else hard_codes).append(made["code"])
                await asyncio.sleep(1 / 18)  # under the server's rate limit (20 messages a second)
            # watchers come in batches, each seated before the next: a thousand at once kept
            # this one process from reading its answers within the server's send timeout
            # (10 s), and the server rightly hung up on those slow readers
            wanted = [(code, w) for code in codes for w in range(watchers)]
            for start in range(0, len(wanted), WATCHER_BATCH):
                for code, w in wanted[start:start + WATCHER_BATCH]:
                    watchers_tasks.append(asyncio.create_task(_watch(port, code, f"w{w}", seen, measuring)))
                for _ in range(300):  # this batch seated (bounded: 30 s)
                    if ready_count[0] >= len(watchers_tasks):
                        break
                    await asyncio.sleep(0.05)
            result.clients = 1 + len(watchers_tasks)
            await owner.close()  # started tables outlive their maker; the lobby's lists stop here
            conns.remove(owner)
            await asyncio.sleep(min(2.0, seconds / 4))  # every table under way before measuring
            (result.moves, result.moves_per_second, result.latency_median_ms, result.latency_p95_ms,
             result.latency_max_ms) = await _measure(seen, measuring, seconds, watchers)
            result.errors += _idle_tables(seen, codes, "while measured")
            if running is not None:
                running.start()
                await asyncio.sleep(1.0)  # their workers forked and searching
                seen.clear()
                (_moves, result.analyses_moves_per_second, result.analyses_median_ms, result.analyses_p95_ms,
                 result.analyses_max_ms) = await _measure(seen, measuring, seconds, watchers)
                result.analyses_judged = running.judged
                result.analyses_cpu_s = running.cpu_s
                result.errors += _idle_tables(seen, codes, "while measured with the analyses")
                await asyncio.to_thread(running.stop)
                result.errors += running.errors
            if puzzles:
                await _measure_puzzles(result, seen, measuring, codes)
            lost = [c for c in conns if c.closed] + [t for t in watchers_tasks if t.done()]
            if lost:
                said = (Path(tmp) / "server.log").read_text("utf-8", "replace")
                slow = said.count("reads too slowly")
                if slow:
                    closed_why["read too slowly (the server's buffer for it passed --max-unread)"] += slow
                why = "; ".join(f"{n} told {reason!r}" for reason, n in closed_why.most_common(3)) or "no reason given"
                result.errors.append(f"{len(lost)} connections closed during the run ({why})")
        except Exception as exc:  # noqa: BLE001 - a load check reports, it does not crash
            result.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            if running is not None:
                await asyncio.to_thread(running.stop)  # no worker outlives the check
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


def main(
    tables: int | None = None, watchers: int = 2, seconds: float = 10.0, bot_delay: float | None = None,
    json_path: str | None = None, level: str = "medium", hard_tables: int = 0, analyses: int = 2, puzzles: bool = True,
) -> int:
    """The issue's two checks, or one check of `tables` tables when that is given; the
    first (or the one) measured again with `analyses` hosted analyses running (0: not)."""
    if tables is None:
        delay = 0.7 if bot_delay is None else bot_delay  # the server's own pace: a club evening
        checks = [dict(tables=100, hard_tables=20, level="medium", watchers=watchers, bot_delay=delay, analyses=analyses,
                       puzzles=puzzles),
                  dict(tables=1000, hard_tables=0, level="random", watchers=1, bot_delay=delay)]
    else:
        checks = [dict(tables=tables, hard_tables=hard_tables, level=level, watchers=watchers, bot_delay=bot_delay or 0.0,
                       analyses=analyses, puzzles=puzzles)]
    results = []
    for check in checks:
        try:
            result = asyncio.run(run_load(seconds=seconds, **check))  # type: ignore[arg-type]
        except ServerDidNotStart as exc:
            print("dominoes host --load-check: " + not_started_words(exc), file=sys.stderr)
            return 1
        print("\n".join(result.lines()), flush=True)
        results.append(result)
    if json_path:
        import json

        from ...engine.files import atomic_write

        try:
            atomic_write(json_path, json.dumps([asdict(r) for r in results], indent=1))
        except OSError as exc:
            print(f"dominoes host --load-check: cannot write {json_path}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    return 1 if any(r.errors and not r.moves for r in results) else 0
