"""Hotseat: the hand is hidden until the next person at the keyboard presses Enter."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ....i18n import N_, _
from ...widgets.too_small import TooSmall


class HandoverScreen(ModalScreen[None]):
    BINDINGS = [Binding("enter", "ready", N_("I am ready"))]
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
            yield Static(Text(_("{name}'s turn").format(name=self.player), "bold"))  # a typed name: plain text
            yield Static(_("Everyone else, look away: the hand is about to be shown."))
            before, _key, after = _("{name}, press {key} when you are ready.").partition("{key}")
            yield Static(Text.assemble(before.format(name=self.player), ("Enter", "bold"), after.format(name=self.player)))
        yield TooSmall()

    def action_ready(self) -> None:
        self.dismiss(None)
