"""Ctrl-C during a long bench part: the workers stop at once and print nothing; the
command alone reports what finished."""
from __future__ import annotations

import ast
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

SCRIPT = """
import sys, time
from dominoes_tui.workers import map_in_workers

def slow(n):
    time.sleep(0.05 if n < 2 else 3600)  # the slow ones never end while the test runs
    return n

if __name__ == "__main__":
    try:
        map_in_workers(slow, list(range(8)), 2, lambda done: print("done", done, flush=True))
    except KeyboardInterrupt:
        print("stopped", flush=True)
"""


def test_ctrl_c_stops_the_workers_without_a_traceback(tmp_path: Path) -> None:
    script = tmp_path / "slow_parts.py"  # a file: a worker that is not forked imports `slow` from it
    script.write_text(SCRIPT)
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # a result came back: the workers are busy on the slow ones
        assert first.startswith("done"), first or proc.communicate(timeout=20)[1]
        proc.send_signal(signal.SIGINT)
        # it ends at all only if it is not held up by the hour-long tasks: a generous
        # deadline for its exit (a busy machine's), not a timing of it
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert "stopped" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


STARTING = """
import os, signal
from dominoes_tui import workers

started = workers.context

def ctrl_c_while_starting(*preload):
    os.kill(os.getpid(), signal.SIGINT)  # held back while the pool starts: it comes as worker_pool returns
    return started(*preload)

if __name__ == "__main__":
    workers.context = ctrl_c_while_starting
    try:
        workers.worker_pool(2)
    except KeyboardInterrupt:
        import multiprocessing
        print("stopped", len(multiprocessing.active_children()), flush=True)
"""


def test_ctrl_c_while_a_pool_starts_leaves_no_worker_to_fail(tmp_path: Path) -> None:
    """The pool nobody got was left running: Python's exit then removed its queues'
    semaphores while a worker was still being started, and that worker printed a
    traceback (seen under a busy CI). Now it is ended before the Ctrl-C is raised."""
    script = tmp_path / "starting.py"
    script.write_text(STARTING)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "stopped 0"  # no worker left running
    assert "Traceback" not in done.stderr, done.stderr


def test_no_bench_part_runs_workers_that_die_of_ctrl_c() -> None:
    """A concurrent.futures pool's workers take Ctrl-C themselves and print a traceback
    each: every part of `dominoes bench`, and every study of the checkout's bench/, runs
    on workers.map_in_workers or worker_pool."""
    root = Path(__file__).resolve().parents[2]
    folders = [root / "dominoes_tui" / "bench", root / "bench"]
    scanned = 0
    offenders: list[str] = []
    for path in sorted(p for folder in folders for p in folder.glob("*.py")):
        scanned += 1
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "id", getattr(node, "attr", ""))
            if isinstance(node, ast.Name | ast.Attribute) and name == "ProcessPoolExecutor":
                offenders.append(str(path))
    assert scanned > 10, "both folders were read"
    assert offenders == []
