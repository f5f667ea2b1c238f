"""The trainer's two small screens: the filter (`f`: a variant and a theme, with how
many puzzles fit; one that lets none through cannot be taken) and the summary of a
sitting shown on leaving (`q`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ....i18n import N_, _, ngettext, pgettext
from ....i18n.formats import number
from ....table.titles import variant_title
from ....training.choose import Filter
from ....training.themes import THEMES
from ...widgets.choice import Choice
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ...words import theme_word
from .puzzle_words import summary_lines

if TYPE_CHECKING:
    from .trainer import Trainer

BOX_CSS = """
    #box { width: 64; max-width: 100%; height: auto; border: double $accent; padding: 1 2; background: $surface; }
    #box .title { text-style: bold; width: 1fr; content-align: center middle; margin-bottom: 1; }
"""


class FilterScreen(ModalScreen[Filter | None]):
    """Which puzzles: a variant and a theme. Enter takes them, Esc leaves them as they were."""

    BINDINGS = [
        Binding("enter", "take", N_("Take")),
        Binding("escape,q", "close", N_("Close")),
        Binding("down,tab", "app.focus_next", N_("Next field"), show=False),
        Binding("up,shift+tab", "app.focus_previous", N_("Previous field"), show=False),
    ]
    DEFAULT_CSS = "FilterScreen { align: center middle; }\n" + BOX_CSS + "#fit { margin-top: 1; }"

    def __init__(self, trainer: Trainer) -> None:
        super().__init__()
        self.trainer = trainer

    def compose(self) -> ComposeResult:
        puzzles = self.trainer.puzzles
        within = self.trainer.within
        variants = sorted({p.variant for p in puzzles}, key=variant_title)
        themes = [t for t in THEMES if any(t in p.theme for p in puzzles)]
        with Vertical(id="box"):
            yield Static(_("Which puzzles"), classes="title")
            yield Choice([(_("every variant"), None), *[(variant_title(v), v) for v in variants]], within.variant,
                         label=_("Variant"), id="variant")
            yield Choice([(_("every theme"), None), *[(theme_word(t), t) for t in themes]], within.theme,
                         label=pgettext("puzzles", "Theme"), id="theme")
            yield Static(id="fit")
        yield TooSmall()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#variant", Choice).focus()
        self.count()

    @property
    def chosen(self) -> Filter:
        return Filter(self.query_one("#variant", Choice).value, self.query_one("#theme", Choice).value)

    def fitting(self) -> int:
        within = self.chosen
        return sum(1 for p in self.trainer.puzzles if within.admits(p))

    def count(self) -> None:
        n = self.fitting()
        words = ngettext("{n} puzzle fits.", "{n} puzzles fit.", n).format(n=number(n))
        self.query_one("#fit", Static).update(words if n else _("No puzzle fits: choose another variant or theme."))
        self.refresh_bindings()

    def on_choice_changed(self, _message: Choice.Changed) -> None:
        self.count()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take":
            return self.fitting() > 0
        return True

    def action_take(self) -> None:
        self.dismiss(self.chosen)

    def action_close(self) -> None:
        self.dismiss(None)


class SittingScreen(ModalScreen[str]):
    """This sitting's puzzles, on leaving: Enter or q closes the trainer, n goes on."""

    BINDINGS = [
        Binding("enter,q", "close", N_("Close")),
        Binding("escape,n", "back", N_("More puzzles")),
    ]
    DEFAULT_CSS = "SittingScreen { align: center middle; }\n" + BOX_CSS

    def __init__(self, trainer: Trainer) -> None:
        super().__init__()
        self.trainer = trainer

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(_("Puzzles"), classes="title")
            for line in summary_lines(self.trainer):
                yield Static(line)
        yield TooSmall()
        yield Footer()

    def action_close(self) -> None:
        self.dismiss("close")

    def action_back(self) -> None:
        self.dismiss("back")
