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


def test_repeatability_counts_what_the_seeds_name_differently() -> None:
    from bench.analysis_study import repeatability

    same = [(1, 0.30, "blunder"), (2, 0.0, "best"), (5, 0.06, "inaccuracy")]
    other = [(1, 0.26, "blunder"), (2, 0.01, "good"), (5, 0.04, "good")]
    rep = repeatability([[same, other]])
    assert rep["decisions"] == 3 and rep["blunder_rows"] == 1 and rep["blunder_disagreements"] == 0
    assert rep["named_disagreements"] == 1  # best and good are both "ok"; inaccuracy and good differ
    assert rep["widest_spread"] == pytest.approx(0.04)


def test_seeds_mode_reports_repeatability(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--seeds", "2", "--matches", "1", "--guesses", "3", "--target", "15", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Repeatability: 1 matches" in out and "Analysis: mean loss" not in out
