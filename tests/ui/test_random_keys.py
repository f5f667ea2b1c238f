"""Ordinary use cannot crash the game: a seeded stream of any keys a person might hit,
on every screen a match passes through (table, end choice, summaries, scoresheet, help,
settings after "n"). An unhandled exception anywhere fails `run_test`."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import make_app, press, settle

KEYS = [
    "left", "right", "up", "down", "home", "end", "enter", "escape", "tab", "shift+tab", "space", "backspace",
    *"0123456789", "l", "r", "u", "d", "s", "p", "m", "n", "x", "question_mark", "f1", "ctrl+s",
]  # not "t": bot speed "slow" would make this a test of patience
# Every rule family, each a shorter stream (it was three streams of 700 keys): a stream
# reaches its first round summary within about 80 keys, and the screens a match passes
# through are the same in each round after that.
KEYS_PER_STREAM = 250


@pytest.mark.parametrize("variant,players,seed", [
    ("allfives", 3, 21), ("partner", 4, 22), ("kozel", 2, 23), ("draw", 2, 24), ("block", 3, 25), ("duel", 2, 27),
])
async def test_random_keys_never_crash_the_game(variant: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    app = make_app(variant, players=players, seats="Ana,Cleo" if variant == "partner" else "Ana", seed=seed)
    screens: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for _ in range(KEYS_PER_STREAM):  # each key on a settled screen (press settles after it)
            screens.add(type(app.screen).__name__)
            # Enter more often than other keys, so the match moves on between the mistakes
            key = "enter" if rng.random() < 0.35 else rng.choice(KEYS)
            if type(app.screen).__name__ == "SettingsScreen" and key == "escape":
                key = "ctrl+s"  # Esc there quits the game, as it says: start a new match instead
            if type(app.screen).__name__ == "ConfirmScreen":
                key = "n"  # "Quit dominoes?" (reached by ↑ or Tab to the Quit button): stay
            await press(pilot, key)
        await settle(app, pilot)
        assert app.is_running
    assert {TableScreen.__name__, RoundSummaryScreen.__name__} <= screens or MatchEndScreen.__name__ in screens
