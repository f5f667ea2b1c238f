"""The search studies (`python -m bench search|ismcts`): expert/hard rows in every variant,
and the ISMCTS peer, reported as not measured without an interpreter that has OpenSpiel."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from bench.clairvoyant import SEES_ALL
from bench.ismcts_peer import peer_version
from bench.search_report import main_ismcts
from bench.search_strength import SEARCH_MATCHUPS, SEARCH_TABLES, format_rows, search_row
from dominoes_tui.bots import make_bot
from dominoes_tui.bots.registry import BotSpecError, level_names


def test_the_peer_needs_an_interpreter_with_openspiel(tmp_path: Path) -> None:
    assert peer_version(None) == (None, "no --peer-python given")
    assert "does not exist" in peer_version(str(tmp_path / "nope"))[1]
    version, why = peer_version(sys.executable)  # ours: OpenSpiel is never one of our dependencies
    assert version is None and "not installed" in why


def test_search_rows_cover_every_variant_and_report_times() -> None:
    assert {v for v, _ in SEARCH_TABLES} == {"draw", "block", "allfives", "partner", "kozel", "duel"}
    row = search_row("duel", 2, "expert:5", "medium", units=1, seed=3, jobs=1, target_two=0.55)
    assert row["games"] == 2 and 0 <= row["share"] <= 1 and row["target"] == 0.55
    assert row["median_ms"] >= 0 and isinstance(row["met"], bool)
    three = search_row("draw", 3, "expert:5", "medium", units=1, seed=3, jobs=1, target_three=0.40)
    assert three["games"] == 3 and three["fair_share"] == pytest.approx(1 / 3) and three["target"] == 0.40
    # ahead of every rival is ahead of each: the head-to-head share is never below the winning one
    assert three["share"] <= three["head_to_head"] <= 1
    assert "ahead of each rival on its own" in "\n".join(format_rows([three]))
    teams = search_row("partner", 4, "medium", "easy", units=1, seed=3, jobs=1, target_two=0.55)
    assert teams["games"] == 2 and teams["fair_share"] == 0.5, "two teams: a fair share is a half"


def test_hard_is_measured_against_the_flat_sampler_it_replaced() -> None:
    assert ("hard", "flat") in [(strong, weak) for strong, weak, *_ in SEARCH_MATCHUPS]
    row = search_row("block", 2, "hard:5", "flat:5", units=1, seed=3, jobs=1, target_two=0.50)
    assert row["games"] == 2 and row["weak"] == "flat:5" and 0 <= row["share"] <= 1


def test_the_ceiling_sees_every_hand_and_is_no_level() -> None:
    """The studies' clairvoyant player wins what full sight of the hands wins; being a
    cheat by construction, no spec, server or app can seat it."""
    assert (SEES_ALL, "hard") in [(strong, weak) for strong, weak, *_ in SEARCH_MATCHUPS]
    with pytest.raises(BotSpecError):
        make_bot(SEES_ALL, random.Random(0))
    assert SEES_ALL not in level_names()
    # against medium in 2-player Block, solved from the first move on the true deal: three
    # rounds in four at least (6 deals, 12 rounds; always its first legal move: a quarter)
    row = search_row("block", 2, SEES_ALL, "medium", units=6, seed=3, jobs=1)
    assert row["games"] == 12 and row["share"] >= 0.75 and row["target"] is None and row["met"] is None


def test_the_ismcts_study_says_why_it_was_not_measured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bench.json"
    assert main_ismcts(["--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ISMCTS" in out and "not measured (no --peer-python given)" in out
    assert json.loads(path.read_text())["ismcts"]["rows"] == []
