"""What the screens look like, at 80×24 and 120×40, from seeded matches.

Update with `pytest tests/ui/test_snapshots.py --snapshot-update`, then look at the
SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

import pytest

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.table.summary import RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.ui.helpers import no_toasts, play_moves, quiet

from .helpers import make_app, press, settle

SIZES = [(80, 24), (120, 40)]
TABLES = {
    "draw": dict(players=3, seats="Ana", seed=21, moves=3),
    "block": dict(players=2, seats="Ana", seed=22, moves=3),
    "allfives": dict(players=2, seats="Ana", seed=32, moves=5),
    "partner": dict(players=4, seats="Ana", seed=24, moves=3),
    "kozel": dict(players=3, seats="Ana", seed=25, moves=3),
    "duel": dict(players=2, seats="Ana", seed=26, moves=3),
}


def until_round_over(then: tuple[str, ...] = ()):
    async def run_before(pilot) -> None:
        app = pilot.app
        for _ in range(300):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, RoundSummaryScreen):
                break
            if isinstance(screen, TableScreen) and screen.my_turn():
                await press(pilot, "enter")
                if screen.end_cursor is not None:
                    await press(pilot, "enter")
        for key in then:
            await press(pilot, key)
        await settle(app, pilot)
        quiet(app)
        await pilot.pause(0)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_screen(snap_compare, size) -> None:
    app = DominoesApp(MatchSettings(variant="allfives", players=3), Prefs(speed="instant"))

    async def run_before(pilot) -> None:
        await settle(pilot.app, pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", list(TABLES))
def test_table(snap_compare, variant: str, size) -> None:
    kw = dict(TABLES[variant])
    moves = kw.pop("moves")
    app = no_toasts(make_app(variant, **kw))
    assert snap_compare(app, terminal_size=size, run_before=play_moves(moves))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_round_summary(snap_compare, size) -> None:
    app = no_toasts(make_app("draw", players=3, seed=21))
    assert snap_compare(app, terminal_size=size, run_before=until_round_over())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scoresheet(snap_compare, size) -> None:
    app = no_toasts(make_app("allfives", players=2, seed=34))
    assert snap_compare(app, terminal_size=size, run_before=until_round_over(("enter", "s")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help(snap_compare, size) -> None:
    app = no_toasts(make_app("allfives", players=2, seed=34))
    assert snap_compare(app, terminal_size=size, run_before=play_moves(0), press=["question_mark"])


def test_too_small(snap_compare) -> None:
    app = no_toasts(make_app("draw", seed=1))
    assert snap_compare(app, terminal_size=(60, 20), run_before=play_moves(0))
