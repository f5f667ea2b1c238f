"""Shown instead of a screen's content while the terminal is smaller than 80×24."""
from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...i18n import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Widget):
    """Hidden by CSS unless the screen carries the -narrow or -short breakpoint class."""

    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle; text-align: center; }
    """

    def render(self) -> Text:
        w, h = self.app.size
        return Text.assemble(
            (_("The terminal is too small.") + "\n\n", "bold"),
            _("It is {size}; dominoes needs at least {least}.").format(size=f"{w}×{h}", least=f"{MIN_WIDTH}×{MIN_HEIGHT}") + "\n",
            _("Make the window larger (or the font smaller) and the game comes back.") + "\n",
            _("ctrl+q quits; the match is saved."),
            justify="center",
        )

    def on_resize(self) -> None:
        self.refresh()
