"""A seed and a rating: a match dealt from a seed a person chose is practice, never
rated; a bot-only simulation is rated whatever its seed (no person knows the deal, no
bot reads the seed). The behaviour and the README say the same."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_tui.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def test_a_seeded_simulation_is_rated_and_the_readme_says_so(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'records.sqlite'}"
    assert main(["simulate", "--bots", "heaviest,easy", "--matches", "4", "--seed", "3", "--jobs", "1",
                 "--record", "--db", db]) == 0
    capsys.readouterr()
    assert main(["stats", "--json", "--db", db]) == 0
    board = json.loads(capsys.readouterr().out)["leaderboard"]
    assert sorted(row["name"] for row in board) == ["bot:easy", "bot:heaviest"]
    assert all(row["matches"] == 4 for row in board)  # every seeded match rated
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "Bot-only matches (`dominoes simulate --record`) are rated whatever their seed" in text


def test_a_seeded_match_with_a_person_is_not_rated() -> None:
    from dominoes_tui.engine import make_config
    from dominoes_tui.records import summarize
    from dominoes_tui.table.client import SeatInfo
    from dominoes_tui.table.local import LocalTable

    table = LocalTable.new(make_config("draw", 2, 1), [SeatInfo("Ana", "human"), SeatInfo("Bot", "bot", "easy")], seed=3)
    match = table.match
    while not match.is_over:
        if match.phase == "playing":
            match.apply(match.legal_moves()[0], match.to_act)
        else:
            match.begin_round()
    assert not summarize(match, source="local", seeded=True).rated
