"""`python -m bench`: the studies listed with what each measures, one run by name, and a
wrong name said in a line."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import STUDIES, main

ROOT = Path(__file__).resolve().parents[2]


def test_the_list_names_every_study_and_where_the_figures_are(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    text = capsys.readouterr().out
    studies = {"strength", "search", "ismcts", "ismcts-local", "analysis", "play-style", "exact", "bias", "decode", "puzzles",
               "same-logs", "encode"}
    for name in studies:
        assert f"  {name} " in text
    assert set(STUDIES) == studies
    assert "bench/README.md" in text and "dominoes bench" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_an_unknown_study_is_said_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vibes"]) == 2
    err = capsys.readouterr().err
    assert "unknown study 'vibes'" in err and "play-style" in err and len(err.strip().splitlines()) == 1


def test_a_study_gets_the_options_after_its_name(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", list(sys.argv))  # main() hands the study its own argv
    assert main(["play-style", "--deals", "0"]) == 2
    assert "--deals must be at least 1" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["ismcts-local", "--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("usage: python -m bench ismcts-local")


def test_every_study_answers_help() -> None:
    """Each entry point exists and parses its own options (imports and all)."""
    for name in STUDIES:
        out = subprocess.run([sys.executable, "-m", "bench", name, "--help"], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith(f"usage: python -m bench {name}")
