"""`dominoes simulate` at any size: the same seed gives the same summary and the same
log on any number of processes; shared Kozel wins keep the table's columns; the log
appears only whole."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_tui.cli import main
from dominoes_tui.commands.simulate import format_summary
from dominoes_tui.commands.simulate_run import Tally, play_all
from dominoes_tui.engine import make_config

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


def _summary(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("average_match_seconds", "longest_match_seconds", "total_seconds", "jobs"):
        data.pop(key)
    return data


@pytest.mark.parametrize(("variant", "players", "bots"), [("kozel", 3, "random"), ("allfives", 2, "medium,heaviest")])
def test_same_seed_same_summary_and_log_whatever_the_jobs(variant: str, players: int, bots: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for jobs in ("1", "2", "3"):
        log = tmp_path / f"run{jobs}.jsonl"
        data = _summary(capsys, "--variant", variant, "--players", str(players), "--bots", bots, "--matches", "23",
                        "--seed", "5", "--jobs", jobs, "--log", str(log))
        runs.append((data, log.read_bytes()))
    assert runs[0] == runs[1] == runs[2]
    assert runs[0][1].count(b'"match_start"') == 23


def test_a_shared_kozel_win_keeps_the_columns() -> None:
    config = make_config("kozel", 3)
    summary = Tally(config, ["random"] * 3).summary()
    summary["matches"] = 3
    for side, wins in zip(summary["sides"], (1 / 3 + 1, 1 / 3, 4 / 3)):
        side["wins"], side["win_rate"] = wins, wins / 3
    rows = format_summary(summary).splitlines()[3:6]
    assert [len(r) for r in rows] == [len(rows[0])] * 3
    assert "0.333333" not in "\n".join(rows) and "1.33" in rows[0]
    assert rows[1].split()[-4] == "0.33"


def test_a_run_that_fails_leaves_no_half_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dominoes_tui.commands import simulate_run

    log = tmp_path / "run.jsonl"
    log.write_text("the old log\n")
    real = simulate_run.play_one
    calls = []

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate_run, "play_one", failing)
    config = make_config("draw", 2)
    with pytest.raises(KeyboardInterrupt):
        play_all(config, ["random", "random"], 5, 1, 1, Tally(config, ["random"] * 2), str(log))
    assert log.read_text() == "the old log\n"
    assert [p.name for p in tmp_path.iterdir()] == ["run.jsonl"]


def test_notes_are_kept_to_twenty_and_counted() -> None:
    from dominoes_tui.bots.arena import MatchResult

    config = make_config("draw", 2)
    tally = Tally(config, ["random"] * 2)
    for i in range(30):
        tally.add(MatchResult(i, (0,), (), (61, 3), 2, (0, 0), 0.01, notes=(f"note {i}",)))
    s = tally.summary()
    assert len(s["notes"]) == 20 and s["notes_total"] == 30
    assert "… and 10 more" in format_summary(s)


def test_jobs_below_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
