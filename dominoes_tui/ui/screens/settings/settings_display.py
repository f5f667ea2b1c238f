"""The Display section of the settings screen: how the table looks and sounds (the
app's preferences, which can also change during a match), and the language."""
from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ....i18n import N_, _
from ....table.local import SPEEDS
from ...choices import LANGUAGE_CHOICES, THEMES, Prefs, language_words
from ...widgets.choice import Choice

SHORT = 14  # the width of a short field (a number, on/off)
# The display values as a person reads them (the values themselves stay in settings.json)
SPEED_WORDS = {"instant": N_("instant"), "normal": N_("normal"), "slow": N_("slow")}
THEME_WORDS = {"dark": N_("dark"), "light": N_("light")}


def short_choice(label: str, options: list[tuple[str, Any]], value: Any, id: str, help_text: str = "") -> Choice:  # noqa: A002
    """A row of its own: the label, a short field and the help beside it, all one widget."""
    return Choice(options, value, id=id, label=label, help=help_text, field_width=SHORT)


def with_default(words: str, is_default: bool) -> str:
    """A choice's words, marked when it is the default ("100 (default)")."""
    return _("{value} (default)").format(value=words) if is_default else words


def language_choice(prefs: Prefs) -> Choice:
    """The Language field: each language in its own name, and "auto" for the system's."""
    return short_choice(_("Language"), [(language_words(c), c) for c in LANGUAGE_CHOICES], prefs.language, "language",
                        _("auto: the system's (LANG); --lang wins for one run"))


def display_widgets(prefs: Prefs) -> list[Widget]:
    short = short_choice
    on_off = [(_("off"), False), (_("on"), True)]
    return [
        Static(_("Display"), classes="section"),
        language_choice(prefs),
        short(_("Bot speed"), [(_(SPEED_WORDS.get(s, s)), s) for s in SPEEDS], prefs.speed, "speed"),
        short(_("Tiles show"), [(_("digits"), "digits"), (_("pips"), "pips")], "pips" if prefs.pips else "digits",
              "faces"),
        short(_("Memory aid"), [(_("on"), True), (_("off"), False)], prefs.show_lacks, "lacks",
              _("show the numbers each player has shown they lack (off for a serious table)")),
        short(_("Theme"), [(_(THEME_WORDS.get(t, t)), t) for t in THEMES], prefs.theme, "theme",
              _("light for a bright room or a projector")),
        short(_("Big tiles"), [(_("auto"), "auto"), (_("on"), "on"), (_("off"), "off")], prefs.projector, "projector",
              _("double-size tiles for a projector (auto: from 160×48)")),
        short(_("Bell"), on_off, prefs.bell, "bell", _("ring when it becomes a person's turn")),
        short(_("ASCII only"), on_off, prefs.ascii, "ascii",
              _("plain characters for terminals without box drawing")),
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
    prefs.language = str(screen.query_one("#language", Choice).value)
    screen.app.set_class(prefs.ascii, "-ascii")
