"""The Display section of the settings screen: how the table looks and sounds (the
app's preferences, which can also change during a match)."""
from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ...table.local import SPEEDS
from ..choices import THEMES, Prefs
from ..widgets.choice import Choice

SHORT = 14  # the width of a short field (a number, on/off)


def short_choice(label: str, options: list[tuple[str, Any]], value: Any, id: str, help_text: str = "") -> Choice:  # noqa: A002
    """A row of its own: the label, a short field and the help beside it, all one widget."""
    return Choice(options, value, id=id, label=label, help=help_text, field_width=SHORT)


def display_widgets(prefs: Prefs) -> list[Widget]:
    short = short_choice
    return [
        Static("Display", classes="section"),
        short("Bot speed", [(s, s) for s in SPEEDS], prefs.speed, "speed"),
        short("Tiles show", [("digits", "digits"), ("pips", "pips")], "pips" if prefs.pips else "digits", "faces"),
        short("Memory aid", [("on", True), ("off", False)], prefs.show_lacks, "lacks",
              "show the numbers each player has shown they lack (off for a serious table)"),
        short("Theme", [(t, t) for t in THEMES], prefs.theme, "theme", "light for a bright room or a projector"),
        short("Big tiles", [("auto", "auto"), ("on", "on"), ("off", "off")], prefs.projector, "projector",
              "double-size tiles for a projector (auto: from 160×48)"),
        short("Bell", [("off", False), ("on", True)], prefs.bell, "bell", "ring when it becomes a person's turn"),
        short("ASCII only", [("off", False), ("on", True)], prefs.ascii, "ascii",
              "plain characters for terminals without box drawing"),
    ]


def read_prefs(screen: Screen, prefs: Prefs) -> None:
    """The Display fields as shown, into `prefs`; the app's ASCII look follows at once."""
    prefs.speed = str(screen.query_one("#speed", Choice).value)
    prefs.pips = screen.query_one("#faces", Choice).value == "pips"
    prefs.show_lacks = bool(screen.query_one("#lacks", Choice).value)
    prefs.ascii = bool(screen.query_one("#ascii", Choice).value)
    prefs.theme = str(screen.query_one("#theme", Choice).value)
    prefs.projector = str(screen.query_one("#projector", Choice).value)
    prefs.bell = bool(screen.query_one("#bell", Choice).value)
    screen.app.set_class(prefs.ascii, "-ascii")
