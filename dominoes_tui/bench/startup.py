"""How long commands take to answer: `dominoes --help`, and `dominoes bot` to its hello.

Each is started afresh `runs` times (the median is the figure) with this interpreter, as
a person or a table would start it.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

HELLO = b'{"type": "hello", "protocol": 1}\n'


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


def startup_times(runs: int = 7) -> list[dict[str, Any]]:
    rows = []
    for what, once, target in (("dominoes --help", _help_once, 0.15),
                               ("dominoes bot: hello answered (hard)", lambda: _hello_once("hard"), 0.3)):
        times = [once() for _ in range(runs)]
        rows.append({"what": what, "runs": runs, "median_s": statistics.median(times), "min_s": min(times),
                     "max_s": max(times), "target_s": target})
    return rows
