"""The program's folders and the remembered settings, readable without the engine: the
command line reads the chosen language before it knows which command runs.

Each platform's own folders (platformdirs, as Textual's own): the settings in the config
folder, saves, records and a host's tables in the data folder. On Linux these are the
XDG folders (`~/.config/dominoes_tui`, `~/.local/share/dominoes_tui`); macOS keeps them
in ~/Library/Application Support, Windows in %LOCALAPPDATA%. $DOMINOES_TUI_HOME puts them
all in one folder (the tests do; the SSH gateway gives each key's person one).

Older versions kept everything, the settings too, in $XDG_DATA_HOME/dominoes_tui (else
~/.local/share/dominoes_tui) on every platform: settings found only there are still read
(the next change is saved in the config folder), and a data folder found only there
is still used.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from platformdirs.api import PlatformDirsABC

APP = "dominoes_tui"
SETTINGS_NAME = "settings.json"


def _platform_dirs(platform: str) -> PlatformDirsABC:
    """The folders of `platform` (sys.platform's names); the tests ask for each one."""
    if platform == "darwin":
        from platformdirs.macos import MacOS

        return MacOS(APP, appauthor=False)
    if platform == "win32":
        from platformdirs.windows import Windows

        return Windows(APP, appauthor=False)
    from platformdirs.unix import Unix

    return Unix(APP, appauthor=False)


def _one_folder() -> Path | None:
    value = os.environ.get("DOMINOES_TUI_HOME")
    return Path(value) if value else None


def _older_home() -> Path:
    """Where versions before the platform's folders kept everything."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def home(platform: str = sys.platform) -> Path:
    """The data folder: saves, the club records, a host's tables."""
    one = _one_folder()
    if one is not None:
        return one
    if platform not in ("darwin", "win32"):
        return _older_home()  # the XDG data folder: where older versions kept it too
    native, older = Path(_platform_dirs(platform).user_data_dir), _older_home()
    return older if older.is_dir() and not native.exists() else native


def config_home(platform: str = sys.platform) -> Path:
    """The config folder: the settings."""
    one = _one_folder()
    return one if one is not None else Path(_platform_dirs(platform).user_config_dir)


def settings_path() -> Path:
    """Where the settings are saved."""
    return config_home() / SETTINGS_NAME


def _settings_found() -> Path:
    """Where the settings are read: the config folder's, else an older version's file."""
    path = settings_path()
    if path.exists():
        return path
    older = home() / SETTINGS_NAME
    return older if older.exists() else path


def load_settings() -> dict[str, Any]:
    """The settings remembered from last time; anything unreadable counts as none."""
    try:
        data = json.loads(_settings_found().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
