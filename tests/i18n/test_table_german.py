"""The playing table in German (issue 27): the move log, the seats, the summaries and
their sums in the players' words, counts in the right form ("1 Stein", "3 Steine"), and a
whole match played in German with no English sentence of the table left on screen."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dominoes_tui import i18n
from dominoes_tui.engine import Match, Seat, Tile, make_config
from dominoes_tui.engine.view import view_for
from dominoes_tui.table.client import RoundReport, SeatInfo
from dominoes_tui.ui.narrate import describe
from dominoes_tui.ui.render import Look
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen, hands_text
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.widgets.move_log import log_text
from dominoes_tui.ui.widgets.seats import seat_lines
from dominoes_tui.ui.words import arithmetic, how_it_ended
from tests.ui.helpers import SEATS, finished, make_app, play_through, screen_lines, settle

HISTORY = [
    {"event": "play", "seat": 0, "tile": "3-5", "end": None},
    {"event": "draw", "seat": 1, "tile": None},
    {"event": "pass", "seat": 1},
    {"event": "draw", "seat": 0, "tile": "1-1"},
    {"event": "play", "seat": 0, "tile": "1-3", "end": "left"},
    {"event": "draw", "seat": 1, "tile": None},
    {"event": "draw", "seat": 1, "tile": None},
    {"event": "draw", "seat": 1, "tile": None},
    {"event": "play", "seat": 1, "tile": "5-6", "end": "right"},
]


@pytest.fixture
def german() -> None:
    i18n.use("de")  # the autouse fixture `english` goes back afterwards


def test_the_move_log_speaks_german_and_counts_drawn_tiles_in_the_right_form() -> None:
    i18n.use("de")
    assert describe(HISTORY, ["Ana", "Bot 1"]) == [
        "Ana spielt 3-5 aus",
        "Bot 1 zieht 1 Stein und passt",
        "Ana zieht 1-1 und legt 1-3 links an",
        "Bot 1 zieht 3 Steine und legt 5-6 rechts an",
    ]
    i18n.use("en")  # and English keeps its own words
    assert describe(HISTORY, ["Ana", "Bot 1"]) == [
        "Ana led 3-5", "Bot 1 drew 1 tile and passed", "Ana drew 1-1 and played 1-3 on the left",
        "Bot 1 drew 3 tiles and played 5-6 on the right",
    ]


@pytest.mark.usefixtures("german")
def test_the_person_called_you_is_du_and_the_verbs_agree() -> None:
    assert describe(HISTORY, ["You", "Bot 1"])[:3] == [
        "Du spielst 3-5 aus", "Bot 1 zieht 1 Stein und passt", "Du ziehst 1-1 und legst 1-3 links an",
    ]


@pytest.mark.usefixtures("german")
def test_the_seats_say_1_stein_and_3_steine() -> None:
    seats = (SeatInfo("You", "human"), SeatInfo("Bot 1", "bot", "easy"), SeatInfo("Bot 2", "bot", "hard"))
    config = make_config("draw", 3)
    match = Match(config, random.Random(1), [Seat(s.name, s.kind, s.level) for s in seats], 1)
    match.begin_round()
    view = replace(view_for(match, 0), hand_sizes=(1, 3, 0))
    lines = [line.plain for line in seat_lines(view, seats, 0, Look(), False, 120)]
    assert lines[0].split()[1:3] == ["Du", "Mensch"] and " 1 Stein " in lines[0]  # after the turn's arrow
    assert " 3 Steine" in lines[1] and "leicht" in lines[1] and "Pkt." in lines[1]
    assert " 0 Steine" in lines[2] and "schwer" in lines[2]
    assert not any("tile" in line or "pts" in line for line in lines)


@pytest.mark.usefixtures("german")
def test_the_round_summary_says_its_sums_in_german() -> None:
    for seed in range(1, 40):
        config, report = finished("draw", 3, seed)
        if report.winner is not None and report.result == "domino":
            break
    winner = SEATS[report.winner].name
    line = arithmetic(report, config, SEATS[:3])[0]
    assert line.startswith(f"{winner} gewinnt {report.points} = "), line
    assert how_it_ended(report, config, SEATS[:3]) == f"Domino: {winner} hat den letzten Stein gelegt."
    you = (SeatInfo("You", "human"), *SEATS[1:3])
    if report.winner == 0:
        assert arithmetic(report, config, you)[0].startswith(f"Du gewinnst {report.points} = ")


@pytest.mark.usefixtures("german")
def test_a_hand_of_one_pip_is_1_auge() -> None:
    report = RoundReport(
        round=1, result="domino", winner=0, points=1, terms=((1, 1),), hands=((), (Tile(0, 1),)), went_out=0,
        blocker=None, capicu=False, play_points=(0, 0), scores=(1, 0), match_over=False, match_winner=None, match_loser=None,
    )
    text = hands_text(report, (SeatInfo("Ana", "human"), SeatInfo("Bot 1", "bot", "easy"))).plain
    assert "= 1 Auge" in text and "Ana    ausgegangen" in text


@pytest.mark.usefixtures("german")
def test_the_move_log_says_how_many_moves_are_out_of_sight_in_german() -> None:
    from rich.text import Text

    lines = [Text(f"Zug {n}") for n in range(10)]
    assert "4 weitere Züge seit deinem: g zeigt die ganze Runde" in log_text(lines, 3, 4, ">", Text()).plain


GERMAN = ("Runde", "Stein", "Partie", "Talon", "Punkte")
ENGLISH = ("Your turn", "Your lead", " is over", "Next round", "boneyard", " tiles", " tile ", " played ", " passed",
           " drew ", "Totals", "target", "The match", "Scores", "won the match", " wins ", "person")


async def test_a_seeded_match_played_in_german_shows_no_english_sentence_of_the_table() -> None:
    i18n.use("de")
    app = make_app("draw", players=2, seats="You", target=30, seed=7)
    seen: set[str] = set()
    original_settle = settle

    async with app.run_test(size=(80, 24)) as pilot:
        # play as a person would, reading every screen on the way
        import tests.ui.helpers as helpers

        async def reading_settle(a, p) -> None:
            await original_settle(a, p)
            if isinstance(a.screen, (TableScreen, RoundSummaryScreen, MatchEndScreen)):
                seen.add("\n".join(screen_lines(a)))

        helpers.settle = reading_settle  # play_through settles after every key: read the screen then
        try:
            played = await play_through(app, pilot)
        finally:
            helpers.settle = original_settle
        seen.add("\n".join(screen_lines(app)))
    assert played.rounds >= 1 and played.moves > 5
    text = "\n".join(seen)
    assert all(word in text for word in GERMAN), [w for w in GERMAN if w not in text]
    assert "Die Partie ist vorbei" in text and "Du bist dran" in text and "Stand:" in text
    english = [w for w in ENGLISH if w in text]
    assert english == [], english


@pytest.mark.usefixtures("german")
def test_kozel_penalties_are_written_down_in_german() -> None:
    config, report = finished("kozel", 2, 1)
    assert arithmetic(report, config, SEATS[:2]) == [
        "Bob gewinnt die Runde und schreibt nichts auf.", "Ana schreibt 36 Strafpunkte auf.",
    ]
    you = (SeatInfo("You", "human"), SEATS[1])
    assert arithmetic(report, config, you)[1] == "Du schreibst 36 Strafpunkte auf."
