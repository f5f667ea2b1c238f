"""UI tests: every test gets its own save folder, bots are instant and seeded."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def dominoes_home(tmp_path, monkeypatch):
    home = tmp_path / "dominoes-home"
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(home))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home
