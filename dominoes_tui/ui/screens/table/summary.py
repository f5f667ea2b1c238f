"""Between rounds and at the end: every hand revealed, how the round ended, the sums."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ....engine import TableConfig, hand_pips
from ....i18n import N_, _, ngettext
from ....table.client import RoundReport, SeatInfo
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ...words import arithmetic, how_it_ended, match_story, play_points_line, shown, side_names

NEW_MATCH = N_("New match")  # what `n` does after a match, unless the app says otherwise


def hands_text(report: RoundReport, seats: tuple[SeatInfo, ...]) -> Text:
    """Every hand as it was when the round ended, with its pip count."""
    text = Text()
    names = [shown(s.name) for s in seats]
    width = max(len(n) for n in names) + 1
    for i, (name, hand) in enumerate(zip(names, report.hands)):
        if i:
            text.append("\n")
        text.append(f"{name:<{width}} ", "bold")
        if hand:
            text.append(" ".join(f"[{t.low}|{t.high}]" for t in hand))
            pips = hand_pips(list(hand))
            text.append("  = " + ngettext("{n} pip", "{n} pips", pips).format(n=pips), "dim")
        else:
            text.append(_("out"), "italic")
    return text


def totals_text(report: RoundReport, config: TableConfig, seats: tuple[SeatInfo, ...], target: bool = True) -> Text:
    """The sums so far; `target` False leaves out the goal (the walk-through's 1 is no rule to learn)."""
    names = side_names(config, seats)
    parts = ", ".join(f"{n} {s}" for n, s in zip(names, report.scores))
    if config.rules.penalties:
        said = _("Penalties: {scores}  (loses at {target})") if target else _("Penalties: {scores}")
    else:
        said = _("Totals: {scores}  (target {target})") if target else _("Totals: {scores}")
    return Text(said.format(scores=parts, target=config.target))


def show_scoresheet(screen: ModalScreen, report: RoundReport, config: TableConfig, seats: tuple[SeatInfo, ...]) -> None:
    """The scoresheet over a summary: every round so far, from the table underneath."""
    from ..scoresheet import ScoresheetScreen
    from .table_face import PresenterFace

    table = next((s for s in reversed(screen.app.screen_stack) if isinstance(s, PresenterFace)), None)
    rounds = table.client.rounds() if table is not None else [report]
    screen.app.push_screen(ScoresheetScreen(rounds, config, seats, None))


class Aside:
    """A line about the world outside this table (the club evening's next seat, a bye),
    said in the summary itself: a notice at 80×24 sat over the summary's corner while
    the person read it. The app names the line when the summary opens (`summary_aside`,
    remote_app.py); the evening says a new one while it is up (`say_aside`)."""

    def say_aside(self: Any, text: str) -> None:
        try:
            line = self.query_one("#aside", Static)
        except NoMatches:
            return
        line.update(Text(text, "bold"))  # our words with a table code: plain text
        line.display = bool(text)

    def _aside_at_mount(self: Any) -> None:
        ask = getattr(self.app, "summary_aside", None)
        self.say_aside(ask() if callable(ask) else "")


class RoundSummaryScreen(Aside, ModalScreen[None]):
    BINDINGS = [
        Binding("enter", "next", N_("Next round")),
        Binding("escape", "next", N_("Next round"), show=False),  # closing the summary goes on, as Enter does
        Binding("s", "scoresheet", N_("Scores")),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
    ]
    DEFAULT_CSS = """
    RoundSummaryScreen { align: center middle; }
    #summary { width: 78; height: auto; max-height: 22; border: round $accent; padding: 0 1; background: $surface; }
    #summary Static { width: 1fr; }
    #summary .title { text-style: bold; }
    #summary .note { margin-bottom: 1; }
    #summary Button { margin-top: 1; }
    """

    def __init__(
        self, report: RoundReport, config: TableConfig, seats: tuple[SeatInfo, ...], moved_on: Callable[[], bool] | None = None,
        note: str = "", target: bool = True,
    ) -> None:
        """`moved_on`, for a spectator: closes the summary once the table has dealt on.
        `note`: a line of our own above the sums (the walk-through explains them).
        `target`: False leaves the match's target out of the sums."""
        super().__init__()
        self.report, self.config, self.seats, self.note = report, config, seats, note
        self.target = target
        self.moved_on = moved_on
        self._left = False
        if report.match_over:  # the footer says what the button says (bindings are copied per screen)
            self._bindings.key_to_bindings["enter"] = [Binding("enter", "next", N_("See who won"))]

    def on_mount(self) -> None:
        self._aside_at_mount()
        if self.moved_on is not None:
            self._follower = self.set_interval(0.5, self._follow)

    def _follow(self) -> None:
        # Stop the timer before dismissing: on a busy machine it can fire again before the
        # screen is gone, and a second dismiss raises (seen in a suite run under load).
        if self.moved_on is not None and self.moved_on() and self.is_current:
            self._follower.stop()
            self._leave()

    def compose(self) -> ComposeResult:
        r = self.report
        with VerticalScroll(id="summary"):
            yield Static(_("Round {n} is over").format(n=r.round), classes="title")
            yield Static(id="aside", classes="note")
            if self.note:
                yield Static(Text(self.note, "italic"), classes="note")
            yield Static(how_it_ended(r, self.config, self.seats), markup=False)  # names are plain text
            yield Static(hands_text(r, self.seats))
            for line in arithmetic(r, self.config, self.seats):
                yield Static(Text(line, "bold"))
            if self.config.rules.counts_fives:
                in_play = play_points_line(r, self.seats)
                if in_play:
                    yield Static(in_play, markup=False)
            yield Static(totals_text(r, self.config, self.seats, self.target))
            label = _("See who won (Enter)") if r.match_over else _("Next round (Enter)")
            yield Button(label, id="next", variant="primary", compact=True)
        yield TooSmall()
        yield Footer()

    def on_button_pressed(self) -> None:
        self._leave()

    def action_next(self) -> None:
        self._leave()

    def _leave(self) -> None:
        """Dismiss once: a spectator's summary may close by itself as Enter is pressed."""
        if not self._left:
            self._left = True
            self.dismiss(None)

    def action_scoresheet(self) -> None:
        show_scoresheet(self, self.report, self.config, self.seats)

    def action_help(self) -> None:
        from ..help import open_help

        open_help(self.app, self.config.variant)


class MatchEndScreen(Aside, ModalScreen[str]):
    """The winner, the final scores, shutout or the Kozel; a new match or quit."""

    # No button has focus, so Enter (pressed in a hurry at the end of a round) does not
    # skip past the result: a new match takes n, quitting takes q.
    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("n", "new", NEW_MATCH),
        Binding("q", "quit_game", N_("Quit")),
        Binding("s", "scoresheet", N_("Scores")),
        Binding("r", "app.records", N_("Records")),  # the club records, this match included
        Binding("escape", "leave", N_("Quit?"), show=False),  # asks: a stray Esc must not end the evening
        Binding("a", "analyse", N_("Analyse")),  # the match in the replay viewer, analysed (replay_open.py)
        Binding("l", "learn", N_("Learn")),  # ... and then learn from the mistakes (learn.py)
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", show=False),
    ]
    DEFAULT_CSS = """
    MatchEndScreen { align: center middle; }
    #end { width: 70; height: auto; border: double $accent; padding: 1 2; background: $surface; }
    #end .title { text-style: bold; content-align: center middle; width: 1fr; }
    #end .note { margin-top: 1; }
    #end Horizontal { height: auto; }
    #buttons { height: auto; margin-top: 1; }
    #buttons Button { margin-right: 2; }
    """

    def __init__(
        self, report: RoundReport, config: TableConfig, seats: tuple[SeatInfo, ...], next_label: str = NEW_MATCH,
        note: str = "", target: bool = True,
    ) -> None:
        super().__init__()
        self.report, self.config, self.seats, self.note = report, config, seats, note
        self.target = target  # False: the sums leave the match's target out
        # what `n` leads to: a new match here, the lobby on a server (English, marked where it
        # is made; said in the language where shown, as the footer says it)
        self.next_label = next_label
        if next_label != NEW_MATCH:  # the footer says it too (bindings are copied per screen)
            self._bindings.key_to_bindings["n"] = [Binding("n", "new", next_label)]

    def relabel(self, next_label: str) -> None:
        """What `n` leads to changed while this was up (the evening's next table is ready)."""
        self.next_label = next_label
        self._bindings.key_to_bindings["n"] = [Binding("n", "new", next_label)]
        button = self.query_one("#new", Button)
        button.label = f"{_(next_label)} (n)"
        button.refresh(layout=True)  # its width was fitted to the old label: a longer one was cut
        self.refresh_bindings()

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal

        with Vertical(id="end"):
            yield Static(_("The match is over"), classes="title")
            for line in match_story(self.report, self.config, self.seats):
                yield Static(Text(line, "bold"))
            yield Static(totals_text(self.report, self.config, self.seats, self.target))
            if self.note:
                yield Static(Text(self.note, "italic"), classes="note")
            yield Static(id="records", classes="note")
            yield Static(id="aside", classes="note")
            with Horizontal(id="buttons"):
                yield Button(f"{_(self.next_label)} (n)", id="new", variant="primary", compact=True)
                yield Button(_("Quit (q)"), id="quit", compact=True)
        yield TooSmall()
        yield Footer()

    def on_mount(self) -> None:
        self._aside_at_mount()
        said = self.app.__dict__.get("records_said")  # the club records' word, if it came first
        if said is not None:
            self.show_records(*said)
        else:
            self.query_one("#records", Static).display = False

    def show_records(self, message: str, recorded: bool) -> None:
        """Where this match went in the club records (ui/recording.py), a line of its own.
        Said before the screen is composed, it waits for on_mount, which reads it."""
        try:
            line = self.query_one("#records", Static)
        except NoMatches:
            return
        line.update(Text(message, "italic" if recorded else "bold"))  # our words, a path maybe: plain text
        line.display = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("new" if event.button.id == "new" else "quit")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit_game(self) -> None:
        self.dismiss("quit")

    def action_leave(self) -> None:
        from ..confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss("quit")

        question = _("Quit dominoes? The match is over and kept.")
        self.app.push_screen(ConfirmScreen(question, _("Quit (y)"), _("Stay (n)")), answered)

    def action_scoresheet(self) -> None:
        show_scoresheet(self, self.report, self.config, self.seats)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("analyse", "learn"):  # only a match played here has its log here: a hosted one is the server's
            from .replay_open import played_here

            return played_here(self) is not None
        return True

    def action_analyse(self) -> None:
        from .replay_open import analyse_this_match

        analyse_this_match(self)

    def action_learn(self) -> None:
        from .replay_open import analyse_this_match

        analyse_this_match(self, learn=True)

    def action_help(self) -> None:
        from ..help import open_help

        open_help(self.app, self.config.variant)
