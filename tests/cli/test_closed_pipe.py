"""A reader that stops early (`dominoes stats --json | head`, `| true`) ends a command
quietly: no BrokenPipeError traceback."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest


def run_into_closed_pipe(home, *args: str) -> subprocess.CompletedProcess[str]:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before the first line is written
    try:
        return subprocess.run([sys.executable, "-m", "dominoes_tui", *args], stdout=write_end, stderr=subprocess.PIPE,
                              text=True, timeout=120, env={**os.environ, "DOMINOES_TUI_HOME": str(home)})
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [
    ("stats", "--json"),
    ("stats",),
    ("simulate", "--matches", "2", "--jobs", "1", "--json"),
    ("tournament", "--entrants", "easy,heaviest,medium,Ana", "--rounds", "1", "--jobs", "1"),
    ("--help",),
])
def test_a_closed_pipe_is_quiet(tmp_path, args) -> None:
    done = run_into_closed_pipe(tmp_path, *args)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
    assert done.returncode in (0, 141)

