"""The German walk, further: each of the six variants played to its end at 80×24 (every
round summary, the match's end with the club records' line, the question before
leaving; the palette and the help from the end in one of them), and the replay viewer
with an analysis (its judged moves, n and p, its help), read with the walk's eyes: no
English, no word cut or covered (tests/i18n/walk.py)."""
from __future__ import annotations

import json

import pytest

from dominoes_tui import i18n
from dominoes_tui.engine import VARIANTS
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.confirm import ConfirmScreen
from dominoes_tui.ui.screens.help import HelpScreen
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.ui.helpers import make_app, press, settle

from .walk import Walk

SIZE = (80, 24)
PEOPLE = ("Ana", "Ben", "Cleo", "Bot 2", "Bot 3", "Bot 4")
# (players, seats, target, seed, rounds): seeds and targets for short matches; two rounds,
# a summary that goes on to the next and one that ends the match, where the target
# allows (Partner's smallest is 50, which this seed's first round reaches)
MATCHES = {"draw": (3, "Ana,random,heaviest", 30, 11, 2), "block": (4, "Ana,random,random,random", 30, 11, 2),
           "allfives": (2, "Ana,random", 40, 11, 2), "partner": (4, "Ana,random,random,random", 50, 2, 1),
           "kozel": (3, "Ana,random,random", 40, 11, 2), "duel": (2, "Ana,heaviest", 50, 4, 2)}

# What is the same in every variant is read in one: the palette (its commands are the
# app's, whatever the table under it) and the help (a variant's own help, every one of
# them read in test_german_walk.py)
ONCE = "draw"


@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_a_whole_match_of_each_variant_in_german(variant: str) -> None:
    i18n.use("de")
    walk = Walk(allowed=PEOPLE)
    players, seats, target, seed, rounds = MATCHES[variant]
    with i18n.record_misses() as missed:
        app = make_app(variant, players=players, seats=seats, target=target, seed=seed)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            moves = summaries = 0
            for _ in range(900):
                await settle(app, pilot)
                screen = app.screen
                if isinstance(screen, MatchEndScreen):
                    await pilot.pause(0.5)  # the club records have had their say
                    walk.look(app, f"{variant}: the match's end")
                    if variant == ONCE:
                        await press(pilot, "f1")
                        assert isinstance(app.screen, HelpScreen)
                        walk.look(app, f"{variant}: the help from the match's end")
                        await press(pilot, "escape")
                    await press(pilot, "escape")
                    assert isinstance(app.screen, ConfirmScreen)
                    walk.look(app, f"{variant}: the question before quitting")
                    await press(pilot, "n")
                    break
                if isinstance(screen, RoundSummaryScreen):
                    summaries += 1
                    if screen.report.match_over:
                        await pilot.pause(0.5)  # the club records have their say while the last summary is up
                    walk.look(app, f"{variant}: round summary {summaries}")
                    await press(pilot, "enter")
                    continue
                if isinstance(screen, TableScreen) and screen.my_turn():
                    moves += 1
                    if moves == 1:
                        walk.look(app, f"{variant}: the table")
                        if variant == ONCE:
                            await press(pilot, "ctrl+p")
                            await pilot.pause(0.3)
                            walk.look(app, f"{variant}: the palette at the table")
                            await press(pilot, "escape")
                        await press(pilot, "escape")
                        if isinstance(app.screen, ConfirmScreen):
                            walk.look(app, f"{variant}: the question before leaving the table")
                            await press(pilot, "n")
                    await press(pilot, "enter")
                    if isinstance(app.screen, TableScreen) and app.screen.end_cursor is not None:
                        if moves < 3:
                            walk.look(app, f"{variant}: choosing an end")
                        await press(pilot, "enter")
            assert isinstance(app.screen, MatchEndScreen | ConfirmScreen) or summaries, f"{variant} did not end"
            assert summaries >= rounds, f"{variant} ended after {summaries} rounds, not {rounds}"
    assert not (problems := walk.verdict(missed)), problems


async def test_the_replay_viewer_with_its_analysis_in_german() -> None:
    from tests.ui.helpers import wait_for
    from tests.ui.screens.replay.helpers import Shelf, made_up, the_steps

    i18n.use("de")
    walk = Walk(allowed=("Ana", "Ben"))
    steps = the_steps()
    with i18n.record_misses() as missed:
        app = RecordsApp(lambda: ReplayScreen(steps, shelf=Shelf(json.dumps(made_up(steps).to_json(full=True)))))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            screen = app.screen
            await wait_for(pilot, lambda: screen.analysis is not None)
            walk.look(app, "the viewer, analysed")
            for key in ("n", "n", "n", "p"):  # the judged moves, and n going round
                await pilot.press(key)
                await pilot.pause(0.1)
                walk.look(app, f"the viewer after {key}")
            await pilot.press("g")
            await pilot.pause(0.3)  # the plot drawn again at its new size
            walk.look(app, "the viewer's move list")
            await pilot.press("g", "v", "s")
            await pilot.pause(0.2)
            walk.look(app, "the viewer's scoresheet")
            await pilot.press("escape")
            await pilot.press("f1")
            await pilot.pause(0.2)
            assert isinstance(app.screen, HelpScreen)
            walk.look(app, "the viewer's help")
    assert not (problems := walk.verdict(missed)), problems
