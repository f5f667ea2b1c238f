"""The analysed match the learn tests go through (made by make_fixture.py)."""
from __future__ import annotations

import json
from pathlib import Path

from dominoes_tui.bots.analysis import MatchAnalysis
from dominoes_tui.ui.screens.learn.learn_model import Lesson
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps

HERE = Path(__file__).parent
PLIES = [11, 24, 26, 28]  # You's marked moves: ?!, ?!, ??, ??
BEST = {11: "0-0 right", 24: "3-6 right", 26: "1-2 left", 28: "0-3 left"}


def steps() -> ReplaySteps:
    return ReplaySteps.from_text((HERE / "match.jsonl").read_text(encoding="utf-8"))


def analysis_text() -> str:
    return (HERE / "analysis.json").read_text(encoding="utf-8")


def analysis() -> MatchAnalysis:
    return MatchAnalysis.from_json(json.loads(analysis_text()), 2)


def lesson(seat: int = 0) -> Lesson:
    return Lesson.build(steps(), analysis(), seat)
