"""UI tests: colours on whatever the environment says (the data folder comes from tests/conftest.py)."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def colours_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
