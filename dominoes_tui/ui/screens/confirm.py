"""A yes/no question in a small box (quitting from the settings asks first)."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_
from ..widgets.too_small import TooSmall


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y,j", "answer(True)", N_("Yes")),  # j: ja; the footer names the language's key (key_names.py)
        Binding("n,escape", "answer(False)", N_("No")),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    #confirm { width: 44; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    #confirm Horizontal { height: auto; margin-top: 1; }
    #confirm Button { margin-right: 2; }
    #confirm Button:focus { text-style: bold reverse; }
    """

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question)  # our own words, never a person's: plain text all the same
            with Horizontal():
                yield Button(self.no, id="no", variant="primary", compact=True)
                yield Button(self.yes, id="yes", compact=True)
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # Enter on a stray Esc keeps the game open

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
