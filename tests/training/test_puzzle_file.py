"""Puzzle files are checked, never trusted: every forged field is refused with one line."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.training import Puzzle, PuzzleError
from dominoes_tui.training.check import puzzle_from_json
from dominoes_tui.training.puzzle import content_id
from dominoes_tui.training.store import STARTER, dumps, loads, read_puzzles, write_puzzles


@pytest.fixture(scope="module")
def real() -> dict[str, Any]:
    return read_puzzles(STARTER)[0].to_json()


def _forged(real: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(real)
    data.update(changes)
    if "id" not in changes:  # the id made to fit, so the check must find the fault itself
        data["id"] = content_id(data["variant"], data["players"], data["options"], data["seat"], tuple(data["log"]))
    return data


def test_a_puzzle_reads_back_as_it_was_written(real: dict[str, Any]) -> None:
    puzzle = puzzle_from_json(real)
    assert puzzle.to_json() == real
    assert loads(dumps([puzzle])) == [puzzle]


def test_the_id_is_the_hash_of_the_position_and_the_same_on_every_run(real: dict[str, Any]) -> None:
    p = puzzle_from_json(real)
    again = Puzzle(p.variant, p.players, p.options, p.seat, p.log, p.answer, p.solved)
    assert again.id == p.id and len(p.id) == 16


def _refused(data: object, words: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        puzzle_from_json(data)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_an_id_that_is_not_the_hash_of_the_position_is_refused(real: dict[str, Any]) -> None:
    _refused({**real, "id": "0" * 16}, "is not the hash of its position")


def test_an_answer_that_is_not_legal_at_the_position_is_refused(real: dict[str, Any]) -> None:
    legal_tiles = {a.split()[0] for a in real["answer"]}
    other = next(t for t in ("6-6", "5-5", "0-0", "1-3") if t not in legal_tiles)
    _refused(_forged(real, answer=[f"{other} up"]), "is not a legal move")
    _refused(_forged(real, answer=["seven"]), "is not a move")
    _refused(_forged(real, answer=[real["answer"][0], real["answer"][0]]), "names a move twice")


def test_a_seat_that_is_not_the_mover_is_refused(real: dict[str, Any]) -> None:
    other = (real["seat"] + 1) % real["players"]
    _refused(_forged(real, seat=other), "is not the one to move")


def test_a_log_that_does_not_replay_is_refused(real: dict[str, Any]) -> None:
    log = copy.deepcopy(real["log"])
    deal = next(e for e in log if e["event"] == "round_start")
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]
    _refused(_forged(real, log=log), "its log breaks the rules")
    _refused(_forged(real, log=[{"event": "boom"}]), "match_start")
    _refused(_forged(real, log=[]), "its log must be a list")


@pytest.mark.parametrize("field,value,words", [
    ("players", "2", "number of players, options and seat"),
    ("players", True, "number of players, options and seat"),
    ("seat", None, "number of players, options and seat"),
    ("variant", "chess", "its table cannot be played"),
    ("options", {"first_lead": "SIDEWAYS"}, "its table cannot be played"),
    ("solved", "yes", "solved must be true or false"),
    ("rating", 1e308 * 10, "its rating"),
    ("rating", True, "its rating"),
    ("rating", -5, "its rating"),
    ("theme", ["cheating"], "its themes"),
    ("theme", "double", "its themes"),
    ("answer", [], "its answer"),
    ("answer", ["x" * 100], "its answer"),
])
def test_fields_of_the_wrong_type_or_past_their_bounds_are_refused(real: dict[str, Any], field: str, value: Any,
                                                                   words: str) -> None:
    _refused(_forged(real, **{field: value}) if field not in ("variant", "options", "players", "seat")
             else {**real, field: value}, words)


def test_a_missing_field_and_a_value_that_is_no_puzzle_are_refused(real: dict[str, Any]) -> None:
    _refused({k: v for k, v in real.items() if k != "answer"}, "needs the field 'answer'")
    _refused([real], "a puzzle is a JSON object")


def test_a_file_is_refused_whole_naming_the_puzzle_and_its_fault(real: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"puzzles": [real, {**real, "id": "f" * 16}]}))
    with pytest.raises(PuzzleError, match="puzzle 2: its id"):
        read_puzzles(path)
    for text, words in [('{"puzzles": [NaN]}', "NaN"), ("[]", '"puzzles" list'), ("{", "not valid JSON")]:
        with pytest.raises(PuzzleError, match=words):
            loads(text)


def test_a_gzipped_file_reads_as_the_plain_one(real: dict[str, Any], tmp_path: Path) -> None:
    puzzle = puzzle_from_json(real)
    write_puzzles(tmp_path / "p.json.gz", [puzzle])
    assert (tmp_path / "p.json.gz").read_bytes()[:2] == b"\x1f\x8b"
    assert read_puzzles(tmp_path / "p.json.gz") == [puzzle]
    (tmp_path / "bad.json.gz").write_bytes(b"\x1f\x8b" + b"\x00" * 20)
    with pytest.raises(PuzzleError, match="gzip"):
        read_puzzles(tmp_path / "bad.json.gz")
