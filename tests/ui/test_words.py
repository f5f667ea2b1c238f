"""The words of the summaries: the scoring as arithmetic, how a round ended."""
from __future__ import annotations

from dominoes_tui.ui.narrate import describe, own_draws_since_last_move
from dominoes_tui.ui.words import arithmetic, how_it_ended, match_story, play_points_line, side_names
from tests.ui.helpers import SEATS, finished


def test_draw_arithmetic_names_every_term() -> None:
    for seed in range(30):
        config, report = finished("draw", 3, seed)
        if report.winner is not None and report.result == "domino":
            break
    line = arithmetic(report, config, SEATS[:3])[0]
    winner = SEATS[report.winner].name
    assert line.startswith(f"{winner} wins {report.points} = ")
    others = [s.name for i, s in enumerate(SEATS[:3]) if i != report.winner]
    assert all(f"({n})" in line for n in others)
    assert how_it_ended(report, config, SEATS[:3]).startswith("Domino:")


def test_partner_scores_per_team_and_kozel_records_penalties() -> None:
    config, report = finished("partner", 4, 3)
    assert side_names(config, SEATS) == ["Ana & Cleo", "Bob & Dan"]
    if report.winner is not None:
        assert arithmetic(report, config, SEATS)[0].startswith(side_names(config, SEATS)[report.winner])
    config, report = finished("kozel", 2, 4)
    lines = arithmetic(report, config, SEATS[:2])
    assert "records nothing" in lines[0]


def test_all_fives_shows_play_points_apart() -> None:
    for seed in range(40):
        config, report = finished("allfives", 2, seed)
        if any(report.play_points) and report.winner is not None:
            break
    assert "Scored in play" in play_points_line(report, SEATS[:2])
    assert "rounded to the nearest 5" in arithmetic(report, config, SEATS[:2])[0]


def test_story_lines_fold_draws_into_the_move() -> None:
    history = [
        {"event": "play", "seat": 0, "tile": "3-5", "end": None},
        {"event": "draw", "seat": 1, "tile": None},
        {"event": "draw", "seat": 1, "tile": None},
        {"event": "pass", "seat": 1},
        {"event": "draw", "seat": 0, "tile": "1-1"},
        {"event": "play", "seat": 0, "tile": "1-3", "end": "left"},
    ]
    assert describe(history, ["Ana", "Bot 1"]) == [
        "Ana led 3-5", "Bot 1 drew 2 tiles and passed", "Ana drew 1-1 and played 1-3 on the left",
    ]
    assert own_draws_since_last_move(history[:5], 0) == ["1-1"]


def test_match_story_tells_shutout_and_kozel() -> None:
    from dataclasses import replace

    config, report = finished("partner", 4, 3)
    over = replace(report, match_over=True, match_winner=0, scores=(100, 0), shutout=True)  # as report_from carries the verdict
    assert any("zu null" in line for line in match_story(over, config, SEATS))
    config, report = finished("kozel", 2, 4)
    over = replace(report, match_over=True, match_winner=0, match_loser=1)
    assert "Bob reached 101 and is the Kozel!" in match_story(over, config, SEATS[:2])[0]
