"""Long runs as a person meets them: a progress bar on a terminal (and nothing extra
otherwise), and Ctrl-C that stops cleanly, keeping the matches that finished."""
from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.ctrl_c import interrupted_when

COMMAND = [sys.executable, "-m", "dominoes_tui"]


def finished_in(folder: Path, name: str) -> int:
    """Matches finished so far: the log is written as they finish, to a temporary file."""
    return sum(p.read_text(encoding="utf-8").count('"match_end"') for p in folder.glob(f".{name}.*"))


def wait_for(condition, what: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never {what}")
        time.sleep(0.02)


def interrupted_simulation(log: Path, finished: int, *extra: str) -> tuple[subprocess.Popen[str], str, str]:
    """2,000 medium matches logged to `log`, Ctrl-C once `finished` of them are done:
    the process (ended), its output and its errors."""
    proc = subprocess.Popen([*COMMAND, "simulate", "--bots", "medium", "--matches", "2000", *extra,
                             "--log", str(log)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: finished_in(log.parent, log.name) >= finished, f"{finished} matches finished")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc, out, err


def test_ctrl_c_keeps_the_matches_that_finished(tmp_path) -> None:
    log = tmp_path / "run.jsonl"
    proc, out, err = interrupted_simulation(log, 3, "--jobs", "2")
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode == 130
    done = int(re.search(r"(\d+) matches", out).group(1))  # the summary of those finished
    assert done >= 3 and f"stopped (Ctrl-C) after {done} of 2000 matches" in err
    text = log.read_text(encoding="utf-8")
    assert text.count('"match_start"') == text.count('"match_end"') == done  # exactly them
    assert not list(tmp_path.glob(".run.jsonl.*"))


def test_ctrl_c_with_one_process_and_json(tmp_path) -> None:
    log = tmp_path / "run.jsonl"
    proc, out, err = interrupted_simulation(log, 2, "--jobs", "1", "--json")
    assert "Traceback" not in err, err
    summary = json.loads(out)
    assert summary["matches"] >= 2
    assert log.read_text(encoding="utf-8").count('"match_end"') == summary["matches"]


def run_on_a_terminal(args: list[str]) -> tuple[int, str]:
    """Run with stdout and stderr on a pseudo-terminal, as in a person's shell."""
    main, child = pty.openpty()
    proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=child, stderr=child,
                            env={**os.environ, "COLUMNS": "100", "TERM": "xterm"})
    os.close(child)
    seen = b""
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError("no output for a minute")
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    return proc.wait(timeout=60), seen.decode("utf-8", "replace")


def test_a_progress_bar_on_a_terminal_with_rate_and_time_left() -> None:
    code, seen = run_on_a_terminal([*COMMAND, "simulate", "--matches", "400", "--jobs", "1"])
    assert code == 0
    assert re.search(r"\d+/400", seen) and "matches/s" in seen and "left" in seen
    assert "400 matches" in seen  # the summary, after the bar


def test_no_bar_with_json_or_off_a_terminal() -> None:
    code, seen = run_on_a_terminal([*COMMAND, "simulate", "--matches", "50", "--jobs", "1", "--json"])
    assert code == 0 and "/50" not in seen and "matches/s" not in seen
    done = subprocess.run([*COMMAND, "simulate", "--matches", "50", "--jobs", "1"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr == "" and "matches/s" not in done.stdout


def test_ctrl_c_stops_a_tournament_with_the_rounds_played(tmp_path) -> None:
    log = tmp_path / "t.jsonl"
    # quick bots: the six rounds after the first still take about a second, and Ctrl-C comes
    # as soon as the first is printed (a search bot made each round cost seconds of CPU)
    proc, rest, err = interrupted_when([*COMMAND, "tournament", "--entrants", "medium,easy,heaviest,random,Ana,Bo,Cy,Di",
                                        "--format", "roundrobin", "--jobs", "2", "--log", str(log)],
                                       "Round 1", stream="stdout")  # each round is printed as it ends
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode == 130
    rounds = int(re.search(r"stopped \(Ctrl-C\) after (\d+) of 7 rounds", err).group(1))
    said = "1 round" if rounds == 1 else f"{rounds} rounds"
    assert rounds >= 1 and f"Standings after {said} (stopped)" in rest
    assert log.read_text(encoding="utf-8").count('"match_end"') == 4 * rounds  # four tables a round, no more


def test_ctrl_c_stops_the_bench_with_a_report_of_what_finished() -> None:
    # each table of the timing part says so as it starts: at draw 3p the first has finished
    proc, out, err = interrupted_when([*COMMAND, "bench", "--only", "timing", "--quick"], "decision times, draw 3p")
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode == 130 and "stopped (Ctrl-C) during the timing part" in err
    assert re.search(r"draw 2p +medium +120 ", out)  # the table that finished is reported
