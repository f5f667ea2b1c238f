"""Shown instead of a screen's content while the terminal is smaller than 80×24."""
from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Widget):
    """Hidden by CSS unless the screen carries the -narrow or -short breakpoint class."""

    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle; text-align: center; }
    """

    def render(self) -> Text:
        w, h = self.app.size
        return Text.assemble(
            ("The terminal is too small.\n\n", "bold"),
            f"It is {w}×{h}; dominoes needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\n",
            "Make the window larger (or the font smaller) and the game comes back.\n",
            "ctrl+q quits; the match is saved.",
            justify="center",
        )

    def on_resize(self) -> None:
        self.refresh()
