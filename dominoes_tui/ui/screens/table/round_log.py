"""The whole round's move log (`g` at the table), scrollable, newest last."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ....i18n import N_, _
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall


class RoundLogScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,g,q", "close", N_("Close")),
        Binding("down,j", "scroll(1)", N_("Scroll down"), show=False),
        Binding("up,k", "scroll(-1)", N_("Scroll up"), show=False),
        Binding("pagedown,space", "scroll(10)", N_("Page down"), show=False),
        Binding("pageup", "scroll(-10)", N_("Page up"), show=False),
    ]
    DEFAULT_CSS = """
    RoundLogScreen { align: center middle; }
    #round-log { width: 1fr; max-width: 90; height: 1fr; border: round $accent; background: $surface; padding: 0 1; }
    """

    def __init__(self, lines: list[tuple[Text, int]], title: str) -> None:
        super().__init__()
        self.lines = [line for line, _last in lines]
        self.title_text = title

    def compose(self) -> ComposeResult:
        body = Text(self.title_text, "bold")
        for n, line in enumerate(self.lines, start=1):
            body.append(f"\n{n:>3}. ")
            body.append_text(line)  # people's names inside: Text, never markup
        if not self.lines:
            body.append("\n" + _("No move yet."))
        with VerticalScroll(id="round-log"):
            yield Static(body)
        yield TooSmall()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#round-log", VerticalScroll).scroll_end(animate=False)  # newest last, in view

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#round-log", VerticalScroll).scroll_relative(y=lines, animate=False)
