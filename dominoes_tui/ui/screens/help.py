"""The rules of the current variant in plain words, and every key."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from ..help_text import help_markdown
from ..widgets.too_small import TooSmall


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "Close"),
        Binding("down,j", "scroll(1)", "Scroll down", show=False),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 1fr; max-width: 100; height: 1fr; border: round $accent; background: $surface; padding: 0 1; }
    """

    def __init__(self, variant: str) -> None:
        super().__init__()
        self.variant = variant

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self.variant))
        yield TooSmall()
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help", VerticalScroll).scroll_relative(y=lines, animate=False)
