"""A lesson's progress file (ui/screens/learn/learn_progress.py): kept per match and seat,
written atomically, and a damaged one set aside, never trusted, never a crash."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dominoes_tui.table.home import home
from dominoes_tui.ui.screens.learn.learn_progress import FOLDER_NAME, ProgressFile

KEY = "ab" * 32


def test_each_seat_is_kept_beside_the_others(tmp_path: Path) -> None:
    store = ProgressFile(KEY, tmp_path)
    store.save(0, {"results": {"11": "first"}, "tries": {"24": 2}})
    store.save(1, {"results": {"7": "skipped"}, "tries": {}})
    again = ProgressFile(KEY, tmp_path)
    assert again.load(0) == {"results": {"11": "first"}, "tries": {"24": 2}}
    assert again.load(1) == {"results": {"7": "skipped"}, "tries": {}}
    assert again.load(2) is None and again.problem == ""
    assert [p.name for p in tmp_path.iterdir()] == [f"{KEY}.json"]  # no temporary file left


def test_the_data_folder_is_the_default() -> None:
    assert ProgressFile(KEY).path == home() / FOLDER_NAME / f"{KEY}.json"


def test_a_forged_key_names_no_file_outside_the_folder(tmp_path: Path) -> None:
    store = ProgressFile("../../etc/passwd", tmp_path)
    assert store.path.parent == tmp_path


@pytest.mark.parametrize("text", [
    "not json at all",
    "\xff\xfe",
    json.dumps([1, 2]),
    json.dumps({"version": 2, "seats": {}}),
    json.dumps({"version": 1, "seats": {"7": {"results": {}, "tries": {}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": {"11": "won"}, "tries": {}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": {"-1": "first"}, "tries": {}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": {}, "tries": {"11": 1e308}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": {}, "tries": {"11": None}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": {}, "tries": {"11": True}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": [], "tries": {}}}}),
    json.dumps({"version": 1, "seats": {"0": {"results": {}, "tries": {}, "extra": 1}}}),
    '{"version": 1, "seats": {"0": {"results": {}, "tries": {"11": NaN}}}}',
    " " * 1_000_001,
])
def test_a_damaged_file_is_set_aside_and_the_lesson_starts_afresh(tmp_path: Path, text: str) -> None:
    store = ProgressFile(KEY, tmp_path)
    store.path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
    assert store.load(0) is None
    assert "could not be read" in store.problem and "\n" not in store.problem
    aside = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(aside) == 1 and not store.path.exists()
    store.save(0, {"results": {"11": "shown"}, "tries": {}})  # the next save writes a good file
    assert ProgressFile(KEY, tmp_path).load(0) == {"results": {"11": "shown"}, "tries": {}}


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_a_file_that_cannot_be_read_is_said_in_words(tmp_path: Path) -> None:
    store = ProgressFile(KEY, tmp_path)
    store.save(0, {"results": {}, "tries": {}})
    store.path.chmod(0)
    assert store.load(0) is None and "cannot be read" in store.problem
