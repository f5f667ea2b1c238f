"""Ctrl-C during a long bench part: the workers stop at once and print nothing; the
command alone reports what finished."""
from __future__ import annotations

import ast
import signal
import subprocess
import sys
import time
from pathlib import Path

SCRIPT = """
import sys, time
from dominoes_tui.workers import map_in_workers

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

def slow(n):
    time.sleep(0.05 if n < 2 else 30)
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
        assert proc.stdout.readline().startswith("done")  # a result came back: the workers are busy on the slow ones
        proc.send_signal(signal.SIGINT)
        started = time.monotonic()
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert "stopped" in out
    assert time.monotonic() - started < 15  # not held up by the 30-second tasks
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


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
