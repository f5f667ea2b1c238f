"""engine/files.py: a write that fails halfway leaves the old file whole and no
temporary behind; every writer of the program goes through it."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dominoes_tui.engine import files, write_log
from dominoes_tui.table import saves
from dominoes_tui.table.private_files import write_private


def _fail_at_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", crash)


def test_a_write_that_fails_halfway_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "log.jsonl"
    files.atomic_write(target, "old\n")
    _fail_at_fsync(monkeypatch)
    with pytest.raises(OSError):
        files.atomic_write(target, "new, cut short\n")
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["log.jsonl"]  # no temporary left


def test_a_streamed_write_interrupted_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), files.atomic_writer(target) as f:
        f.write("half of a run")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["run.jsonl"]


@pytest.mark.parametrize("write", [
    lambda p: write_log(p, [{"event": "x"}]),
    lambda p: write_private(p, "secret"),
], ids=["game log", "private file"])
def test_every_writer_goes_through_the_atomic_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, write) -> None:
    target = tmp_path / "f"
    target.write_text("old")
    _fail_at_fsync(monkeypatch)
    with pytest.raises(OSError):
        write(target)
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["f"]


def test_settings_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    saves.store_settings({"speed": "slow"})
    _fail_at_fsync(monkeypatch)
    saves.store_settings({"speed": "instant"})  # fails quietly: settings are a convenience
    assert saves.load_settings() == {"speed": "slow"}
    assert os.listdir(tmp_path) == ["settings.json"]


def test_a_private_file_is_its_owners_only(tmp_path: Path) -> None:
    target = tmp_path / "tables" / "ABCD.json"
    write_private(target, "{}")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o700
