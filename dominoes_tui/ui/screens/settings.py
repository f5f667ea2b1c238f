"""The settings screen: variant, players, seats, target, table options, display.

Dismisses with a checked `MatchSettings` (Start) or None (Quit). Whatever the variant
allows is all it offers: the player counts, the options of RULES.md §4 that apply, each
with its default and a short explanation.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...bots import level_names
from ...engine import OPTIONS, VARIANTS
from ...engine.options import target_option
from ...table.client import SeatInfo
from ...table.local import SPEEDS
from ..choices import (
    MAX_NAME, MatchSettings, Prefs, SettingsError, check, default_level, target_is_free, target_presets,
)
from ..widgets.too_small import TooSmall

CUSTOM = "custom"


class SettingsScreen(Screen["MatchSettings | None"]):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start the match"),
        Binding("ctrl+r", "app.records", "Records"),  # the club records: leaderboard, pages, replays
        Binding("tab", "app.focus_next", "Next field", show=True),
        Binding("escape", "quit_game", "Quit"),
    ]
    DEFAULT_CSS = """
    SettingsScreen { layout: vertical; }
    #title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    #form { height: 1fr; padding: 0 1; }
    #dynamic { height: auto; }
    .row { height: auto; }
    .row Label { width: 21; padding: 0 1 0 0; }
    .row Select { width: 1fr; }
    .row Input { width: 1fr; margin-left: 1; }
    .row .seat-kind { width: 22; }
    .row .short { width: 12; }
    .help { color: $text-muted; padding: 0 0 0 21; }
    .help-inline { color: $text-muted; padding: 0 0 0 2; width: 1fr; }
    .section { text-style: bold; padding-top: 1; color: $accent; }
    #settings-errors { height: auto; color: $error; text-style: bold; padding: 0 1; }
    #settings-errors.-empty { display: none; }
    #buttons { height: auto; padding: 0 1; }
    #buttons Button { margin-right: 2; }
    """

    def __init__(self, settings: MatchSettings, prefs: Prefs) -> None:
        super().__init__()
        self.initial = settings
        self.prefs = prefs
        self.variant = settings.variant
        self.players = settings.players

    # -- building ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static("Dominoes — a new match", id="title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label("Variant")
                yield Select(
                    [(v.title, name) for name, v in VARIANTS.items()],
                    value=self.variant, allow_blank=False, compact=True, id="variant",
                )
            yield Static(VARIANTS[self.variant].summary, id="variant-help", classes="help")
            yield Vertical(id="dynamic")
            yield Static("Display", classes="section")
            with Horizontal(classes="row"):
                yield Label("Bot speed")
                yield Select([(s, s) for s in SPEEDS], value=self.prefs.speed, allow_blank=False, compact=True, id="speed", classes="short")
            with Horizontal(classes="row"):
                yield Label("Tiles show")
                yield Select([("digits", "digits"), ("pips", "pips")], value="pips" if self.prefs.pips else "digits",
                             allow_blank=False, compact=True, id="faces", classes="short")
            with Horizontal(classes="row"):
                yield Label("Memory aid")
                yield Select([("on", True), ("off", False)], value=self.prefs.show_lacks, allow_blank=False, compact=True, id="lacks", classes="short")
                yield Static("show the numbers each player has shown they lack (off for a serious table)", classes="help-inline")
            with Horizontal(classes="row"):
                yield Label("ASCII only")
                yield Select([("off", False), ("on", True)], value=self.prefs.ascii, allow_blank=False, compact=True, id="ascii", classes="short")
                yield Static("plain characters for terminals without box drawing", classes="help-inline")
        yield Static("", id="settings-errors", classes="-empty")
        with Horizontal(id="buttons"):
            yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
            yield Button("Quit (Esc)", id="quit", compact=True)
        yield Footer()

    async def on_mount(self) -> None:
        await self.rebuild(self.initial)
        self.query_one("#variant", Select).focus()

    def dynamic_widgets(self, settings: MatchSettings | None) -> list[Widget]:
        """Players, seats, target and options: what depends on the variant."""
        rules = VARIANTS[self.variant]
        if self.players not in rules.players:
            self.players = rules.players[0]
        players = self.players
        widgets: list[Widget] = []
        widgets.append(Horizontal(
            Label("Players"),
            Select([(str(n), n) for n in rules.players], value=players, allow_blank=False, compact=True, id="players", classes="short"),
            classes="row",
        ))
        widgets.append(Static("Seats", classes="section"))
        old = list(settings.seats) if settings else []
        levels = level_names()
        kinds = [("Person", "human")] + [(f"Bot: {lvl}", lvl) for lvl in levels]
        for i in range(players):
            seat = old[i] if i < len(old) else SeatInfo(f"Bot {i}", "bot", default_level())
            if i == 0 and not old:
                seat = SeatInfo("You", "human")
            value = "human" if seat.is_human else (seat.level if seat.level in levels else default_level())
            team = ""
            if rules.teams:
                team = " (team A)" if i % 2 == 0 else " (team B)"
            widgets.append(Horizontal(
                Label(f"Seat {i + 1}{team}"),
                Select(kinds, value=value, allow_blank=False, compact=True, id=f"seat-kind-{i}", classes="seat-kind"),
                Input(seat.name, placeholder="name", max_length=MAX_NAME, compact=True, id=f"seat-name-{i}"),
                classes="row",
            ))
        # the target: presets, and a custom number where the rules allow any
        tname = target_option(self.variant)
        spec = next(s for s in OPTIONS[self.variant] if s.name == tname)
        default = int(spec.default_value(players))
        presets = target_presets(self.variant, players)
        wanted = settings.target if settings and settings.target is not None and settings.variant == self.variant else default
        options = [(f"{p}{' (default)' if p == default else ''}", p) for p in presets]
        free = target_is_free(self.variant)
        if free:
            options.append(("custom…", CUSTOM))
        value: Any = wanted if wanted in presets else (CUSTOM if free else default)
        label = "Loses at" if rules.penalties else "Target"
        widgets.append(Static("Match", classes="section"))
        target_row: list[Widget] = [Label(label), Select(options, value=value, allow_blank=False, compact=True, id="target")]
        if free:  # a custom number only where the rules allow any (RULES.md §4)
            target_row.append(Input(str(wanted) if value == CUSTOM else "", placeholder="custom number", type="integer",
                                    compact=True, id="target-custom", disabled=value != CUSTOM))
        widgets.append(Horizontal(*target_row, classes="row"))
        widgets.append(Static(spec.help, classes="help"))
        # the other table options of RULES.md §4
        given = settings.options if settings and settings.variant == self.variant else {}
        others = [s for s in OPTIONS[self.variant] if s.name != tname]
        if others:
            widgets.append(Static("Table options", classes="section"))
        for spec in others:
            current = given.get(spec.name, spec.default_value(players))
            dflt = spec.default_value(players)
            if spec.choices is not None:
                control: Widget = Select(
                    [(f"{c}{' (default)' if c == dflt else ''}", c) for c in spec.choices],
                    value=current if current in spec.choices else dflt, allow_blank=False, compact=True, id=f"opt-{spec.name}",
                )
            else:
                control = Input(str(current), type="integer", compact=True, id=f"opt-{spec.name}")
            widgets.append(Horizontal(Label(spec.name.replace("_", " ")), control, classes="row"))
            widgets.append(Static(f"{spec.help} (default {dflt})", classes="help"))
        return widgets

    async def rebuild(self, settings: MatchSettings | None) -> None:
        dynamic = self.query_one("#dynamic", Vertical)
        await dynamic.remove_children()
        await dynamic.mount_all(self.dynamic_widgets(settings))

    # -- reacting ------------------------------------------------------------------
    async def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id
        if sid == "variant" and event.value != self.variant:
            carry = self.read(check_it=False)
            self.variant = str(event.value)
            self.query_one("#variant-help", Static).update(VARIANTS[self.variant].summary)
            await self.rebuild(carry)
        elif sid == "players" and event.value != self.players:
            carry = self.read(check_it=False)
            self.players = int(event.value)  # type: ignore[arg-type]
            await self.rebuild(carry)
        elif sid and sid.startswith("seat-kind-"):
            self.rename_default_seat(int(sid.rsplit("-", 1)[1]), str(event.value))
        elif sid == "target" and self.query("#target-custom"):
            custom = self.query_one("#target-custom", Input)
            custom.disabled = event.value != CUSTOM
            if event.value == CUSTOM:
                custom.focus()
        self.show_error("")

    def rename_default_seat(self, i: int, kind: str) -> None:
        """A seat turned from bot to person (or back) loses a default name that no longer
        fits ("Bot 2" for a person); a name someone typed stays."""
        name_input = self.query_one(f"#seat-name-{i}", Input)
        name = name_input.value.strip()
        if kind == "human" and name == f"Bot {i}":
            name_input.value = f"Player {i + 1}"
        elif kind != "human" and name in (f"Player {i + 1}", "You" if i == 0 else ""):
            name_input.value = f"Bot {i}" if i else "Bot"

    def read(self, check_it: bool = True) -> MatchSettings:
        """The settings as the form shows them; SettingsError says what is wrong."""
        seats = []
        for i in range(self.players):
            try:
                kind = self.query_one(f"#seat-kind-{i}", Select).value
                name = self.query_one(f"#seat-name-{i}", Input).value.strip()
            except Exception:
                kind, name = "human" if i == 0 else default_level(), ""
            if not name:
                name = "You" if kind == "human" and i == 0 else f"Bot {i}"
                if check_it:
                    raise SettingsError(f"Seat {i + 1} needs a name.")
            seats.append(SeatInfo(name, "human", None) if kind == "human" else SeatInfo(name, "bot", str(kind)))
        target: int | None = None
        options: dict[str, Any] = {}
        try:
            tvalue = self.query_one("#target", Select).value
            if tvalue == CUSTOM:
                raw = self.query_one("#target-custom", Input).value.strip()
                try:
                    target = int(raw)
                except ValueError:
                    if check_it:
                        raise SettingsError("The custom target must be a whole number, e.g. 120.") from None
                if check_it and target is not None and target < 1:
                    raise SettingsError("The target must be at least 1.")
            else:
                target = int(tvalue)  # type: ignore[arg-type]
            for spec in OPTIONS[self.variant]:
                if spec.name == target_option(self.variant):
                    continue
                widget = self.query_one(f"#opt-{spec.name}")
                if isinstance(widget, Select):
                    options[spec.name] = widget.value
                else:
                    raw = widget.value.strip()  # type: ignore[attr-defined]
                    try:
                        options[spec.name] = int(raw)
                    except ValueError:
                        if check_it:
                            raise SettingsError(f"{spec.name.replace('_', ' ')} must be a whole number.") from None
        except SettingsError:
            raise
        except Exception:
            pass  # the form is being rebuilt; carry what could be read
        settings = MatchSettings(self.variant, self.players, seats, target, options)
        if check_it:
            check(settings)
        return settings

    def read_prefs(self) -> None:
        self.prefs.speed = str(self.query_one("#speed", Select).value)
        self.prefs.pips = self.query_one("#faces", Select).value == "pips"
        self.prefs.show_lacks = bool(self.query_one("#lacks", Select).value)
        self.prefs.ascii = bool(self.query_one("#ascii", Select).value)
        if self.prefs.ascii:
            self.app.add_class("-ascii")
        else:
            self.app.remove_class("-ascii")

    def show_error(self, text: str) -> None:
        errors = self.query_one("#settings-errors", Static)
        errors.update(Text(text))  # may quote a name: plain text
        errors.set_class(not text, "-empty")

    # -- actions --------------------------------------------------------------------
    def action_start(self) -> None:
        try:
            settings = self.read()
        except SettingsError as exc:
            self.show_error(str(exc))
            return
        self.read_prefs()
        self.dismiss(settings)

    def action_quit_game(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_quit_game()
