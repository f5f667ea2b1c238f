"""The strength study (bench/strength.py, strength_study.py): seat-swapped units, shares
with their intervals and targets, and `python -m bench strength` end to end on tiny sizes.
No timed assertions: strength is measured by the study, never asserted here."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from bench.strength import MATCHUPS, head_to_head, play_unit, seatings
from bench.strength_study import main
from tests.ctrl_c import interrupted_when


def test_seatings_swap_every_seat() -> None:
    assert seatings(2, False) == [[0], [1]]
    assert seatings(4, True) == [[0, 2], [1, 3]]
    assert seatings(3, False) == [[0], [1], [2]]


def test_seat_swapped_units_see_the_same_deals() -> None:
    """The stronger level against itself: swapping seats on one deal set is exactly even."""
    r = play_unit(("draw", 2, "heaviest", "heaviest", 12345, None))
    assert r["matches"] == 2 and r["match_wins"] == 1.0
    three = play_unit(("draw", 3, "heaviest", "heaviest", 99, None))
    assert three["matches"] == 3 and three["match_wins"] == pytest.approx(1.0)


def test_head_to_head_reports_shares_intervals_and_targets() -> None:
    medium_vs_easy = next(m for m in MATCHUPS if m.name == "medium vs easy")
    out = head_to_head("draw", 2, medium_vs_easy, units=3, seed=1)
    assert out["matches"] == 6 and out["rounds"] > 0
    assert 0 <= out["match_share"] <= 1 and 0 <= out["round_share"] <= 1
    lo, hi = out["match_ci"]
    assert lo <= out["match_share"] <= hi
    assert out["target"] == 0.60 and isinstance(out["target_met"], bool)


def test_the_study_prints_every_table_and_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "strength.json"
    code = main(["--quick", "--units", "1", "--hard-units", "1", "--think-ms", "2", "--jobs", "1", "--json", str(path)])
    assert code == 0
    table = capsys.readouterr().out
    assert table.startswith("python -m bench strength --quick (seed 1,")
    assert "hard vs medium" in table and "medium vs heaviest" in table
    assert "PyPI dominoes players: not measured (no --peer-python given)" in table
    data = json.loads(path.read_text())
    assert len(data["strength"]) == 12
    assert {(s["variant"], s["players"]) for s in data["strength"]} == {("draw", 2), ("allfives", 2), ("partner", 4), ("draw", 3)}
    assert any(t["what"].startswith("hard vs medium") for t in data["targets"])


def test_the_study_refuses_empty_runs_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--units", "0"]) == 2
    err = capsys.readouterr().err
    assert "at least 1" in err and len(err.strip().splitlines()) == 1


def test_ctrl_c_stops_the_study_with_a_report_of_what_finished() -> None:
    """Ctrl-C while the workers play: they stop at once and print nothing; the study
    reports the tables that finished and says it was stopped."""
    root = Path(__file__).resolve().parents[2]
    # each table says so as it starts: at allfives the first has finished
    proc, out, err = interrupted_when([sys.executable, "-m", "bench", "strength", "--quick", "--jobs", "2"],
                                      "medium vs easy, allfives", cwd=root)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode == 130 and "python -m bench strength: stopped (Ctrl-C)" in err
    assert re.search(r"medium vs easy +draw 2p +32 ", out)  # the table that finished is reported
