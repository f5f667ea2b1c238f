"""The settings screen: variant, players, seats, target, table options, display.

Dismisses with a checked `MatchSettings` (Start), WALKTHROUGH (F2) or None (Quit). Whatever the variant
allows is all it offers: the player counts, the options of docs/RULES.md §4 that apply, each
with its default and a short explanation.

This module is the screen: it lays the form out, builds a section again when the variant,
the players or the language change, and answers the keys. The fields themselves are
built and read back by settings_match.py (seats, target, table options) and
settings_display.py (Display and Language).
"""
from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.lazy import Lazy
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from .... import i18n
from ....engine import VARIANTS
from ....i18n import N_, _
from ....table.client import SeatInfo
from ...choices import THEMES, MatchSettings, Prefs, SettingsError, with_player_defaults
from ...widgets.action_button import ActionButton
from ...widgets.choice import Choice
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ...words import is_you
from .breakpoints import StyledOnMount, preset_breakpoints
from .settings_display import display_widgets, read_prefs, short_choice
from .settings_match import CUSTOM, match_widgets, read_settings, seat_row

WALKTHROUGH = "walkthrough"  # dismissed with this: the person asked for the first-game walk-through


class SettingsForm(VerticalScroll, can_focus=False):
    """The form scrolls to the focused field; ↑ ↓ move between fields, as ← → change one.
    (A plain VerticalScroll scrolled on ↓ and left the focused field out of sight.)"""

    BINDINGS = [
        Binding("down", "app.focus_next", N_("Next field"), show=False),
        Binding("up", "app.focus_previous", N_("Previous field"), show=False),
    ]


class SettingsScreen(StyledOnMount, Screen["MatchSettings | str | None"]):
    # Short words: the whole footer fits 80 columns. Enter starts the match from any
    # field (a field changes with ← → or space, never with Enter).
    BINDINGS = [
        Binding("enter,ctrl+s", "start", N_("Start"), key_display="⏎"),
        Binding("ctrl+r", "app.records", N_("Records")),  # the club records: leaderboard, pages, replays
        Binding("tab", "app.focus_next", N_("Next"), show=False),  # the help says it; German needs the room
        Binding("question_mark,f1", "explain", N_("Rules"), key_display="?"),
        Binding("f2", "walkthrough", N_("Walk-through")),
        # the puzzle trainer (puzzles/), the match's form under it; a button says it (the footer has no room)
        Binding("f3", "puzzles", N_("Puzzles"), show=False),
        Binding("escape", "quit_game", N_("Quit")),
        Binding("down", "app.focus_next", N_("Next field"), show=False),  # from the buttons too
        Binding("up", "app.focus_previous", N_("Previous field"), show=False),
    ]
    AUTO_FOCUS = "#variant"
    # what the form is for, and what Esc leaves it for (a hosted table's form leaves for the lobby)
    # marked here, translated where shown (compose, action_quit_game)
    TITLE_TEXT = N_("Dominoes — a new match")
    LEAVE_LABEL = N_("Quit (Esc)")
    LEAVE_QUESTION = (N_("Quit dominoes?"), N_("Quit (y)"), N_("Stay (n)"))
    PUZZLES = True  # F3 and its button open the puzzle trainer (not on a server's new-table form)
    DEFAULT_CSS = """
    SettingsScreen { layout: vertical; }
    #title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    #first-time { height: auto; padding: 0 1; text-style: bold reverse; }
    #form { height: 1fr; padding: 0 1; }
    #seats-box, #match-box, #display-box { height: auto; }
    .row { height: auto; }
    .row Label { width: 21; padding: 0 1 0 0; }
    /* The focused field is unmistakable in any colour depth: its label turns to
       reverse video and the field itself shows arrows (Choice) or a reversed box. */
    .row.-current Label { text-style: bold reverse; }
    .row Input { width: 1fr; margin-left: 1; }
    .row Input:focus { text-style: bold; }
    .row Choice { width: auto; }
    .help { color: $text-muted; padding: 0 0 0 21; }
    .section { text-style: bold; padding-top: 1; color: $accent; }
    #settings-errors { height: auto; color: $error; text-style: bold; padding: 0 1; }
    #settings-errors.-empty { display: none; }
    #buttons { height: auto; padding: 0 1; }
    #buttons ActionButton { margin-right: 2; }
    """

    def __init__(self, settings: MatchSettings, prefs: Prefs, walkthrough: bool = False) -> None:
        super().__init__()
        self.walkthrough = walkthrough  # offer the first-game walk-through (local play only)
        self.initial = settings
        self.prefs = prefs
        self.variant = settings.variant
        self.players = settings.players
        # the Display section is mounted after the first frame, except when the form is
        # built again for a new language: then its Language field takes the focus at once
        self.lazy_display = True

    # -- building ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        preset_breakpoints(self)  # no restyle of the whole form on the first resize
        yield TooSmall()
        yield Static(_(self.TITLE_TEXT), id="title")
        if self.walkthrough and not self.prefs.walkthrough_offered:
            yield Static(_("New to dominoes? F2 plays a short walk-through round first, a line at each step."),
                         id="first-time")
        # not focusable: focus goes straight to the first field, not to the form and
        # then away from it again (each a restyle of the whole form)
        with SettingsForm(id="form"):
            yield Choice([(_(v.title), name) for name, v in VARIANTS.items()], self.variant, id="variant",
                         label=_("Variant"), help=self.variant_help(), help_below=True)
            # built here, not after mounting: one layout pass instead of two
            yield Vertical(*self.player_widgets(), id="seats-box")
            yield Vertical(*self.match_widgets(self.initial), id="match-box")
            # below the fold at 80×24: mounted just after the first frame, which comes sooner
            display = Vertical(*self.display_widgets(), id="display-box")
            yield Lazy(display) if self.lazy_display else display
        yield Static("", id="settings-errors", classes="-empty")
        with Horizontal(id="buttons"):
            yield ActionButton(_("Start (Enter)"), id="start", primary=True)
            if self.walkthrough:
                yield ActionButton(_("Walk-through (F2)"), id="walkthrough")
            if self.PUZZLES:
                yield ActionButton(_("Puzzles (F3)"), id="puzzles")
            yield ActionButton(_(self.LEAVE_LABEL), id="quit")
        yield Footer()

    def display_widgets(self) -> list[Widget]:
        return display_widgets(self.prefs)

    short = staticmethod(short_choice)

    def variant_help(self) -> str:
        return _(VARIANTS[self.variant].summary) + "  " + _("(? explains the rules)")

    def player_widgets(self) -> list[Widget]:
        """The Players choice and one row a seat."""
        rules = VARIANTS[self.variant]
        if self.players not in rules.players:
            self.players = rules.players[0]
        widgets: list[Widget] = [
            self.short(_("Players"), [(str(n), n) for n in rules.players], self.players, "players",
                       _("partners sit opposite: seats 1 & 3 against 2 & 4") if rules.teams else ""),
            Static(_("Seats"), classes="section"),
        ]
        seats = list(self.initial.seats) if self.initial else []
        widgets += [self.seat_row(i, seats[i] if i < len(seats) else None) for i in range(self.players)]
        return widgets

    def seat_row(self, i: int, seat: SeatInfo | None) -> Horizontal:
        return seat_row(self.variant, i, seat)

    def match_widgets(self, settings: MatchSettings | None) -> list[Widget]:
        """Target and table options: what depends on the variant (and the players)."""
        return match_widgets(self.variant, self.players, settings)

    async def rebuild(self, settings: MatchSettings | None, seats_too: bool) -> None:
        if seats_too:
            self.initial = settings or self.initial
            box = self.query_one("#seats-box", Vertical)
            await box.remove_children()
            await box.mount_all(self.player_widgets())
        box = self.query_one("#match-box", Vertical)
        await box.remove_children()
        await box.mount_all(self.match_widgets(settings))

    async def set_players(self, players: int) -> None:
        """Add or remove only the seat rows that change: a Players change used to
        rebuild the whole form, which took half a second or more to show."""
        old, carry = self.players, self.read(check_it=False)
        carry = with_player_defaults(carry, old)
        self.players = players
        box = self.query_one("#seats-box", Vertical)
        if players > old:
            seats = list(carry.seats)
            await box.mount_all([self.seat_row(i, seats[i] if i < len(seats) else None) for i in range(old, players)])
        else:
            for row in list(box.query(".seat-row"))[players:]:
                await row.remove()
        self.initial = MatchSettings(self.variant, players, self.read(check_it=False).seats, carry.target, carry.options)
        # the default target may depend on the number of players
        await self.rebuild(carry, seats_too=False)

    # -- reacting ------------------------------------------------------------------
    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A class, not :focus-within: Textual did not restyle the row focus had left.
        self._mark_row(event.widget, True)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._mark_row(event.widget, False)

    @staticmethod
    def _mark_row(widget: Widget, current: bool) -> None:
        row = widget.parent
        if isinstance(row, Horizontal) and row.has_class("row"):
            row.set_class(current, "-current")
            for choice in row.query_children(Choice):  # draws the row's label itself
                choice.refresh()

    async def on_choice_changed(self, event: Choice.Changed) -> None:
        sid = event.choice.id
        if sid == "variant" and event.value != self.variant:
            carry = self.read(check_it=False)
            self.variant = str(event.value)
            self.query_one("#variant", Choice).help_text = self.variant_help()
            await self.rebuild(carry, seats_too=True)
        elif sid == "players" and event.value != self.players:
            await self.set_players(int(event.value))
        elif sid and sid.startswith("seat-kind-"):
            self.rename_default_seat(int(sid.rsplit("-", 1)[1]), str(event.value))
        elif sid == "target" and self.query("#target-custom"):
            custom = self.query_one("#target-custom", Input)
            custom.disabled = event.value != CUSTOM
            if event.value == CUSTOM:
                custom.focus()
        elif sid == "ascii":
            self.app.set_class(bool(event.value), "-ascii")
            self.refresh(layout=True)
        elif sid == "theme":
            self.app.theme = THEMES[str(event.value)]
        elif sid == "language":
            await self.change_language(str(event.value))
            return
        self.show_error("")

    async def change_language(self, chosen: str) -> None:
        """Speak the language chosen at once: the whole form is built again in it, with
        everything entered so far, and the focus back on the Language field."""
        self.initial = self.read(check_it=False)
        self.read_prefs()
        self.prefs.language = chosen
        i18n.use(i18n.choose(None, chosen))
        self.app.title = _("Dominoes")
        self.lazy_display = False
        await self.recompose()
        field = self.query_one("#language", Choice)
        field.focus()
        # in sight once the new form has its size (before, it scrolled to the top)
        self.call_after_refresh(field.scroll_visible, animate=False)

    def rename_default_seat(self, i: int, kind: str) -> None:
        """A seat turned from bot to person (or back) loses a default name that no longer
        fits ("Bot 2" for a person); a name someone typed stays."""
        name_input = self.query_one(f"#seat-name-{i}", Input)
        name = name_input.value.strip()
        # A person's default name is a suggestion to type over, in the reader's language
        # (Spieler 2); whatever stands there when the match starts is the name it records.
        defaults = {f"Player {i + 1}", _("Player {n}").format(n=i + 1)}
        if kind == "human" and name == f"Bot {i + 1}":
            name_input.value = _("Player {n}").format(n=i + 1)
        elif kind != "human" and (name in defaults or (i == 0 and is_you(name))):
            name_input.value = f"Bot {i + 1}"

    def read(self, check_it: bool = True) -> MatchSettings:
        """The settings as the form shows them; SettingsError says what is wrong."""
        return read_settings(self, self.variant, self.players, check_it)

    def read_prefs(self) -> None:
        if self.query("#display-box"):  # not mounted yet: its fields still show the prefs as they are
            read_prefs(self, self.prefs)

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
        self.prefs.walkthrough_offered = True  # offered until the first match starts
        self.dismiss(settings)

    def action_quit_game(self) -> None:
        """Esc asks first: it is also the key that closes a list or leaves a field."""
        from ..confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        self.app.push_screen(ConfirmScreen(*(_(words) for words in self.LEAVE_QUESTION)), answered)

    def action_explain(self) -> None:
        from ..help import open_help

        open_help(self.app, self.variant)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "walkthrough":
            return self.walkthrough
        if action == "puzzles":
            return self.PUZZLES
        return True

    def action_puzzles(self) -> None:
        from ..puzzles.puzzle_open import open_trainer

        open_trainer(self.app, self.prefs)

    def action_walkthrough(self) -> None:
        self.read_prefs()
        self.dismiss(WALKTHROUGH)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()  # Enter in a name field starts the match, as on every field

    def on_action_button_pressed(self, event: ActionButton.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "walkthrough":
            self.action_walkthrough()
        elif event.button.id == "puzzles":
            self.action_puzzles()
        else:
            self.action_quit_game()


class NewTableScreen(SettingsScreen):
    """The same form for a table on a server: Esc goes back to the lobby, not out of the
    program (it asked "Quit dominoes?" and then went to the lobby)."""

    BINDINGS = [Binding("escape", "quit_game", N_("Lobby"))]  # in place of the form's Quit
    TITLE_TEXT = N_("Dominoes — a new table")
    LEAVE_LABEL = N_("Back (Esc)")
    LEAVE_QUESTION = (N_("Back to the lobby without making the table?"), N_("Back (y)"), N_("Stay (n)"))
    PUZZLES = False  # the lobby has its own F3
