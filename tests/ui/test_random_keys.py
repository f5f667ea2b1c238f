"""Ordinary use cannot crash the game: a seeded stream of any keys a person might hit,
on every screen a match passes through (table, end choice, summaries, scoresheet, help,
the handover between people). An unhandled exception anywhere fails `run_test`."""
from __future__ import annotations

import random

import pytest
from textual.binding import Binding
from textual.screen import Screen

from dominoes_tui.ui.screens.help import HelpScreen
from dominoes_tui.ui.screens.scoresheet import ScoresheetScreen
from dominoes_tui.ui.screens.table.handover import HandoverScreen
from dominoes_tui.ui.screens.table.summary import RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import make_app, press, settle

KEYS = [
    "left", "right", "up", "down", "home", "end", "enter", "escape", "tab", "shift+tab", "space", "backspace",
    *"0123456789", "l", "r", "u", "d", "s", "p", "m", "n", "x", "question_mark", "f1", "ctrl+s",
]  # not "t": bot speed "slow" would make this a test of patience
# A stream walks the table, a round's summary, the scoresheet and the help in every rule
# family (the seeds are chosen so, within 100 keys on a quiet machine) and ends back at the table. On a
# screen that is only read (the help, the scoresheet) half the keys are its own, so a
# stream stays there for a few keys and not for dozens that do nothing: it was half of
# every stream, and the table's keys are the ones that move a match on. The bots' moves
# are not locked to the keys, so on a loaded machine a stream may need more of them: the
# cap is the old streams' length, and a stream ends as soon as it has walked them all.
MAX_KEYS = 250
READ_ONLY = (HelpScreen, ScoresheetScreen)


def own_keys(screen: Screen[object]) -> list[str]:
    return [key for binding in screen.BINDINGS if isinstance(binding, Binding) for key in binding.key.split(",")]


@pytest.mark.parametrize("variant,players,seed", [
    ("allfives", 3, 121), ("partner", 4, 122), ("kozel", 2, 123), ("draw", 2, 124), ("block", 3, 125), ("duel", 2, 27),
])
async def test_random_keys_never_crash_the_game(variant: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    app = make_app(variant, players=players, seats="Ana,Cleo" if variant == "partner" else "Ana", seed=seed)
    walked = {TableScreen, RoundSummaryScreen, HelpScreen, ScoresheetScreen}
    walked |= {HandoverScreen} if variant == "partner" else set()
    screens: set[type[Screen[object]]] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for _ in range(MAX_KEYS):  # each key on a settled screen (press settles after it)
            screen = app.screen
            screens.add(type(screen))
            if walked <= screens and isinstance(screen, TableScreen):
                break  # every screen walked and left again
            if isinstance(screen, READ_ONLY) and rng.random() < 0.5:
                key = rng.choice(own_keys(screen))
            else:
                # Enter more often than other keys, so the match moves on between the mistakes
                key = "enter" if rng.random() < 0.35 else rng.choice(KEYS)
            if type(screen).__name__ == "SettingsScreen" and key == "escape":
                key = "ctrl+s"  # Esc there quits the game, as it says: start a new match instead
            if type(screen).__name__ == "ConfirmScreen":
                key = "n"  # "Quit dominoes?" (reached by ↑ or Tab to the Quit button): stay
            await press(pilot, key)
        await settle(app, pilot)
        assert app.is_running
    assert walked <= screens, walked - screens
