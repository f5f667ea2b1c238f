"""Learn from your mistakes as a person meets it: `l` in the analysed replay viewer opens
the table at the first of your marked moves; a move chosen with the table's keys is
judged; v shows the best move and why; n goes on; a summary at the end; leaving and
coming back resumes; a match without a marked move says so; the match-end screen's way
in (`l`: analysed in the viewer, then the lesson at once)."""
from __future__ import annotations

import json

from dominoes_tui.bots.analysis import MatchAnalysis, move_words
from dominoes_tui.records.summary import match_key
from dominoes_tui.table.home import home
from dominoes_tui.ui.render import HAND_KEYS
from dominoes_tui.ui.screens.learn.learn import LearnScreen, LearnSummaryScreen
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from tests.ui.helpers import wait_for
from tests.ui.learn.helpers import choose, open_lesson, viewer

from ..helpers import screen_lines
from .fixture import BEST, PLIES, analysis, steps


def said(app) -> str:
    """The screen's words, lines joined and spaces made one: a sentence wraps where it may."""
    return " ".join(" ".join(screen_lines(app)).split())


async def test_a_whole_lesson_at_80x24() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot)
        assert isinstance(screen, LearnScreen)
        text = said(app)
        assert "Learn from your mistakes 1/4" in text
        assert "You played 0-4 on the right here: ?! inaccuracy (win chance ≈ 67% → ≈ 47%)" in said(app)
        assert "h Hint" not in screen_lines(app)[-1] and "v Solution" in screen_lines(app)[-1]
        await choose(pilot, screen, BEST[PLIES[0]])
        text = said(app)
        assert "✓ 0-0 on the right: the best move by the analysis's estimate (win chance ≈ 67% → ≈ 67%)" in text
        await pilot.press("n")
        assert "Learn from your mistakes 2/4" in said(app)
        await choose(pilot, screen, "1-3 right")  # the move played in the match, again
        text = said(app)
        assert "✗ 1-3 on the right is the move played in the match: ?! inaccuracy" in text
        assert "Try another move" in text
        await choose(pilot, screen, "0-3 left")
        assert "✗ 0-3 on the left, still: ?! inaccuracy (win chance ≈ 65% → ≈ 54%)" in said(app)
        await pilot.press("v")
        text = said(app)
        assert "Best: 3-6 on the right (≈ 65%): it keeps 0 open" in text
        assert "v Solution" not in screen_lines(app)[-1]
        await pilot.press("n", "n")  # on, then the third skipped
        await choose(pilot, screen, BEST[PLIES[3]])
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LearnSummaryScreen))
        await pilot.pause()
        text = said(app)
        assert "Done: your marked moves of this match." in text and "4 moves to learn from:" in text
        for count, words in ((2, "found at the first try"), (0, "found after retries"), (1, "best move shown"),
                             (1, "skipped")):
            assert f"{count} {words}" in text
        kept = json.loads((home() / "learn" / f"{match_key(steps().events)}.json").read_text())
        assert kept["seats"]["0"] == {"results": {"11": "first", "24": "shown", "26": "skipped", "28": "first"},
                                      "tries": {"24": 2}}
        await pilot.press("a")  # again: from the first
        await wait_for(pilot, lambda: isinstance(app.screen, LearnScreen))
        assert "Learn from your mistakes 1/4" in said(app)


async def test_leaving_and_coming_back_resumes() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot)
        await choose(pilot, screen, BEST[PLIES[0]])
        await pilot.press("n")
        await choose(pilot, screen, "1-3 right")  # one miss on the second
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
    again = viewer()  # a new run of the program: only the data folder is left
    async with again.run_test(size=(80, 24)) as pilot:
        await open_lesson(pilot)
        text = " ".join(screen_lines(again))
        assert "Learn from your mistakes 2/4" in text and "Try another move (1 try so far)" in text


async def test_a_corrupt_progress_file_is_set_aside_and_said() -> None:
    folder = home() / "learn"
    folder.mkdir(parents=True)
    (folder / f"{match_key(steps().events)}.json").write_text('{"version": 1, "seats": {"0": "')
    app = viewer()
    told: list[str] = []
    app.notify = lambda message, *a, **k: told.append(str(message))  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lesson(pilot)
        assert "Learn from your mistakes 1/4" in said(app)
        assert any("could not be read" in t and "starts afresh" in t for t in told)
        assert [p for p in folder.iterdir() if ".unreadable-" in p.name]


async def test_a_match_without_a_marked_move_says_so() -> None:
    a = analysis()
    clean = MatchAnalysis(a.match, a.seats, tuple(m for m in a.moves if m.seat != 0), a.guesses)
    app = viewer(json.dumps(clean.to_json(full=True)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot)
        assert isinstance(screen, LearnSummaryScreen)
        assert "You made no inaccuracy, mistake or blunder in this match: nothing to learn from here." in " ".join(
            " ".join(line.strip(" ║") for line in screen_lines(app)).split())
        assert "a Again" not in screen_lines(app)[-1]


async def test_the_match_end_way_in_opens_the_lesson_once_analysed() -> None:
    app = viewer(learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LearnScreen))
        assert move_words(app.screen.lesson.current.played) == "0-4 right"


async def test_esc_takes_back_a_tiles_end_before_it_leaves_the_lesson() -> None:
    app = viewer()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot)
        await pilot.press("n")  # the second question: 0-3 fits both ends
        index = [str(t) for t in screen.view_.hand].index("0-3")
        await pilot.press(HAND_KEYS[index], "enter")
        assert screen.end_cursor is not None and "0-3 fits 2 ends" in said(app)
        await pilot.press("escape")
        assert app.screen is screen and screen.end_cursor is None and screen.lesson.solving
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
