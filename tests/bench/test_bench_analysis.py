"""`dominoes bench --only analysis`: seconds to analyse a whole 2-player Draw match."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.bench import analysis
from dominoes_tui.cli import main as cli_main


def test_analysis_times_a_whole_match() -> None:
    row = analysis.analysis_times(2, seed=3, jobs=1, guesses=2)
    assert row["matches"] == 2 and row["guesses"] == 2 and row["target"] == 100
    assert 0 < row["min_s"] <= row["median_s"] <= row["max_s"]
    assert row["decisions_median"] > 20  # a whole match to 100, not a round
    assert row["cpu_s_median"] > 0  # the workers' time counted too
    assert "seconds a match" in "\n".join(analysis.format_analysis(row))


def test_bench_only_analysis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    quick = analysis.analysis_times

    def few_guesses(matches: int, seed: int, jobs: int | None = None, guesses: int = 0) -> dict[str, Any]:
        return quick(matches, seed, jobs=1, guesses=2)  # the real run's shape, in a second

    monkeypatch.setattr(analysis, "analysis_times", few_guesses)
    path = tmp_path / "bench.json"
    assert cli_main(["bench", "--quick", "--only", "analysis", "--json", str(path)]) == 0
    assert "Match analysis" in capsys.readouterr().out
    data = json.loads(path.read_text())
    assert data["analysis"]["matches"] == 1
    assert any(t["what"].startswith("a whole 2-player Draw match analysed") for t in data["targets"])
