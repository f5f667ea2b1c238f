"""The Seats and Match sections of the settings screen: a row a seat, then the target
and the table options of the variant (docs/RULES.md §4, each with its default and a short
explanation), built from a MatchSettings and read back into one. The screen
(settings.py) decides when they are built again; the Display section is
settings_display.py's."""
from __future__ import annotations

from typing import Any

from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from ....bots.registry import level_word, offered_as, offered_levels
from ....engine import OPTIONS, VARIANTS
from ....engine.options import target_option
from ....i18n import _
from ....table.client import SeatInfo
from ...choices import (
    MAX_NAME,
    MatchSettings,
    SettingsError,
    carried_target,
    check,
    default_level,
    option_label,
    target_is_free,
    target_presets,
    value_words,
)
from ...widgets.choice import Choice
from ...words import is_you, shown
from .settings_display import with_default

CUSTOM = "custom"  # the target's choice that opens a field for any number


def seat_row(variant: str, i: int, seat: SeatInfo | None) -> Horizontal:
    """One seat's row: person or bot (which level), and its name."""
    levels = offered_levels()
    if seat is None:
        seat = SeatInfo("You", "human") if i == 0 else SeatInfo(f"Bot {i + 1}", "bot", default_level())
    level = offered_as(seat.level) if seat.level else seat.level
    value = "human" if seat.is_human else (level if level in levels else default_level())
    label = _("Seat {seat}").format(seat=i + 1)
    if VARIANTS[variant].teams:
        label = (_("Seat {seat} (team A)") if i % 2 == 0 else _("Seat {seat} (team B)")).format(seat=i + 1)
    kinds = [(_("Person"), "human")] + [(_("Bot: {level}").format(level=level_word(lvl)), lvl) for lvl in levels]
    # as wide as the longest level with its arrows, in every row alike ("◀ Bot: schwere Steine zuerst ▶")
    width = max(22, *(len(text) + 4 for text, _value in kinds))
    return Horizontal(
        Choice(kinds, value, id=f"seat-kind-{i}", label=label, field_width=width, classes="seat-kind"),
        Input(shown(seat.name), placeholder=_("name"), max_length=MAX_NAME, compact=True, id=f"seat-name-{i}"),
        classes="row seat-row",
    )


def match_widgets(variant: str, players: int, settings: MatchSettings | None) -> list[Widget]:
    """Target and table options: what depends on the variant (and the players)."""
    rules = VARIANTS[variant]
    widgets: list[Widget] = []
    # the target: presets, and a custom number where the rules allow any
    tname = target_option(variant)
    spec = next(s for s in OPTIONS[variant] if s.name == tname)
    default = int(spec.default_value(players))
    presets = target_presets(variant, players)
    if settings and settings.variant != variant:  # the variant changed: keep a target chosen
        carried = carried_target(settings, variant)
        settings = MatchSettings(variant, players, settings.seats, carried, {})
    wanted = settings.target if settings and settings.target is not None else default
    options: list[tuple[str, Any]] = [(with_default(str(p), p == default), p) for p in presets]
    free = target_is_free(variant)
    if free:
        options.append((_("custom…"), CUSTOM))
    value: Any = wanted if wanted in presets else (CUSTOM if free else default)
    label = _("Loses at") if rules.penalties else _("Target")
    widgets.append(Static(_("Match"), classes="section"))
    target_row: list[Widget] = [Choice(options, value, id="target", label=label, classes="target")]
    if free:  # a custom number only where the rules allow any (docs/RULES.md §4)
        target_row.append(Input(str(wanted) if value == CUSTOM else "", placeholder=_("custom number"), type="integer",
                                compact=True, id="target-custom", disabled=value != CUSTOM))
    widgets.append(Horizontal(*target_row, classes="row"))
    widgets.append(Static(_(spec.help), classes="help"))
    # the other table options of docs/RULES.md §4
    given = settings.options if settings and settings.variant == variant else {}
    others = [s for s in OPTIONS[variant] if s.name != tname]
    if others:
        widgets.append(Static(_("Table options"), classes="section"))
    for spec in others:
        current = given.get(spec.name, spec.default_value(players))
        dflt = spec.default_value(players)
        label = option_label(spec.name)
        label = label[:1].upper() + label[1:]  # a field's name, as the form's others begin ("first lead" in a sentence)
        help_text = _("{help} (default {value})").format(help=_(spec.help), value=value_words(dflt))
        if spec.choices is not None:
            widgets.append(Choice(
                [(with_default(value_words(c), c == dflt), c) for c in spec.choices],
                current if current in spec.choices else dflt, id=f"opt-{spec.name}",
                label=label, help=help_text, help_below=True,
            ))
        else:
            widgets.append(Horizontal(Label(label), Input(str(current), type="integer", compact=True,
                                                         id=f"opt-{spec.name}"), classes="row"))
            widgets.append(Static(help_text, classes="help"))
    return widgets


def read_settings(screen: Screen, variant: str, players: int, check_it: bool = True) -> MatchSettings:
    """The settings as the form shows them; SettingsError says what is wrong (`check_it`),
    else what could be read (the form may be half rebuilt)."""
    seats = []
    for i in range(players):
        try:
            kind = screen.query_one(f"#seat-kind-{i}", Choice).value
            name = screen.query_one(f"#seat-name-{i}", Input).value.strip()
            name = "You" if is_you(name) else name  # shown as the language says it (Du), kept as You
        except NoMatches:  # the form is being rebuilt: a seat not drawn yet
            kind, name = "human" if i == 0 else default_level(), ""
        if not name:
            name = "You" if kind == "human" and i == 0 else f"Bot {i + 1}"
            if check_it:
                raise SettingsError(_("Seat {seat} needs a name.").format(seat=i + 1))
        seats.append(SeatInfo(name, "human", None) if kind == "human" else SeatInfo(name, "bot", str(kind)))
    target: int | None = None
    options: dict[str, Any] = {}
    try:
        tvalue = screen.query_one("#target", Choice).value
        if tvalue == CUSTOM:
            raw = screen.query_one("#target-custom", Input).value.strip()
            try:
                target = int(raw)
            except ValueError:
                if check_it:
                    raise SettingsError(_("The custom target must be a whole number, e.g. 120.")) from None
            if check_it and target is not None and target < 1:
                raise SettingsError(_("The target must be at least 1."))
        else:
            target = int(tvalue)
        for spec in OPTIONS[variant]:
            if spec.name == target_option(variant):
                continue
            widget = screen.query_one(f"#opt-{spec.name}")
            if isinstance(widget, Choice):
                options[spec.name] = widget.value
            elif isinstance(widget, Input):
                raw = widget.value.strip()
                try:
                    options[spec.name] = int(raw)
                except ValueError:
                    if check_it:
                        raise SettingsError(_("{option} must be a whole number.").format(
                            option=option_label(spec.name))) from None
    except NoMatches:
        pass  # the form is being rebuilt; carry what could be read
    settings = MatchSettings(variant, players, seats, target, options)
    if check_it:
        check(settings)
    return settings
