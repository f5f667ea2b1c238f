"""`dominoes host` on an address it cannot listen on says so at once, in one line: it
waited 30 s for a server that had already failed, then printed an empty reason and the
failed task's traceback."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path


def host(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "dominoes_tui", "host", "--no-save", *args], capture_output=True,
                          text=True, timeout=60, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
                                                      "DOMINOES_TUI_HOME": str(tmp_path / "data")})
    return done, time.monotonic() - started


def test_a_port_in_use_is_one_line_at_once(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done, seconds = host(tmp_path, "--port", str(port))
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"dominoes host: cannot listen on 127.0.0.1:{port}: that address is already in use"]
    assert seconds < 20  # not the 30 s wait for a server that never came up


def test_a_port_out_of_range_is_refused(tmp_path: Path) -> None:
    done, _ = host(tmp_path, "--port", "99999")
    assert done.returncode == 2 and done.stderr.strip() == "dominoes host: 99999 is not a port (0 to 65535)"
