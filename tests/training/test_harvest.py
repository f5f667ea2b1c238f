"""Harvesting a match: the analysis's marked moves first, the log cut at the position and
stripped of who played."""
from __future__ import annotations

import pytest

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.analysis import decisions
from dominoes_tui.bots.arena import result_of
from dominoes_tui.bots.runner import play_match
from dominoes_tui.engine import make_config
from dominoes_tui.engine.gamelog import parse_lines
from dominoes_tui.engine.seeds import seeded
from dominoes_tui.training import harvest as harvesting
from dominoes_tui.training.harvest import log_before


@pytest.fixture(scope="module")
def lines() -> list:
    bots = [make_bot("easy", seeded(5, s), f"Ana {s}") for s in range(2)]
    return parse_lines(result_of(play_match(make_config("draw", 2), bots, 5), True).log or "")


def test_the_marked_plies_are_tried_first(lines: list, monkeypatch: pytest.MonkeyPatch) -> None:
    plies = [d.ply for d in decisions(lines)[1]]
    looked: list[int] = []
    monkeypatch.setattr(harvesting, "_screened", lambda decision, seed: looked.append(decision.ply) or False)
    harvesting.harvest(lines, 1, first=[plies[-1], plies[3]], tries=2)
    assert set(looked) == {plies[-1], plies[3]}


def test_the_log_ends_before_the_position_and_names_no_one(lines: list) -> None:
    log = log_before(lines, 5)
    assert sum(e["event"] == "play" for e in log) == 5
    start = log[0]
    assert [s["name"] for s in start["seats"]] == ["A", "B"] and start["seed"] is None and "records" not in start


def test_the_bots_also_play_to_the_shortest_targets_and_the_log_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # where a round decides the match one move is clearly best more often: each variant's
    # tables hold its default target and the option's lowest value and lowest preset
    from dominoes_tui.training import selfplay

    assert {t for t in selfplay.tables("allfives") if t[1] == 2} == {("allfives", 2, None), ("allfives", 2, 1),
                                                                     ("allfives", 2, 100)}
    assert {t for t in selfplay.tables(["block", "partner"]) if t[1] == 4} == {
        ("block", 4, None), ("block", 4, 1), ("partner", 4, None), ("partner", 4, 50)}
    seen: list = []
    monkeypatch.setattr(selfplay, "harvest", lambda lines, seed, **kw: seen.append(lines) or [])
    selfplay.selfplay_puzzles(("allfives", 2, 100, 3))
    start = seen[0][0][1]
    assert start["options"]["target_score"] == 100 and start["target"] == 100
