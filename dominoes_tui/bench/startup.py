"""How long commands take to answer: `dominoes --help`, `dominoes bot` to its hello, and
the two first screens side by side: bare `dominoes` to its settings screen and `dominoes
play` to its table, each drawn in a pseudo-terminal of 80×24.

Each is started afresh `runs` times (the median is the figure) with this interpreter, as
a person or a table would start it. The two screens alternate, so a busy moment of the
machine weighs on both alike; each start has a fresh data folder (no saved match to
offer, the first-game notice on the settings, as a new player sees them).
"""
from __future__ import annotations

import math
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

HELLO = b'{"type": "hello", "protocol": 1}\n'
# What each first screen draws in its first frame (the title of the settings; the
# status line of the table), as plain text inside the terminal output.
SCREENS: tuple[tuple[str, tuple[str, ...], bytes], ...] = (
    ("dominoes: settings screen drawn", (), "Dominoes — a new match".encode()),
    ("dominoes play: table drawn", ("play", "--seed", "1"), "· boneyard".encode()),
)


def _help_once() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "dominoes_tui", "--help"], capture_output=True, check=True, timeout=60)
    return time.perf_counter() - started


def _hello_once(level: str) -> float:
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "dominoes_tui", "bot", "--level", level],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(HELLO)
    proc.stdin.flush()
    proc.stdout.readline()
    elapsed = time.perf_counter() - started
    proc.stdin.close()
    proc.wait(timeout=30)
    return elapsed


def first_frame(args: tuple[str, ...], marker: bytes, size: tuple[int, int] = (80, 24), timeout: float = 30.0) -> float:
    """Seconds from starting `dominoes ARGS` in a fresh pseudo-terminal to the first output
    that shows `marker`; NaN if it never does (or the platform has no pseudo-terminals)."""
    try:
        import fcntl
        import pty
        import struct
        import termios
    except ImportError:  # not a POSIX system
        return math.nan
    with tempfile.TemporaryDirectory(prefix="dominoes-bench-") as home:
        env = dict(os.environ, DOMINOES_TUI_HOME=home, TERM=os.environ.get("TERM", "xterm-256color"))
        env.pop("NO_COLOR", None)
        leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "dominoes_tui", *args], stdin=follower, stdout=follower,
                                stderr=follower, env=env, start_new_session=True)
        os.close(follower)
        seen, elapsed = b"", math.nan
        try:
            while time.perf_counter() - started < timeout:
                ready, _, _ = select.select([leader], [], [], 0.5)
                if not ready:
                    continue
                try:
                    chunk = os.read(leader, 1 << 16)
                except OSError:  # the program ended
                    break
                if not chunk:
                    break
                seen = seen[-len(marker):] + chunk  # the marker may straddle two reads
                if marker in seen:
                    elapsed = time.perf_counter() - started
                    break
        finally:
            proc.terminate()
            try:
                _drain_until_exit(leader, proc)
            finally:
                os.close(leader)
    return elapsed


def _drain_until_exit(leader: int, proc: subprocess.Popen[bytes]) -> None:
    """Read what the program still writes while it shuts down, so it never blocks on a full
    terminal; kill it if it has not ended in ten seconds."""
    deadline = time.perf_counter() + 10
    while proc.poll() is None and time.perf_counter() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                os.read(leader, 1 << 16)
            except OSError:
                break
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)


def _row(what: str, times: list[float], target: float | None) -> dict[str, Any]:
    good = [t for t in times if not math.isnan(t)] or [math.nan]
    row = {"what": what, "runs": len(times), "median_s": statistics.median(good), "min_s": min(good),
           "max_s": max(good)}
    if target is not None:
        row["target_s"] = target
    return row


def first_screens(runs: int = 7) -> list[dict[str, Any]]:
    """Both first screens, started in turn `runs` times each."""
    times: dict[str, list[float]] = {what: [] for what, _, _ in SCREENS}
    for _ in range(runs):
        for what, args, marker in SCREENS:
            times[what].append(first_frame(args, marker))
    return [_row(what, times[what], None) for what, _, _ in SCREENS]


def startup_times(runs: int = 7) -> list[dict[str, Any]]:
    rows = []
    commands: tuple[tuple[str, Callable[[], float], float], ...] = (
        ("dominoes --help", _help_once, 0.15),
        ("dominoes bot: hello answered (hard)", lambda: _hello_once("hard"), 0.3),
    )
    for what, once, target in commands:
        rows.append(_row(what, [once() for _ in range(runs)], target))
    return rows + first_screens(runs)
