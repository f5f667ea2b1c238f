"""A small app around one records screen: `dominoes replay FILE` (the viewer) and
`dominoes stats --screen` (the leaderboard), and `dominoes puzzles` (the trainer). Same styles and size rules as the game."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.screen import Screen

from ..i18n import N_
from .choices import Prefs
from .speaking_app import SpeakingApp
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH

if TYPE_CHECKING:
    from ..training import Puzzle


class RecordsApp(SpeakingApp[None]):
    TITLE = "Dominoes"
    CSS_PATH = "styles.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall"), (34, "-roomy")]
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), priority=True, show=False)]

    def __init__(self, first: Callable[[], Screen], prefs: Prefs | None = None) -> None:
        super().__init__()
        self.first = first
        self.prefs = prefs or Prefs()

    def on_mount(self) -> None:
        if self.prefs.ascii:
            self.add_class("-ascii")
        self.start()

    def start(self) -> None:
        self.push_screen(self.first(), lambda _result: self.exit())


class PuzzlesApp(RecordsApp):
    """`dominoes puzzles` in a terminal: the trainer alone, closed with it."""

    def __init__(self, prefs: Prefs | None = None, puzzles: list[Puzzle] | None = None,
                 variant: str | None = None, refused: str | None = None) -> None:
        super().__init__(lambda: Screen(), prefs)
        self.puzzles = puzzles
        self.variant = variant
        self.refused = refused  # the own puzzles file, refused as it was read: said on the trainer too

    def start(self) -> None:
        from .screens.puzzles.puzzle_open import open_trainer

        open_trainer(self, self.prefs, lambda _result: self.exit(), puzzles=self.puzzles, variant=self.variant)
        if self.refused:
            self.notify(self.refused, severity="warning", timeout=12, markup=False)
