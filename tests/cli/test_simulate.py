"""`dominoes simulate` and `dominoes replay` as a user runs them."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dominoes_tui.cli import main
from dominoes_tui.engine import VARIANTS
from dominoes_tui.engine.gamelog import load_matches


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dominoes_tui", *args], capture_output=True, text=True, timeout=120)


def test_summary_lists_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "draw", "--players", "3", "--matches", "12", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Draw, 3 players, target 61: 12 matches" in out
    for seat in (1, 2, 3):  # counted from 1, as a person counts
        assert f"seat {seat} (random)" in out
    assert "seat 0" not in out
    assert "rounds per match" in out and "longest" in out


def test_json_summary_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "partner", "--matches", "10", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"] == 10 and len(data["sides"]) == 2
    assert sum(side["wins"] for side in data["sides"]) == 10
    assert data["longest_match_seconds"] >= data["average_match_seconds"] > 0


def test_kozel_summary_counts_the_goat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "kozel", "--players", "3", "--matches", "6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(side["kozel"] for side in data["sides"]) >= 6
    assert data["target"] == 101


def test_same_seed_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for _ in range(2):
        main(["simulate", "--variant", "allfives", "--matches", "5", "--seed", "9", "--json"])
        data = json.loads(capsys.readouterr().out)
        outs.append([side["average_points"] for side in data["sides"]])
    assert outs[0] == outs[1]


@pytest.mark.parametrize(("variant", "players"), [(v, p) for v, r in VARIANTS.items() for p in r.players])
def test_log_for_every_variant_replays(variant: str, players: int, tmp_path: Path, capsys) -> None:
    log = tmp_path / "run.jsonl"
    args = ["simulate", "--variant", variant, "--players", str(players), "--matches", "3", "--seed", "1", "--log", str(log)]
    assert main(args) == 0
    matches = load_matches(log.read_text())
    assert len(matches) == 3 and all(m.is_over for m in matches)
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "3 matches checked against the rules" in out


def test_options_and_target_reach_the_table(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    assert main(["simulate", "--variant", "partner", "--matches", "1", "--target", "50",
                 "--option", "capicu_bonus=25", "--option", "partner_lead_rule=fid", "--log", str(log)]) == 0
    start = json.loads(log.read_text().splitlines()[0])
    assert start["target"] == 50
    assert start["options"]["capicu_bonus"] == 25 and start["options"]["partner_lead_rule"] == "fid"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "poker"], "unknown variant 'poker'; allowed: draw, block, allfives, partner, kozel, duel"),
        (["--variant", "duel", "--players", "3"], "Classic Duel is played by 2 players, not 3"),
        (["--variant", "partner", "--players", "2"], "Partner is played by 4 players, not 2"),
        (["--option", "spinner=on"], "unknown option 'spinner' for draw; allowed: first_lead, boneyard_reserve"),
        (["--option", "boneyard_reserve=7"], "option boneyard_reserve: '7' is not allowed; allowed: 0, 1, 2"),
        (["--variant", "partner", "--target", "75"], "option target_score: 75 is not allowed; allowed: 50, 100, 150, 200, 500"),
        (["--option", "first_lead"], "--option 'first_lead': write it as NAME=VALUE"),
        (["--bots", "genius"], "unknown bot level 'genius'; allowed:"),
        (["--bots", "random,random,random"], "--bots names 3 bots for 2 seats"),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(args: list[str], message: str) -> None:
    result = run("simulate", *args, "--matches", "1")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_replay_names_the_broken_line(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    assert main(["simulate", "--matches", "1", "--log", str(log)]) == 0
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:2] + ["{oops"] + lines[3:]))
    result = run("replay", str(log))
    assert result.returncode == 2
    assert "line 3: not valid JSON" in result.stderr and "Traceback" not in result.stderr


def test_replay_of_a_missing_file() -> None:
    result = run("replay", "/nonexistent/x.jsonl")
    assert result.returncode == 2 and "cannot read" in result.stderr


def test_one_match_of_one_round_is_said_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "one.jsonl"
    assert main(["simulate", "--matches", "1", "--target", "1", "--seed", "1", "--log", str(log)]) == 0
    assert ": 1 match\n" in capsys.readouterr().out
    assert main(["replay", "--check", str(log)]) == 0
    out = capsys.readouterr().out
    assert ": 1 round, final" in out and "1 match checked" in out
