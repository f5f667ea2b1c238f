"""`python -m bench analysis`: the levels' mean loss per move, each with its interval."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.analysis_study import analyse_one, level_row, main


def test_one_match_is_analysed_for_the_tested_seat() -> None:
    row = analyse_one(("easy", "medium", "draw", 2, 20, 5, 1, 4))
    assert row["level"] == "easy" and row["moves"] > 0 and 0 <= row["mean_loss"] <= 1
    summary = level_row("easy", [row, dict(row, mean_loss=row["mean_loss"] + 0.01)])
    assert summary["matches"] == 2 and summary["ci"][0] <= summary["mean_loss"] <= summary["ci"][1]


def test_quick_run_reports_every_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "study.json"
    assert main(["--quick", "--matches", "2", "--guesses", "3", "--target", "15", "--jobs", "1",
                 "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "mean loss" in out and "easy > medium > hard by the means" in out
    data = json.loads(path.read_text())
    assert [r["level"] for r in data["levels"]] == ["easy", "medium", "hard"]
    assert all(r["matches"] == 2 for r in data["levels"])


def test_bad_counts_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--matches", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
