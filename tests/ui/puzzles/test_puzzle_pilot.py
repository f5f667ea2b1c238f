"""The puzzle trainer as a person meets it, at 80×24 in English and German: three puzzles
played through with the table's keys (one right, one wrong then retried, one shown), the
filter, the summary on leaving; the rating and streak the same after leaving and coming
back; F3 from the settings."""
from __future__ import annotations

import pytest

from dominoes_tui import i18n
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.records_app import PuzzlesApp
from dominoes_tui.ui.render import HAND_KEYS
from dominoes_tui.ui.screens.puzzles.puzzle_dialogs import FilterScreen, SittingScreen
from dominoes_tui.ui.screens.puzzles.puzzle_screen import PuzzleScreen
from dominoes_tui.ui.screens.puzzles.trainer import State
from dominoes_tui.ui.screens.settings.settings import SettingsScreen

from ..helpers import screen_lines, settle, wait_for
from .fixture import DEALS, DRAW, ESTIMATE, EXACT, puzzles, trainer_app

WORDS = {
    "en": {"ask": "Your move:", "right": "✓ Solved:", "wrong": "✗ Not the best move:", "retry": "r: retry",
           "answer": "Answer:", "rating": "rating", "streak": "streak 1", "fit": "1 puzzle fits."},
    "de": {"ask": "Du bist am Zug:", "right": "✓ Gelöst:", "wrong": "✗ Nicht der beste Zug:", "retry": "r: nochmal",
           "answer": "Lösung:", "rating": "Wertung", "streak": "Serie 1", "fit": "1 Aufgabe passt."},
}


def said(app) -> str:
    """The screen's words, lines joined and spaces made one: a sentence wraps where it may."""
    return " ".join(" ".join(screen_lines(app)).split())


async def play(pilot, screen: PuzzleScreen, move) -> None:
    """A move with the table's keys: its tile's key, then Enter or the end's key."""
    index = list(screen.view_.hand).index(move.tile)
    await pilot.press(HAND_KEYS[index])
    if len(screen.moves_for(index)) > 1:
        await pilot.press({"left": "l", "right": "r", "up": "u", "down": "d"}[str(move.end)])
    else:
        await pilot.press("enter")
    await pilot.pause()


def wrong(screen: PuzzleScreen):
    position = screen.trainer.current
    return next(m for m in position.view.legal if m not in position.answer)


@pytest.mark.parametrize("language", ["en", "de"])
async def test_three_puzzles_right_wrong_then_retried_and_shown(language: str) -> None:
    i18n.use(language)
    w = WORDS[language]
    app = trainer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        screen = app.screen
        t = screen.trainer
        start = t.standing.rating.shown
        lines = screen_lines(app)
        assert lines[0].lstrip().startswith(("Puzzle", "Aufgabe")) and w["rating"] in lines[0]
        assert w["ask"] in said(app)
        # one right
        await play(pilot, screen, t.current.answer[0])
        assert w["right"] in said(app) and w["streak"] in said(app)
        assert t.standing.rating.shown > start
        up = t.standing
        # one wrong, then retried and found: no further change
        await pilot.press("n")
        await pilot.pause()
        assert t.state == State.SOLVING and w["ask"] in said(app)
        await play(pilot, screen, wrong(screen))
        assert w["wrong"] in said(app) and w["retry"] in said(app)
        assert ("q Close" if language == "en" else "q Schließen") in screen_lines(app)[-1], "the footer keeps its way out"
        down = t.standing
        assert down.rating.shown < up.rating.shown and down.streak == 0
        await pilot.press("r")
        await pilot.pause()
        assert t.state == State.SOLVING
        await play(pilot, screen, t.current.answer[0])
        assert w["right"] in said(app) and t.standing == down
        # one shown
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        text = said(app)
        assert w["answer"] in text and t.state == State.SHOWN
        assert t.standing.rating.shown < down.rating.shown
        # leaving: the sitting's summary, then closed
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, SittingScreen))
        assert ("3" in said(app)) and (("rated this sitting" in said(app)) or ("gewertet" in said(app)))
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (PuzzleScreen, SittingScreen))


async def test_the_filter_chooses_the_variant() -> None:
    app = trainer_app([EXACT, DEALS, ESTIMATE, DRAW])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        screen = app.screen
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, FilterScreen))
        dialog = app.screen
        variants = [v for _w, v in dialog.query_one("#variant").options]
        while dialog.query_one("#variant").value != "draw":
            await pilot.press("right")
        assert WORDS["en"]["fit"] in said(app)
        await pilot.press("down")  # the theme: one the Draw puzzle is not about lets none through
        while dialog.query_one("#theme").value in (None, *next(p for p in puzzles() if p.id == DRAW).theme):
            await pilot.press("right")
        assert "No puzzle fits" in said(app) and dialog.check_action("take", ()) is False
        await pilot.press("enter")
        assert app.screen is dialog  # Enter takes no filter without a puzzle
        while dialog.query_one("#theme").value is not None:
            await pilot.press("right")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        assert screen.trainer.current.puzzle.id == DRAW
        assert None in variants and "draw" in variants


async def test_the_rating_and_streak_are_the_same_after_leaving_and_coming_back() -> None:
    found = puzzles()
    app = PuzzlesApp(Prefs(), found)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        screen = app.screen
        assert screen.trainer.problem is None  # this machine's records, in the test's data folder
        await play(pilot, screen, screen.trainer.current.answer[0])
        kept = screen.trainer.standing
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, SittingScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: not app.is_running)
    again = PuzzlesApp(Prefs(), found)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, PuzzleScreen))
        await wait_for(pilot, lambda: bool(screen_lines(again)))
        assert again.screen.trainer.standing == kept
        assert f"streak {kept.streak}" in screen_lines(again)[0] and kept.rating.text() in screen_lines(again)[0]


async def test_f3_in_the_settings_opens_the_puzzles_and_q_comes_back() -> None:
    app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("f3")
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        await wait_for(pilot, lambda: "Your move:" in said(app))
        await pilot.press("q")  # nothing rated: closed at once
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))


async def test_the_help_lists_the_trainers_keys() -> None:
    from dominoes_tui.ui.screens.help import HelpScreen

    from ..helpers import markdown_of

    app = trainer_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = markdown_of(app.screen)
        assert "Keys in the puzzles." in text
        for said in ("`n`: the next puzzle", "`r`: try a missed puzzle again", "`v`: show the answer",
                     "`f`: choose the puzzles' variant and theme", "`q`: leave the puzzles"):
            assert said in text, said
        assert "`h`" not in text.split("Keys elsewhere")[0]  # the hint would give the answer away
