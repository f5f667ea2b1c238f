"""Offer to go on with a match that was left unfinished."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ..widgets.too_small import TooSmall


class ResumeScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("enter,y", "answer(True)", "Resume", key_display="⏎"),
        Binding("n", "answer(False)", "New match"),
    ]
    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    #resume { width: 70; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    #resume Horizontal { height: auto; margin-top: 1; }
    #resume Button { margin-right: 2; }
    """

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with Vertical(id="resume"):
            yield Static("[b]A match was left unfinished[/b]")
            yield Static(self.description)
            yield Static("Resume it where it stopped, or start a new one (it replaces the old save).")
            with Horizontal():
                yield Button("Resume (Enter)", id="yes", variant="primary", compact=True)
                yield Button("New match (n)", id="no", compact=True)
        yield TooSmall()
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
