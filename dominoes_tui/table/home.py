"""The data folder and the remembered settings, readable without the engine: the
command line reads the chosen language before it knows which command runs."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SETTINGS_NAME = "settings.json"


def home() -> Path:
    if os.environ.get("DOMINOES_TUI_HOME"):
        return Path(os.environ["DOMINOES_TUI_HOME"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dominoes_tui"


def settings_path() -> Path:
    return home() / SETTINGS_NAME


def load_settings() -> dict[str, Any]:
    """The settings remembered from last time; anything unreadable counts as none."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
