"""Every test, wherever it lives, gets its own data folder and home folder (tests/conftest.py)."""
from __future__ import annotations

import os
from pathlib import Path

from dominoes_tui.table import saves

STARTED_WITH = os.environ.get("HOME")  # read when pytest collects this file, before any fixture


def test_a_test_outside_the_ui_net_and_records_folders_writes_nowhere_real(dominoes_home: Path, tmp_path: Path) -> None:
    assert saves.home() == dominoes_home and dominoes_home.is_relative_to(tmp_path)
    assert str(Path.home()) != STARTED_WITH and Path.home().exists() and not any(Path.home().iterdir())
    assert all(os.environ[v].startswith(str(Path.home())) for v in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"))
