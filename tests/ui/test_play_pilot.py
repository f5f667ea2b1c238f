"""Whole seeded matches through key presses, one per variant, a person against bots."""
from __future__ import annotations

import pytest

from dominoes_tui.ui.screens.table.summary import MatchEndScreen
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import make_app, play_through

CASES = [
    ("draw", dict(players=2, target=40, seed=1)),
    ("block", dict(players=3, target=30, seed=4)),
    ("allfives", dict(players=2, target=60, seed=5)),
    ("partner", dict(players=4, target=50, seed=6)),
    ("kozel", dict(players=3, target=40, seed=7)),
    ("duel", dict(players=2, target=50, seed=3)),
]


@pytest.mark.parametrize("variant,kw", CASES, ids=[c[0] for c in CASES])
async def test_whole_match_by_keys(variant: str, kw: dict) -> None:
    app = make_app(variant, **kw)
    async with app.run_test(size=(80, 24)) as pilot:
        played = await play_through(app, pilot)
        assert isinstance(app.screen, MatchEndScreen)
        client = app.client
        match = client.match  # type: ignore[attr-defined]
        assert match.is_over
        human = [e for e in match.events if e.get("seat") == 0]
        assert any(e["event"] == "play" for e in human)
        assert played.moves == sum(1 for e in human if e["event"] == "play")
        if variant in ("draw", "duel"):
            # the person had to choose an end, was made to draw, and passed (COM-5, COM-6)
            assert played.ends_chosen > 0
            assert any(e["event"] == "draw" for e in human), "the person never had to draw"
            assert any(e["event"] == "pass" for e in human), "the person never passed"
        if variant in ("block", "partner"):
            assert any(e["event"] == "pass" for e in human), "the person never passed"
        # the end screen offers a new match; "n" goes back to the settings
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
    return None


async def test_bots_do_not_freeze_the_screen() -> None:
    """While a slow bot moves, keys still work (help opens and closes)."""
    app = make_app("draw", players=2, seats="Ana", seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # a bot that takes its time: long enough that a busy machine (two workers, other
        # jobs) cannot let it finish before the help is checked; leaving the app cancels it
        screen.client.bot_delay = 30.0
        # find a moment when the bot is to move
        for _ in range(20):
            if screen.client.waiting_for() == 1:
                break
            if screen.my_turn():
                await pilot.press("enter")
            await pilot.pause(0.05)
        assert screen.client.waiting_for() == 1
        moves_before = len(screen.client.match.events)
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        # the help opened while the bot was still making its (paced) move
        assert len(screen.client.match.events) == moves_before
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        screen.client.bot_delay = 0.0


async def test_a_relabelled_match_end_button_shows_its_whole_label() -> None:
    """The evening's next table, paired while the match end is read, relabels `n`: the
    button must take the new label's width, or "To your next table (n)" is cut to its first words."""
    from textual.widgets import Button

    from .helpers import match_end

    app = make_app("draw", players=2, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await match_end(app, pilot, "draw", 2, seed=1)  # laid out with the first label
        screen.relabel("To your next table")
        await pilot.pause()
        button = screen.query_one("#new", Button)
        assert button.content_size.width >= len("To your next table (n)")
        assert "To your next table (n)" in "".join(strip.text for strip in button.render_lines(button.region.reset_offset))
