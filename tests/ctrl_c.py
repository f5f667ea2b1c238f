"""Ctrl-C sent to a long command at a chosen moment, for the tests that check it stops
cleanly with a report of what finished."""
from __future__ import annotations

import signal
import subprocess
from pathlib import Path


def interrupted_when(argv: list[str], marker: str, *, stream: str = "stderr",
                     cwd: Path | None = None) -> tuple[subprocess.Popen[str], str, str]:
    """Run `argv` and send Ctrl-C once a line of its `stream` ("stdout" or "stderr")
    holds `marker`: the process (ended), the rest of its output and its errors."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = proc.stdout if stream == "stdout" else proc.stderr
        assert lines is not None
        for line in lines:  # the command says what it is doing as it goes
            if marker in line:
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc, out, err
