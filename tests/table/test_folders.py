"""The program's folders are each platform's own (platformdirs): the settings in the config
folder, the rest in the data folder; $DOMINOES_TUI_HOME puts all in one; settings and data
an older version kept in $XDG_DATA_HOME/dominoes_tui are still found."""
from __future__ import annotations

import json
from pathlib import Path

import platformdirs.windows
import pytest

from dominoes_tui.table import home as folders
from dominoes_tui.table import saves

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


@pytest.fixture
def no_one_folder(monkeypatch: pytest.MonkeyPatch) -> Path:
    """No $DOMINOES_TUI_HOME and no XDG folders set (platformdirs honours those on macOS too)."""
    monkeypatch.delenv("DOMINOES_TUI_HOME")
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable)
    return Path.home()


def test_linux_keeps_settings_in_the_xdg_config_folder_and_the_rest_in_the_data_folder(no_one_folder: Path,
                                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert folders.config_home("linux") == no_one_folder / ".config" / "dominoes_tui"
    assert folders.home("linux") == no_one_folder / ".local" / "share" / "dominoes_tui"
    monkeypatch.setenv("XDG_CONFIG_HOME", "/elsewhere/config")
    monkeypatch.setenv("XDG_DATA_HOME", "/elsewhere/data")
    assert folders.config_home("linux") == Path("/elsewhere/config/dominoes_tui")
    assert folders.home("linux") == Path("/elsewhere/data/dominoes_tui")


def test_macos_keeps_both_in_application_support(no_one_folder: Path) -> None:
    support = no_one_folder / "Library" / "Application Support" / "dominoes_tui"
    assert folders.config_home("darwin") == support
    assert folders.home("darwin") == support


def test_windows_keeps_both_in_local_appdata(no_one_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    local = r"C:\Users\ana\AppData\Local"
    monkeypatch.setattr(platformdirs.windows, "get_win_folder",
                        lambda name: {"CSIDL_LOCAL_APPDATA": local}.get(name, r"C:\Users\ana\AppData\Roaming"))
    assert str(folders.config_home("win32")).startswith(local) and folders.config_home("win32").name == "dominoes_tui"
    assert folders.home("win32") == folders.config_home("win32")


def test_an_older_versions_data_folder_is_still_used_on_macos(no_one_folder: Path) -> None:
    older = no_one_folder / ".local" / "share" / "dominoes_tui"
    older.mkdir(parents=True)
    assert folders.home("darwin") == older  # its saves and records are there
    (no_one_folder / "Library" / "Application Support" / "dominoes_tui").mkdir(parents=True)
    assert folders.home("darwin") != older  # once the platform's own folder exists, it is that


def test_dominoes_tui_home_holds_everything(dominoes_home: Path) -> None:
    for platform in ("linux", "darwin", "win32"):
        assert folders.home(platform) == folders.config_home(platform) == dominoes_home


def test_settings_are_saved_in_the_config_folder_and_an_older_file_is_still_read(no_one_folder: Path) -> None:
    older = no_one_folder / ".local" / "share" / "dominoes_tui" / "settings.json"
    older.parent.mkdir(parents=True)
    older.write_text(json.dumps({"speed": "slow", "language": "de"}))
    assert saves.load_settings() == {"speed": "slow", "language": "de"}  # found where the older version kept it
    assert saves.store_settings({"speed": "fast", "language": "de"})
    assert saves.settings_path() == no_one_folder / ".config" / "dominoes_tui" / "settings.json"
    assert json.loads(saves.settings_path().read_text())["speed"] == "fast"
    assert saves.load_settings()["speed"] == "fast"  # the config folder's file wins from now on
    assert json.loads(older.read_text())["speed"] == "slow"  # the older file is left as it was
