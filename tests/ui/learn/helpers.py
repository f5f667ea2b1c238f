"""Helpers shared by the tests of this folder."""
from __future__ import annotations

from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.render import HAND_KEYS
from dominoes_tui.ui.screens.learn.learn import LearnScreen, LearnSummaryScreen
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from tests.ui.helpers import wait_for
from tests.ui.learn.fixture import analysis_text, steps
from tests.ui.screens.replay.helpers import Shelf


def viewer(text: str | None = None, learn: bool = False) -> RecordsApp:
    the_steps = steps()
    return RecordsApp(lambda: ReplayScreen(the_steps, title="club.jsonl", shelf=Shelf(text or analysis_text()),
                                           learn=learn))


async def open_lesson(pilot) -> LearnScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.analysis is not None)
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(app.screen, (LearnScreen, LearnSummaryScreen)))
    await pilot.pause()
    return app.screen


async def choose(pilot, screen: LearnScreen, words: str) -> None:
    """The move `words` ("3-6 right") with the table's keys: its tile's key, Enter, and
    the end's key where it fits two."""
    tile, _sep, end = words.partition(" ")
    index = [str(t) for t in screen.view_.hand].index(tile)
    await pilot.press(HAND_KEYS[index])
    if len(screen.moves_for(index)) > 1:
        await pilot.press({"left": "l", "right": "r", "up": "u", "down": "d"}[end])
    else:
        await pilot.press("enter")
    await pilot.pause()
