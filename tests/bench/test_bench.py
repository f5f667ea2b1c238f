"""`dominoes bench`: the parts work on tiny sizes and report what the issue asks for.
No timed assertions: speed is measured by the bench, never asserted here."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_tui.bench.speed import peer_partner_rounds, random_rounds
from dominoes_tui.bench.timing import decision_times, summarize_times
from dominoes_tui.cli import main as cli_main
from dominoes_tui.commands import bench as bench_command


def test_random_rounds_are_complete_rounds() -> None:
    out = random_rounds("partner", 4, 0.05, seed=2)
    assert out["rounds"] >= 1 and out["rounds_per_second"] > 0


def test_peer_is_not_measured_without_its_interpreter(tmp_path: Path) -> None:
    assert peer_partner_rounds(None, 0.1)["measured"] is False
    missing = peer_partner_rounds(str(tmp_path / "no-python"), 0.1)
    assert missing["measured"] is False and "does not exist" in missing["why"]


def test_summarize_times() -> None:
    s = summarize_times([0.001 * i for i in range(1, 101)])
    assert s["decisions"] == 100
    assert s["median_ms"] == pytest.approx(50.5)
    assert s["p95_ms"] == pytest.approx(95.0)
    assert s["max_ms"] == pytest.approx(100.0)


def test_decision_times_cover_every_level() -> None:
    out = decision_times("draw", 2, ["easy", "medium", "hard"], decisions=10, hard_decisions=2, seed=3, think_ms=5)
    assert out["easy"]["decisions"] == 10 and out["medium"]["decisions"] == 10 and out["hard"]["decisions"] == 2
    assert out["medium"]["median_ms"] <= out["medium"]["max_ms"]


def test_bench_command_prints_a_table_and_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # what is printed and written, not the figures: each measurement a twentieth of a second
    # (--quick's half a second, compiled and from the sources in eight tables, was 8 s)
    monkeypatch.setitem(bench_command.QUICK, "speed_seconds", 0.05)
    path = tmp_path / "bench.json"
    code = cli_main(["bench", "--quick", "--only", "speed", "--json", str(path)])
    assert code == 0
    table = capsys.readouterr().out
    assert "rounds per second" in table and "not measured" in table
    assert "Strength" not in table  # a research study now: python -m bench strength
    data = json.loads(path.read_text())
    assert {s["variant"] for s in data["speed"]} >= {"draw", "partner", "allfives"}
    assert data["peer"]["measured"] is False
    assert "strength" not in data
    assert any(t["what"].startswith("random 2-player Draw") for t in data["targets"])


def test_bench_refuses_unknown_parts(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["bench", "--only", "vibes"]) == 2
    assert "unknown part" in capsys.readouterr().err


@pytest.mark.parametrize("study", ["strength", "search", "ismcts"])
def test_bench_points_a_research_part_to_its_study(study: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The strength and search parts left the program for the checkout's bench/: asked
    for by their old names, the command says where they are now, in a line."""
    assert cli_main(["bench", "--only", f"speed,{study}"]) == 2
    err = capsys.readouterr().err
    assert f"unknown part {study!r}" in err and f"python -m bench {study}" in err
    assert len(err.strip().splitlines()) == 1


def test_bench_help_lists_exactly_what_remains(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main(["bench", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "speed,timing,startup,pairing,records" in text
    for gone in ("--units", "--hard-units", "--peer-units", "--strength-think-ms", "--search-units", "--ismcts"):
        assert gone not in text


def test_the_two_first_screens_are_timed_side_by_side() -> None:
    """Rough edge 14 of issue 9: the bench reports the settings screen and the table, each
    found drawn in a real pseudo-terminal (a marker never seen would be NaN)."""
    from dominoes_tui.bench import startup
    from dominoes_tui.bench.report import format_report, targets

    rows = startup.first_screens(1)
    assert [r["what"] for r in rows] == ["dominoes: settings screen drawn", "dominoes play: table drawn"]
    assert all(0 < r["median_s"] < 60 for r in rows)
    out = {"quick": True, "seed": 1, "machine": {"python": "3", "cores": 2}, "startup": rows, "seconds": 1.0}
    out["targets"] = targets(out)
    text = format_report(out)
    assert "first screens: settings / table" in text and "settings screen drawn" in text
    assert not [t for t in out["targets"] if "drawn" in t["what"]]  # compared with each other, not a target
