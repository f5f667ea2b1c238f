"""Where the trainer's puzzles and rating come from when something is wrong: a forged
puzzles.json in the data folder is refused (kept aside) and the starter set is played; a
records file that is not a database leaves the rating unkept for the sitting, said why."""
from __future__ import annotations

import json

from dominoes_tui.records.puzzle_book import PuzzleBook
from dominoes_tui.records.puzzle_rating import MemoryLedger
from dominoes_tui.table.home import home
from dominoes_tui.training.store import STARTER, read_puzzles
from dominoes_tui.ui.screens.puzzles.puzzle_open import every_puzzle, open_ledger

from .fixture import puzzles


def data_folder():
    folder = home()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def forged(change) -> dict:
    data = puzzles()[0].to_json()
    change(data)
    return {"puzzles": [data]}


def test_a_puzzle_whose_answer_is_illegal_makes_the_file_refused() -> None:
    own = data_folder() / "puzzles.json"
    own.write_text(json.dumps(forged(lambda d: d.update(answer=["6-6 left"]))), encoding="utf-8")
    found, refused = every_puzzle()
    assert refused is not None and "'6-6 left' is not a legal move" in refused
    assert "puzzle 1" in refused
    assert len(found) == len(read_puzzles(STARTER))
    assert not own.exists() and list(home().glob("puzzles*.json*"))  # kept aside, not written over


def test_a_null_field_makes_the_file_refused() -> None:
    (data_folder() / "puzzles.json").write_text(json.dumps(forged(lambda d: d.update(seat=None))), encoding="utf-8")
    found, refused = every_puzzle()
    assert refused is not None and "seat" in refused
    assert found


def test_a_records_file_that_is_not_a_database_is_kept_aside_and_a_new_one_keeps_the_rating() -> None:
    broken = data_folder() / "records.sqlite"
    broken.write_bytes(b"this is not a database" * 100)
    ledger, problem, notice = open_ledger()
    try:
        assert isinstance(ledger, PuzzleBook) and problem is None
        assert notice is not None and "records.sqlite" in notice and "kept as" in notice
        assert [p for p in data_folder().iterdir() if p.name.startswith("records.unreadable")]
    finally:
        ledger.close()


def test_records_that_cannot_be_used_leave_the_rating_unkept_with_the_reason(monkeypatch) -> None:
    monkeypatch.setenv("DOMINOES_TUI_DB", "mysql://somewhere/records")
    ledger, problem, notice = open_ledger()
    assert isinstance(ledger, MemoryLedger) and notice is None
    assert problem is not None and "SQLite or PostgreSQL only" in problem


def test_working_records_keep_the_rating() -> None:
    ledger, problem, _notice = open_ledger()
    try:
        assert isinstance(ledger, PuzzleBook) and problem is None
    finally:
        ledger.close()
