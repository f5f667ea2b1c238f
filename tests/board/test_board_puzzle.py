"""The puzzle of the evening on the board: which puzzle is shown and when (a clock the test
turns), that its answer is not in the board's data before its minute, that it holds only
its own position, and how it is drawn at 80×24 and 200×60, in English and German."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from dominoes_tui import i18n
from dominoes_tui.net.evening.evening_puzzle import ANSWER_S, QUESTION_S, SETTLE_S, WAIT_S, EveningPuzzle, Found
from dominoes_tui.ui.render import Look, plain
from dominoes_tui.ui.screens.hosted.board_render import render_board

from .fixtures import sample_board
from .puzzle_fixtures import ANSWER_FIELDS, Clock, harvested

SIZES = [(200, 60), (80, 24)]
TILE = re.compile(r'"(\d-\d)')
def _found(solved: bool, clear: float, table: str = "KXMP") -> Found:
    real = harvested()[0]
    return Found({**real.puzzle, "solved": solved}, clear, real.position, table, 1)


def test_when_a_round_is_over_the_clearest_proved_puzzle_is_shown() -> None:
    clock = Clock()
    evening = EveningPuzzle(clock)
    evening.found(_found(False, 0.9, "ESTI"))
    evening.found(_found(True, 0.2, "PROV"))
    evening.found(_found(True, 0.3, "BEST"))
    assert evening.board_part() is None, "nothing is shown while the round is being played"
    evening.round_over()
    part = evening.board_part()
    assert part is not None and part["table"] == "BEST" and part["answer_in"] == QUESTION_S


def test_the_choice_waits_a_moment_for_the_rounds_last_matches() -> None:
    """Tried by hand: an estimated puzzle went up as the round ended, and the proved one
    of the round's last match came two seconds later."""
    clock = Clock()
    evening = EveningPuzzle(clock)
    searching = [True]
    evening.searching = lambda: searching[0]
    evening.found(_found(False, 0.5, "ESTI"))
    evening.round_over()
    assert evening.board_part() is None, "the round's last match is still being harvested"
    clock.now += 2
    evening.found(_found(True, 0.2, "PROV"))
    searching[0] = False
    part = evening.board_part()
    assert part is not None and part["table"] == "PROV"
    slow = EveningPuzzle(clock)
    slow.searching = lambda: True
    slow.found(_found(False, 0.5, "ESTI"))
    slow.round_over()
    clock.now += SETTLE_S
    assert (slow.board_part() or {}).get("table") == "ESTI", "not for ever: the best found so far"


def test_the_answer_is_sent_only_once_its_minute_has_passed_and_the_puzzle_goes_after() -> None:
    clock = Clock()
    evening = EveningPuzzle(clock)
    evening.found(harvested()[0])
    evening.round_over()
    clock.now += QUESTION_S - 0.1
    early = evening.board_part()
    assert early is not None and not ANSWER_FIELDS & set(early) and early["answer_in"] == 0.1
    clock.now += 0.1
    due = evening.board_part()
    assert due is not None and due["answer"] == ["2-2 left", "2-2 right"] and due["solved"] is True
    assert due["theme"] == ["double"] and due["answer_in"] == 0
    clock.now += ANSWER_S
    assert evening.board_part() is None, "after the answer's time the board shows the tables again"


def test_a_puzzle_found_soon_after_the_round_ended_is_shown_then_but_not_much_later() -> None:
    clock = Clock()
    evening = EveningPuzzle(clock)
    evening.round_over()
    assert evening.board_part() is None
    clock.now += 30
    evening.found(_found(True, 0.4))
    assert evening.board_part() is not None, "the round's last match was harvested after the round ended"
    late = EveningPuzzle(clock)
    late.round_over()
    clock.now += WAIT_S + 1
    late.found(_found(True, 0.4))
    assert late.board_part() is None, "too late: the next round is well under way"


def test_the_puzzle_holds_only_its_own_position_and_no_answer_early() -> None:
    evening = EveningPuzzle(Clock())
    evening.found(harvested()[0])
    evening.round_over()
    part = evening.board_part()
    assert part is not None
    view = part["view"]
    assert view["history"] == [] and view["legal"] == [] and view["lacks"] == [] and view["scoresheet"] == []
    lay = view["layout"]
    position = set(view["hand"]) | {p[0] for p in (*lay["line"], *lay["up"], *lay["down"])}
    assert set(TILE.findall(json.dumps(part))) <= position, "no tile but the mover's and the chain's"
    assert len(view["hand"]) == view["hand_sizes"][view["seat"]]
    said = json.dumps(part)
    assert not ANSWER_FIELDS & set(part) and "2-2 left" not in said and "2-2 right" not in said, "no answer yet"


def _board(clock: Clock, names: tuple[str, ...] = ("Ana", "Ben")) -> tuple[dict[str, Any], EveningPuzzle]:
    evening = EveningPuzzle(clock)
    evening.found(harvested(names=names)[0])
    evening.round_over()
    board = sample_board()
    board["puzzle"] = evening.board_part()
    return board, evening


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_asks_the_puzzle_with_a_countdown_then_shows_the_answer(size: tuple[int, int]) -> None:
    clock = Clock()
    board, evening = _board(clock)
    text = plain(render_board(board, *size, Look()))
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    words = " ".join(" ".join(line.split("│")[0].split()) for line in lines[1:])
    assert "Puzzle of the evening: Ana to play. What is the best move?" in words
    assert "The answer in 1:00" in words and "Answer:" not in words
    assert "Ana's tiles:" in words and "Scores: Ana 12 Ben 13" in words and "Standings" in text
    if size == (200, 60):
        assert text.count("┌───┬───┐") >= 6, "projector-size tiles, the chain's and the hand's"
    clock.now += QUESTION_S
    board["puzzle"] = evening.board_part()
    words = " ".join(" ".join(line.split("│")[0].split()) for line in plain(render_board(board, *size, Look())).splitlines())
    assert "Answer: 2-2 left or 2-2 right (proved) · theme: shedding a double" in words


def test_a_picked_table_is_shown_over_the_puzzle() -> None:
    board, _evening = _board(Clock())
    board["auto"] = False
    text = plain(render_board(board, 80, 24, Look()))
    assert "Puzzle of the evening" not in text and f"Table {board['featured']}" in text


def test_the_movers_name_is_plain_text_on_the_board() -> None:
    board, _evening = _board(Clock(), names=("[b]Eve[/b]\x1b[2J\x07", "Ben"))
    lines = render_board(board, 200, 60, Look())
    text = plain(lines)
    assert "Puzzle of the evening: [b]Eve[/b][2J to play." in text
    assert "\x1b" not in text and "\x07" not in text
    assert not any(span.style == "bold" and "Eve" in line.plain[span.start:span.end] and "[b]" not in
                   line.plain[span.start:span.end] for line in lines for span in line.spans), "markup stays text"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_puzzle_in_german(size: tuple[int, int]) -> None:
    clock = Clock()
    board, evening = _board(clock)
    i18n.use("de")
    try:
        text = plain(render_board(board, *size, Look()))
        assert all(len(line) <= size[0] for line in text.splitlines()) and len(text.splitlines()) == size[1]
        words = " ".join(" ".join(line.split("│")[0].split()) for line in text.splitlines()[1:])
        assert "Aufgabe des Abends: Ana ist am Zug. Was ist der beste Zug?" in words
        assert "Die Lösung in 1:00" in words and "Steine von Ana:" in words
        clock.now += QUESTION_S
        board["puzzle"] = evening.board_part()
        words = " ".join(" ".join(line.split("│")[0].split()) for line in plain(render_board(board, *size, Look())).splitlines())
        assert "Lösung: 2-2 links oder 2-2 rechts (bewiesen) · Thema: Pasch loswerden" in words, words
    finally:
        i18n.use("en")


# table ZHQD's chain at a club evening (Draw): 17 tiles, three rows of the snake at 80 columns
LONG_CHAIN = {"line": [["4-6", 4, 6], ["0-6", 6, 0], ["0-1", 0, 1], ["1-6", 1, 6], ["2-6", 6, 2], ["1-2", 2, 1],
                       ["1-5", 1, 5], ["0-5", 5, 0], ["0-3", 0, 3], ["2-3", 3, 2], ["2-5", 2, 5], ["5-5", 5, 5],
                       ["4-5", 5, 4], ["2-4", 4, 2], ["2-2", 2, 2], ["0-2", 2, 0], ["0-0", 0, 0]],
              "spinner_index": None, "up": [], "down": [], "ends": [["left", 4], ["right", 0]], "count": 4}


def test_a_long_chain_stays_whole_when_the_answer_takes_two_lines() -> None:
    """Tried as a club evening at 80x24 in German: the answer took two lines where the
    countdown had taken one, and the chain lost its last row (the lower halves of its
    last doubles)."""
    clock = Clock()
    board, evening = _board(clock)
    part = board["puzzle"]
    long = {**part["view"], "layout": LONG_CHAIN, "hand": ["0-4", "3-4", "6-6"], "hand_sizes": [3, 2], "boneyard": 6}
    i18n.use("de")
    try:
        for wait in (0, QUESTION_S):
            clock.now += wait
            board["puzzle"] = {**evening.board_part(), "view": long}
            drawn = [line[:41] for line in plain(render_board(board, 80, 24, Look())).splitlines()]
            assert any(line.strip().startswith("l:4") for line in drawn), "the chain's first row"
            assert any("└2┘     └0┘" in line for line in drawn), "the chain's last row"
            assert any("0-4 3-4 6-6" in line for line in drawn), "the mover's tiles"
        assert any("Lösung: 2-2 links" in line for line in drawn)
    finally:
        i18n.use("en")
