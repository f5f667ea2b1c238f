"""`dominoes analyze LOG` as a user runs it: the JSON, the summary in both languages, bad input."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_tui.cli import main
from dominoes_tui.engine import dumps
from tests.bots.helpers import first_rounds
from tests.ctrl_c import interrupted_when


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two short matches of a log (a round of Draw each)."""
    path = tmp_path_factory.mktemp("analyze") / "two.jsonl"
    path.write_text(dumps(first_rounds("draw", 2, seed=3).events) + dumps(first_rounds("draw", 3, seed=4).events))
    return path


def test_json_has_the_issue_shape(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(log), "--json", "--guesses", "4", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["matches"] and [m["match"] for m in data["matches"]] == [1, 2]
    for match in data["matches"]:
        assert list(match) == ["match", "seats", "moves"]
        for seat in match["seats"]:
            assert list(seat) == ["seat", "name", "moves", "mean_loss", "accuracy", "inaccuracies", "mistakes",
                                  "blunders"]
        for move in match["moves"]:
            assert list(move) == ["round", "seat", "ply", "played", "best", "loss", "error", "exact", "choices",
                                  "verdict"]
            assert isinstance(move["ply"], int) and isinstance(move["exact"], bool) and 0 <= move["error"] <= 1
            assert move["verdict"] in {"best", "good", "inaccuracy", "mistake", "blunder"}
    assert len(data["matches"][1]["seats"]) == 3


def test_one_match_one_seat(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--seat counts from 1, as the table and the summary do; --json keeps the log's 0-based seat."""
    assert main(["analyze", str(log), "--json", "--guesses", "4", "--match", "2", "--seat", "3"]) == 0
    (match,) = json.loads(capsys.readouterr().out)["matches"]
    assert match["match"] == 2 and [s["seat"] for s in match["seats"]] == [2]
    assert {m["seat"] for m in match["moves"]} == {2}


def test_summary_in_english_and_german(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(log), "--guesses", "4", "--match", "1"]) == 0
    out = capsys.readouterr().out
    assert "Match 1:" in out and "Accuracy" in out and "easy 0" in out and "easy 1" in out
    assert main(["--lang", "de", "analyze", str(log), "--guesses", "4", "--match", "1"]) == 0
    out = capsys.readouterr().out
    assert "Partie 1:" in out and "Genauigkeit" in out and "Patzer" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    seats = [m.group(1) for line in out.splitlines() if (m := re.match(r"\s+(\d+)\s+easy \d", line))]
    assert seats == ["1", "2"], out  # the seats counted from 1, as the table counts them


def test_the_keyboards_seat_is_du_in_german_and_you_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The log keeps the person at the keyboard as You; a German summary calls them Du,
    as the table did, while --json keeps the log's name in every language."""
    path = tmp_path / "you.jsonl"
    path.write_text(dumps(first_rounds("draw", 2, seed=3).events).replace('"name": "easy 0"', '"name": "You"', 1))
    assert main(["--lang", "de", "analyze", str(path), "--guesses", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert " Du " in out and "You" not in out
    assert main(["--lang", "de", "analyze", str(path), "--guesses", "4", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["matches"][0]["seats"][0]["name"] == "You"


@pytest.mark.parametrize("extra,words", [
    (["--match", "3"], "holds 2 matches"),
    (["--match", "0"], "holds 2 matches"),
    (["--seat", "3"], "--seat 3: match 1 has seats 1 to 2"),
    (["--seat", "0"], "--seat 0: match 1 has seats 1 to 2"),
    (["--seat", "-1"], "--seat -1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--guesses", "0"], "--guesses must be at least 1"),
    (["--think-ms", "-5"], "--think-ms must be more than 0"),
])
def test_bad_options_say_so_in_a_line(log: Path, extra: list[str], words: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(log), *extra]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_files_say_so_in_a_line(tmp_path: Path, log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    torn = tmp_path / "torn.jsonl"
    torn.write_text(log.read_text()[:300])
    cheat = tmp_path / "cheat.jsonl"
    lines = log.read_text().splitlines()
    plays = [i for i, line in enumerate(lines) if '"play"' in line]
    lines[plays[3]], lines[plays[4]] = lines[plays[4]], lines[plays[3]]  # two moves out of turn
    cheat.write_text("\n".join(lines) + "\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    for path, words in [(tmp_path / "missing.jsonl", "cannot read"), (tmp_path, "cannot read"),
                        (torn, "not a valid game log: line"), (cheat, "not a valid game log: line"),
                        (empty, "holds no match")]:
        assert main(["analyze", str(path)]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_text(dumps(first_rounds("draw", 2, seed=3).events) + dumps(first_rounds("draw", 2, seed=5, rounds=9).events))
    argv = [sys.executable, "-m", "dominoes_tui", "analyze", str(path), "--think-ms", "100", "--jobs", "2"]
    proc, out, err = interrupted_when(argv, "match 2 of 2", cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 130
    assert "Match 1:" in out and "Match 2:" not in out  # the finished match is reported
    assert "stopped (Ctrl-C) after 1 of 2 matches" in err and "Traceback" not in err


def test_the_command_is_listed() -> None:
    done = subprocess.run([sys.executable, "-m", "dominoes_tui", "--help"], capture_output=True, text=True, timeout=60)
    assert "analyze" in done.stdout
