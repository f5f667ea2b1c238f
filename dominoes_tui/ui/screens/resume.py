"""Offer to go on with a match that was left unfinished."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..widgets.footer import Footer
from ..widgets.too_small import TooSmall


class ResumeScreen(ModalScreen[bool]):
    """Enter resumes; but when the person asked for another variant than the saved
    match's (`dominoes play --variant allfives` with a Draw match saved), Enter starts
    the new match and only `y` resumes the other one."""

    BINDINGS = [
        Binding("y,j", "answer(True)", N_("Resume")),  # j: ja (key_names.py)
        Binding("n", "answer(False)", N_("New match")),
        Binding("enter", "default", N_("The marked answer"), key_display="⏎"),
        Binding("escape", "leave", N_("Quit, keep the save")),  # answers nothing: the saved match stays
    ]
    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    #resume { width: 70; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    #resume Horizontal { height: auto; margin-top: 1; }
    #resume Button { margin-right: 2; }
    """

    def __init__(self, description: str, asked_for: str | None = None) -> None:
        super().__init__()
        self.description = description
        self.asked_for = asked_for  # the title of the variant asked for, when it differs

    @property
    def resume_is_default(self) -> bool:
        return self.asked_for is None

    def compose(self) -> ComposeResult:
        with Vertical(id="resume"):
            if self.asked_for is None:
                yield Static(Text(_("A match was left unfinished"), "bold"))
                yield Static(Text(self.description))  # names in it are people's: plain text
                yield Static(_("Resume it where it stopped, or start a new one (it replaces the old save)."))
            else:
                asked = _("You asked for {variant}; another match was left unfinished").format(variant=self.asked_for)
                yield Static(Text(asked, "bold"))
                yield Static(Text(self.description))
                yield Static(_("Start the new {variant} match (it replaces the old save), or resume the other one.").format(
                    variant=self.asked_for))
            with Horizontal():
                if self.resume_is_default:
                    yield Button(_("Resume (Enter)"), id="yes", variant="primary", compact=True)
                    yield Button(_("New match (n)"), id="no", compact=True)
                else:
                    yield Button(_("New match (Enter)"), id="no", variant="primary", compact=True)
                    yield Button(_("Resume the other (y)"), id="yes", compact=True)
        yield TooSmall()
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_default(self) -> None:
        self.dismiss(self.resume_is_default)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_leave(self) -> None:
        self.app.exit()  # before any answer: nothing is resumed, replaced or filed
