"""Helpers shared by the tests of this folder."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dominoes_tui.engine import core

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != "DOMINOES_PURE"} | env
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=ROOT, env=environ, timeout=300).stdout.strip()


def expect_compiled() -> bool:
    """CI installs the compiled build and says so (DOMINOES_EXPECT_COMPILED=1, .ci/run):
    there a pure install is a failure, not a skip."""
    return core.flag(os.environ, "DOMINOES_EXPECT_COMPILED")
