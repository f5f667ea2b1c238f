"""Snapshots of the readable table at 80×24, 120×40 and 200×60: a four-player
Block round with its move log, the All Fives spinner as a cross at a bend, the
first-game walk-through, and the projector size in the light theme.

Update with `pytest tests/ui/test_snapshots_issue9.py --snapshot-update`, then look at
the SVGs under __snapshots__ before committing them.
"""
from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from dominoes_tui.engine import LayoutView, parse_tile
from dominoes_tui.engine.layout import Layout
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.chain_render import MARGIN
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.render import Look
from dominoes_tui.ui.widgets.chain import Chain
from tests.ui.helpers import no_toasts, play_moves, quiet

from .helpers import press, settle

SIZES = [(80, 24), (120, 40), (200, 60)]
# A real All Fives round (seed 1 of a four-player table): four tiles left of the spinner
# 6-6, three right of it, one tile on each of its up and down arms.
CROSS = [("5-6", None), ("6-6", "right"), ("2-5", "left"), ("0-6", "right"), ("2-4", "left"), ("0-5", "right"),
         ("2-6", "down"), ("1-6", "up"), ("4-5", "right"), ("3-4", "left")]


def cross_layout() -> LayoutView:
    layout = Layout(spinner_allowed=True)
    for name, end in CROSS:
        layout.place(parse_tile(name), end)
    return LayoutView(tuple(layout.line), layout.spinner_index, tuple(layout.up), tuple(layout.down),
                      tuple(layout.open_ends()), layout.count())


class CrossApp(App[None]):
    """The chain alone, in a table just wide enough that the spinner ends the first
    band: the line bends right after it, and its arms must stay joined to it."""

    def __init__(self, big: bool) -> None:
        super().__init__()
        self.look = Look(big=big)

    def compose(self) -> ComposeResult:
        yield Chain(id="chain")

    def on_mount(self) -> None:
        layout = cross_layout()
        look = self.look
        widths = [look.double_w if p.is_double else look.tile_w for p in layout.line[: layout.spinner_index + 1]]
        chain = self.query_one(Chain)
        chain.styles.width = sum(widths) + 2 * MARGIN
        chain.show(layout, ("up", "down"), look, ("3-4", "4-5"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_four_player_block_round_with_the_log(snap_compare, size) -> None:
    from .helpers import make_app

    app = no_toasts(make_app("block", players=4, seats="Ana", seed=41))
    assert snap_compare(app, terminal_size=size, run_before=play_moves(2))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_allfives_spinner_cross_at_a_bend(snap_compare, size) -> None:
    assert snap_compare(CrossApp(big=size[0] >= 160), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_walkthrough(snap_compare, size) -> None:
    app = no_toasts(DominoesApp(MatchSettings(), Prefs(speed="instant")))

    async def run_before(pilot) -> None:
        await settle(app, pilot)
        await press(pilot, "f2")
        await settle(app, pilot)
        await press(pilot, "enter")  # 5-3 fits both ends: the walk-through explains the choice
        await settle(app, pilot)
        quiet(app)
        await pilot.pause(0)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_projector_size_in_the_light_theme(snap_compare) -> None:
    from .helpers import make_app

    app = no_toasts(make_app("allfives", players=4, seats="Ana", seed=1))
    app.prefs.theme = "light"
    assert snap_compare(app, terminal_size=(200, 60), run_before=play_moves(3))
