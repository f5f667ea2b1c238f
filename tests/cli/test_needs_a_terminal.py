"""A full-screen command without a terminal says so in one line and ends, non-zero: it
wrote screen codes nobody saw, never ended and kept a core busy (`dominoes join … |
head`, `dominoes board > out`, `dominoes play < /dev/null`)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("argv", [["join", "127.0.0.1:1"], ["board", "127.0.0.1:1"], ["play"], []],
                         ids=["join", "board", "play", "settings"])
def test_a_full_screen_command_without_a_terminal_says_so_and_ends(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "de_DE.UTF-8", "DOMINOES_TUI_HOME": str(tmp_path)}
    env.pop("TEXTUAL_DRIVER", None)
    done = subprocess.run([sys.executable, "-m", "dominoes_tui", *argv], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2
    assert done.stdout == ""  # no screen codes
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "braucht ein Terminal" in lines[0], done.stderr
    assert lines[0].startswith("dominoes" + (f" {argv[0]}:" if argv else ":"))
