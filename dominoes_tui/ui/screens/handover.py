"""Hotseat: the hand is hidden until the next person at the keyboard presses Enter."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.too_small import TooSmall


class HandoverScreen(ModalScreen[None]):
    BINDINGS = [Binding("enter", "ready", "I am ready")]
    DEFAULT_CSS = """
    HandoverScreen { align: center middle; background: $background 90%; }
    #handover { width: 60; height: auto; border: heavy $accent; padding: 1 2; background: $surface; }
    #handover Static { width: 1fr; content-align: center middle; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(Text(f"{self.player}'s turn", "bold"))  # a typed name: plain text
            yield Static("Everyone else, look away: the hand is about to be shown.")
            yield Static(Text.assemble(f"{self.player}, press ", ("Enter", "bold"), " when you are ready."))
        yield TooSmall()

    def action_ready(self) -> None:
        self.dismiss(None)
