"""The form an organizer opens a club evening with: variant, format, rounds, table size,
target, round clock, whether bots fill the field. It comes back as it was typed."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select

from ....engine import DEFAULT_VARIANT, VARIANTS
from ....i18n import N_, _
from ....table.titles import variant_title
from ....tournament.model import FORMATS
from .evening_words import format_words


class OpenTournament(ModalScreen["dict[str, Any] | None"]):
    """The organizer's form: format, variant, rounds, bots, the round clock."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
    AUTO_FOCUS = "#rounds"
    DEFAULT_CSS = """
    OpenTournament { align: center middle; }
    #open-form { width: 64; height: auto; border: round $accent; padding: 0 1; }
    #open-grid { grid-size: 2; grid-columns: 18 1fr; grid-rows: 1; grid-gutter: 0 1; height: auto; }
    #open-buttons { height: 3; margin-top: 1; }
    """

    def __init__(self, last: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.last = last or {}

    def compose(self) -> ComposeResult:
        last = self.last

        def typed(key: str) -> str:
            return "" if last.get(key) is None else f"{last[key]:g}"

        variant = last.get("variant") if last.get("variant") in VARIANTS else DEFAULT_VARIANT
        form = last.get("format") if last.get("format") in FORMATS else "swiss"
        with Vertical(id="open-form"):
            with Grid(id="open-grid"):
                yield Label(_("Variant"))
                yield Select([(variant_title(k), k) for k in VARIANTS], value=variant, allow_blank=False, compact=True,
                             id="variant")
                yield Label(_("Format"))
                yield Select([(format_words(k), k) for k in FORMATS], value=form, allow_blank=False, compact=True, id="format")
                yield Label(_("Rounds"))
                yield Input(typed("rounds"), placeholder="3", type="integer", compact=True, id="rounds")
                yield Label(_("Players a table"))
                yield Input(typed("players"), placeholder=_("rotation: 3 or 4"), type="integer", compact=True, id="players")
                yield Label(_("Target"))
                yield Input(typed("target"), placeholder=_("the variant's"), type="integer", compact=True, id="target")
                yield Label(_("Round clock (min)"))
                yield Input(typed("round_minutes"), placeholder=_("none"), type="number", compact=True, id="clock")
                yield Label(_("Bots fill"))
                yield Checkbox(_("bots take empty places"), last.get("fill_bots", True), compact=True, id="bots")
            yield Button(_("Open the tournament"), variant="primary", id="open-go")

    def on_mount(self) -> None:
        self.query_one("#open-form").border_title = _("Open a tournament")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "open-go":
            self.dismiss(self.settings())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(self.settings())

    def settings(self) -> dict[str, Any]:
        def number(ident: str, kind: type) -> Any:
            text = self.query_one(f"#{ident}", Input).value.strip()
            try:
                return kind(text) if text else None
            except ValueError:
                return None

        return {
            "variant": self.query_one("#variant", Select).value, "format": self.query_one("#format", Select).value,
            "rounds": number("rounds", int) or 3, "players": number("players", int), "target": number("target", int),
            "round_minutes": number("clock", float), "fill_bots": self.query_one("#bots", Checkbox).value,
            "bot_level": "medium",
        }

    def action_cancel(self) -> None:
        self.dismiss(None)
