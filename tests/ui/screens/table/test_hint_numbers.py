"""`h` with numbers (issue 28): after the hint in words, the search's move and the win
chance of every legal move, marked as an estimate, without freezing the table."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.ui.screens.table import hints
from tests.ui.helpers import my_turn

from ...helpers import make_app, press


async def until_weighed(pilot, screen, shown: str) -> None:
    for _ in range(100):
        await pilot.pause(0.05)
        if screen.hint_text != shown:
            return
    raise AssertionError("the hint never got its numbers")


def first_words(monkeypatch) -> list[str]:
    """The hint as first shown, before the numbers come (they may come before a test looks)."""
    said: list[str] = []
    weigh = hints.weigh_in_background

    def noted(screen, view, shown: str, **kw) -> None:
        said.append(shown)
        weigh(screen, view, shown, **kw)

    monkeypatch.setattr(hints, "weigh_in_background", noted)
    return said


async def test_the_hint_gives_every_legal_move_its_win_chance(monkeypatch) -> None:
    monkeypatch.setattr(hints, "THINK_MS", 300)  # the search's second, shortened for the test
    first = first_words(monkeypatch)
    app = make_app("draw", players=2, seed=5)
    async with app.run_test(size=(200, 40)) as pilot:
        screen = await my_turn(app, pilot)
        view = screen.view_
        await pilot.press("h")
        shown = first[0]
        assert shown.startswith("Hint: ") and "≈" not in shown  # at once: the move in words
        await until_weighed(pilot, screen, shown)
        said = screen.hint_text
        assert said.count("≈") == len(view.legal), said  # a chance for every legal move
        assert "%" in said and "Others:" in said or len(view.legal) == 1
        best = said.removeprefix("Hint: ").split(" ≈")[0]
        assert str(view.hand[screen.selected]) == best.split()[0]  # the hinted tile is the one offered


async def test_the_numbers_are_in_german_too(monkeypatch) -> None:
    monkeypatch.setattr(hints, "THINK_MS", 300)
    first = first_words(monkeypatch)
    i18n.use("de")
    app = make_app("draw", players=2, seed=5)
    async with app.run_test(size=(200, 40)) as pilot:
        screen = await my_turn(app, pilot)
        await pilot.press("h")
        shown = first[0]
        assert shown.startswith("Tipp: ")
        await until_weighed(pilot, screen, shown)
        assert " %" in screen.hint_text and "≈" in screen.hint_text  # German writes 62 %


async def test_a_turn_that_moves_on_drops_the_numbers(monkeypatch) -> None:
    monkeypatch.setattr(hints, "THINK_MS", 2000)
    app = make_app("draw", players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        await press(pilot, "h", "enter")  # the hinted move played at once
        if screen.end_cursor is not None:
            await press(pilot, "enter")
        await pilot.pause(0.5)
        assert "≈" not in screen.hint_text  # the weighing stopped with the turn: nothing stale shown


def known_view():
    """A 2-player Draw turn whose hidden tiles are all known from what was played."""
    import random

    from dominoes_tui.bots.search.pimc import Search
    from tests.bots.helpers import known_positions

    for _match, view in known_positions():
        if Search(view, random.Random(0), None).determined:
            return view
    raise AssertionError("no known position in 40 deals")


def test_a_hint_whose_chances_are_solved_shows_them_without_approximately() -> None:
    from dominoes_tui.bots.analysis import judge_view

    view = known_view()
    weighing = judge_view(view, think_ms=300)
    assert weighing.exact
    said = hints.weighed_line(view, weighing, lambda _said: True)
    assert "≈" not in said and "%" in said


def test_an_estimated_hint_keeps_approximately() -> None:
    from dominoes_tui.bots.analysis import Weighing

    view = known_view()
    weighing = Weighing([(view.legal[0], 0.62), (view.legal[1], 0.4)], False)
    said = hints.weighed_line(view, weighing, lambda _said: True)
    assert said.count("≈") == 2
