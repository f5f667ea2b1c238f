"""Ordinary use cannot crash the trainer: a seeded stream of any keys a person might hit,
through puzzles, retries, answers, the filter, the help and the summary. An unhandled
exception anywhere fails `run_test`."""
from __future__ import annotations

import random

from ..helpers import screen_lines, wait_for
from .fixture import trainer_app

KEYS = [
    "left", "right", "up", "down", "home", "end", "enter", "escape", "tab", "space", "backspace",
    *"0123456789", "l", "r", "u", "d", "s", "p", "m", "n", "v", "f", "q", "g", "h", "t", "b", "question_mark", "f1",
    # the trainer's own keys again, so a short stream goes through its screens
    "n", "n", "v", "r", "f", "f", "q",
]
STREAM = 100


async def test_random_keys_never_crash_the_trainer() -> None:
    rng = random.Random(38)
    app = trainer_app()
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(screen_lines(app)))
        for _ in range(STREAM):
            name = type(app.screen).__name__
            seen.add(name)
            key = "enter" if rng.random() < 0.25 else rng.choice(KEYS)
            if name == "SittingScreen" and key in ("enter", "q"):
                key = "n"  # leaving would end the stream: more puzzles instead
            await pilot.press(key)
        assert app.is_running
    assert {"PuzzleScreen", "FilterScreen", "SittingScreen", "HelpScreen"} <= seen, seen
