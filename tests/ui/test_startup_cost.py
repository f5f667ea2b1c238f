"""The settings screen appears as fast as the table.

What made it slow, each guarded here rather than by a timed test: a settings row was
three or four Textual widgets (a container, a label, the field, a help text), and the
whole form was restyled five times before its first frame (the form took focus and gave
it away again; the first resize added the size classes; Textual restyles a screen each
time it is shown, the first time too). The Display section, below the fold at 80×24,
is mounted just after the first frame. Starting the app must not pull in the records'
database or plotting libraries either.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from textual.app import App
from textual.containers import Horizontal
from textual.widgets import Label

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.widgets.choice import Choice

from .helpers import settle

HEAVY = ("sqlalchemy", "alembic", "openskill", "plotext", "textual_plotext", "networkx")


def _count_whole_restyles(monkeypatch) -> list[str]:
    restyled: list[str] = []
    update_styles = App.update_styles

    def counting(self: App, node, animate: bool = True) -> None:
        if len(list(node.walk_children(with_self=True))) > 10:  # the form or the screen, not one field
            restyled.append(type(node).__name__)
        update_styles(self, node, animate)

    monkeypatch.setattr(App, "update_styles", counting)
    return restyled


async def test_14_the_settings_form_is_styled_as_it_mounts_and_never_again_before_it_shows(monkeypatch) -> None:
    restyled = _count_whole_restyles(monkeypatch)
    app = DominoesApp(MatchSettings(variant="partner", players=4), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SettingsScreen)
        assert app.focused is app.screen.query_one("#variant")  # straight to the first field
        assert restyled == []  # each widget was styled as it mounted


async def test_14_the_display_section_comes_just_after_the_first_frame_and_start_keeps_the_prefs(
    monkeypatch, tmp_path: Path,
) -> None:
    prefs = Prefs(speed="slow", pips=True, theme="light")
    app = DominoesApp(MatchSettings(), prefs)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(100):
            await pilot.pause(0.01)
            if isinstance(app.screen, SettingsScreen):
                screen = app.screen
                break
        assert isinstance(screen, SettingsScreen)
        screen.action_start()  # before the section is there: the prefs stay as they were
        assert (prefs.speed, prefs.pips, prefs.theme) == ("slow", True, "light")
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path / "another"))  # no match to resume
    app = DominoesApp(MatchSettings(), Prefs(speed="slow", pips=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.screen.query_one("#speed", Choice).value == "slow"
        assert app.screen.query_one("#faces", Choice).value == "pips"


async def test_14_a_settings_row_is_one_widget() -> None:
    app = DominoesApp(MatchSettings(variant="partner", players=4), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        # the largest form (four seats, four table options): 94 widgets before
        assert len(list(screen.walk_children(with_self=True))) <= 60
        for field in ("variant", "players", "opt-partner_lead_rule", "speed", "lacks", "ascii"):
            choice = screen.query_one(f"#{field}", Choice)
            assert not isinstance(choice.parent, Horizontal)  # its label and help are drawn by itself
        assert screen.query_one("#lacks", Choice).render().plain.startswith("Memory aid")
        # a Label widget is left only beside a number field
        assert all(isinstance(label.parent, Horizontal) and label.parent.query("Input") for label in screen.query(Label))


async def test_14_a_long_help_wraps_under_itself_and_the_row_grows() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        lacks = app.screen.query_one("#lacks", Choice)
        lines = lacks.render().plain.split("\n")
        assert len(lines) == lacks.size.height >= 2  # "show the numbers each player has shown…" wraps
        indent = lines[0].index("show the numbers")
        assert all(line[:indent].strip() == "" and line[indent:].strip() for line in lines[1:])
        assert max(len(line) for line in lines) <= lacks.size.width


def test_14_starting_the_app_imports_no_database_or_plotting_library(tmp_path: Path) -> None:
    code = """
import asyncio, json, sys
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs

async def first_screen(start_now):
    app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"), start_now=start_now)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.01)
            if type(app.screen).__name__ in ("SettingsScreen", "TableScreen"):
                break
        return type(app.screen).__name__

seen = {}
for start_now in (False, True):
    name = asyncio.run(first_screen(start_now))
    seen[name] = sorted({m.split(".")[0] for m in sys.modules})
sys.__stdout__.write(json.dumps(seen) + "\\n")
"""
    env = dict(os.environ, DOMINOES_TUI_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(seen) == {"SettingsScreen", "TableScreen"}
    for screen, modules in seen.items():
        assert not [m for m in modules if m in HEAVY], (screen, [m for m in modules if m in HEAVY])
