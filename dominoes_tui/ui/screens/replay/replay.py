"""The replay viewer: a past match on the table, stepped move by move.

It opens on the first deal. ← → step, ↑ ↓ (or PageUp/PageDown) go round by round,
Home/End to the ends; `v` turns between every hand face up and one seat's view (what
that seat saw then). The scoresheet stands beside the table where the terminal is wide
enough to show all of it, and `s` opens it anywhere. Nothing here can change the match:
it is rebuilt from its log at each step.

As on lichess's analysis board, the move list and a plot of the win chance stand beside
the table where there is room (`g` shows them in its place on a small screen), and `a`
analyses the match (replay_analysis.py): each judged move gets its mark (?! ? ??), the
best move beside a worse one, the win chance before and after; `n` and `p` step to the
next and previous mistake or blunder.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, ProgressBar
from textual.widgets._footer import FooterLabel

from ....engine import MATCH_OVER, VARIANTS, Match, view_for
from ....i18n import N_, _
from ....table.client import SeatInfo
from ....table.local import report_from
from ...choices import Prefs
from ...narrate import describe
from ...render import Look
from ...widgets.chain import Chain
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.line import TextLine
from ...widgets.seats import SeatsPanel
from ...widgets.too_small import TooSmall
from ...words import is_you, match_story, shown, side_names
from ..records_words import cells
from ..scoresheet import scoresheet_rows
from .replay_analysis import AnalysisActions, Shelf
from .replay_hands import OpenHands
from .replay_moves import ChancePlot, MovesList
from .replay_steps import ReplaySteps
from .replay_words import judged_line, legend_markdown, seats_line, unjudged_line

TABLE_MIN_WIDTH = 60  # the table keeps this much; the scoresheet stands beside it only if all of it fits
SIDE_WIDTH = 34  # the move list and the plot, beside the table where it keeps TABLE_MIN_WIDTH


def you(name: str) -> bool:
    """A seat called You (Du in German: "Du siehst"), or a pair ("Ana & Cleo"), takes the
    verb of its own (the plural in English)."""
    return is_you(name) or " & " in name


def sees(name: str) -> str:
    return (_("{name} see") if you(name) else _("{name} sees")).format(name=name)


STEP, ROUND = Binding.Group(N_("Step"), compact=True), Binding.Group(N_("Round"), compact=True)
MISTAKE = Binding.Group(N_("Mistake"), compact=True)


class ReplayFooter(Footer):
    """The footer, with the groups' words translated too ("←→ Step"), and without the
    command palette's key (ctrl+p still opens it): the viewer's own keys need the room,
    in German at 80 columns."""

    def __init__(self) -> None:
        super().__init__(show_command_palette=False)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield FooterLabel(_(str(widget.content))) if isinstance(widget, FooterLabel) else widget


def sheet_width(headings: list[str], rows: list[list[str]]) -> int:
    """The cells a scoresheet table takes without cutting any column (DataTable pads each
    cell by one on either side), plus the sheet's left border and its scroll bar."""
    columns = [headings, *rows]
    return 2 + sum(2 + max(cell_len(row[i]) for row in columns if i < len(row)) for i in range(len(headings)))


class ReplayScreen(AnalysisActions, Screen[None]):
    BINDINGS = [
        # Grouped, the footer shows "←→ Step ↑↓ Round" and the whole of it fits in 80 columns.
        Binding("left", "step(-1)", N_("Back"), key_display="←", group=STEP),
        Binding("right", "step(1)", N_("Next"), key_display="→", group=STEP),
        Binding("up,pageup", "round(-1)", N_("Round back"), key_display="↑", group=ROUND),
        Binding("down,pagedown", "round(1)", N_("Next round"), key_display="↓", group=ROUND),
        Binding("home", "jump(0)", N_("To the start"), show=False),
        Binding("end", "jump(-1)", N_("To the end"), show=False),
        Binding("a", "analyse", N_("Analyse")),
        # from the marked moves (learn.py); said beside the accuracy, as the footer has no room in German
        Binding("l", "learn", N_("Learn"), show=False),
        Binding("n", "mistake(1)", N_("Next mistake"), group=MISTAKE),
        Binding("p", "mistake(-1)", N_("Previous mistake"), group=MISTAKE),
        Binding("v", "view", N_("View")),
        Binding("s", "scoresheet", N_("Scores")),
        Binding("g", "panel", N_("Moves")),
        Binding("escape,q", "close", N_("Close")),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", show=False),
    ]
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #status { height: 1; padding: 0 1; background: $panel; }
    ReplayScreen #log { height: 2; padding: 0 1; color: $text-muted; }
    ReplayScreen #body { height: 1fr; }
    ReplayScreen #table { width: 1fr; }
    ReplayScreen #sheet { display: none; border-left: solid $accent; overflow-x: hidden; scrollbar-size-vertical: 1; }
    ReplayScreen.-beside #sheet { display: block; }
    ReplayScreen #seats.-hidden, ReplayScreen #hand.-hidden, ReplayScreen #open.-hidden { display: none; }
    ReplayScreen #side { display: none; width: 34; border-left: solid $accent; }
    ReplayScreen.-side #side { display: block; }
    ReplayScreen.-panel #side { display: block; width: 1fr; border-left: none; }
    ReplayScreen.-panel #table, ReplayScreen.-panel #sheet { display: none; }
    ReplayScreen #moves { height: 1fr; }
    ReplayScreen #plot { height: 1fr; min-height: 8; max-height: 18; }
    ReplayScreen #judge { height: 2; padding: 0 1; background: $boost; display: none; }
    ReplayScreen.-analysed #judge { display: block; }
    ReplayScreen #progress { height: 1; display: none; padding: 0 1; }
    ReplayScreen #busy { width: 30; }
    ReplayScreen #bar { width: 1fr; }
    ReplayScreen #bar Bar { width: 1fr; }
    """

    def __init__(self, steps: ReplaySteps, prefs: Prefs | None = None, title: str = "",
                 shelf: Shelf | None = None, analyse: bool = False, learn: bool = False) -> None:
        """`shelf`: where the analysis is kept (the club records), None for nowhere;
        `analyse`: start analysing at once (from the match-end screen) unless one is kept;
        `learn`: then learn from the mistakes at once."""
        super().__init__()
        self.shelf = shelf
        self.analyse_now = analyse
        self.learn_now = learn
        self.setup_analysis()
        self.panel = False  # on a small screen: the move list and the plot in the table's place
        self.steps = steps
        self.prefs = prefs or Prefs()
        self.title_text = title
        self.step = 0  # the first deal (ReplaySteps starts there)
        self.said = ""  # a word on the status line until the next step (say)
        self.viewer: int | None = None  # None: every hand face up; else that seat's view
        self.sheet_width = 10_000  # measured on mount: until then the sheet is not beside
        whole = steps.whole
        # the log keeps the keyboard's seat as You, whatever the language: shown as it says it (Du)
        self.seats = tuple(SeatInfo(shown(s.name), s.kind, s.level) for s in whole.seats)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TextLine(id="status")
        with Horizontal(id="body"):
            with Vertical(id="table"):
                yield OpenHands(id="open")
                yield SeatsPanel(id="seats")
                yield Chain(id="chain")
                yield TextLine(id="log")
                yield Hand(id="hand")
            sheet: DataTable[str | Text] = DataTable(id="sheet", zebra_stripes=True, cursor_type="none", show_cursor=False)
            sheet.can_focus = False  # the arrows step the match, they do not move about the sheet
            yield sheet
            with Vertical(id="side"):
                yield MovesList(id="moves")
                yield ChancePlot(id="plot")
        yield TextLine(id="judge")
        with Horizontal(id="progress"):
            yield TextLine(id="busy")
            yield ProgressBar(id="bar", show_eta=False)
        yield ReplayFooter()

    @property
    def look(self) -> Look:
        return Look(ascii=self.prefs.ascii, pips=self.prefs.pips)

    @property
    def match(self) -> Match:
        return self.steps.at(self.step)

    def on_mount(self) -> None:
        # Sized once for the whole match (its widest totals): the table does not jump
        # about while one steps through it.
        whole = self.steps.whole
        headings, rows = scoresheet_rows(self._reports(whole), whole.config, self.seats)
        self.sheet_width = sheet_width(headings, [*rows, self._now_row(whole)])
        self.query_one("#sheet", DataTable).styles.width = self.sheet_width
        self.query_one(MovesList).fill(self.steps, self.names, None)
        self.on_resize()
        self.redraw()
        if self.shelf is not None:
            self.load_stored(then_analyse=self.analyse_now)
        elif self.analyse_now:
            self.action_analyse()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def on_resize(self) -> None:
        width = self.size.width
        # Beside the table only when every column fits: a sheet that loses a player is worse than none.
        beside = width - self.sheet_width >= TABLE_MIN_WIDTH
        # The move list and the plot beside it where the table still keeps its room; a wide
        # screen gives them a quarter of it, for the plot's sake.
        side_width = min(60, max(SIDE_WIDTH, width // 4))
        side = width - (self.sheet_width if beside else 0) - side_width >= TABLE_MIN_WIDTH
        self.query_one("#side").styles.width = side_width if side else None
        self.set_class(beside, "-beside")
        self.set_class(side, "-side")
        self.set_class(self.panel and not side, "-panel")
        self.query_one("#status", TextLine).show(self.status_text(self.match))

    def on_unmount(self) -> None:
        self.stop_analysis()  # leaving the viewer stops the analysis under way

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "analyse":
            return self.analysis is None and self.running is None
        if action in ("mistake", "learn"):
            return self.analysis is not None
        if action == "panel":
            return not self.has_class("-side")
        return True

    # -- moving about ------------------------------------------------------------------
    def go(self, step: int) -> None:
        step = min(max(step, 0), self.steps.count - 1)
        if step != self.step:
            self.step = step
            self.said = ""
            self.redraw()

    def say(self, words: str) -> None:
        """What a key did that a person would not expect (n going round to the first
        mistake), on the status line until the next step: a notice covered the plot."""
        self.said = words
        self.query_one("#status", TextLine).show(self.status_text(self.match))

    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_round(self, delta: int) -> None:
        self.go(self.steps.next_round(self.step) if delta > 0 else self.steps.previous_round(self.step))

    def action_jump(self, where: int) -> None:
        self.go(0 if where == 0 else self.steps.count - 1)

    def action_view(self) -> None:
        n = len(self.seats)
        self.viewer = 0 if self.viewer is None else (None if self.viewer + 1 >= n else self.viewer + 1)
        self.redraw()

    def action_scoresheet(self) -> None:
        from ..scoresheet import ScoresheetScreen

        match = self.match
        self.app.push_screen(ScoresheetScreen(self._reports(match), match.config, self.seats, None))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        from ...help_text import REPLAY_KEYS_HEAD
        from ..help import open_help

        open_help(self.app, self.steps.whole.config.variant, self.BINDINGS, REPLAY_KEYS_HEAD, legend_markdown())

    def action_panel(self) -> None:
        self.panel = not self.panel
        self.on_resize()

    def on_moves_list_picked(self, event: MovesList.Picked) -> None:
        self.go(event.step)

    def analysis_changed(self) -> None:
        self.set_class(self.analysis is not None, "-analysed")
        self.query_one(MovesList).fill(self.steps, self.names, self.analysis)
        self.draw_analysis()
        if self.learn_now and self.analysis is not None:
            self.learn_now = False
            self.action_learn()

    def action_learn(self) -> None:
        from ..learn.learn_request import LearnRequested

        if self.analysis is not None:  # the app opens it (learn_request.py)
            self.post_message(LearnRequested(self.steps, self.analysis, self.viewer, self.prefs))

    # -- drawing ---------------------------------------------------------------------
    def redraw(self) -> None:
        match = self.match
        look = self.look
        open_mode = self.viewer is None
        self.query_one("#open", OpenHands).set_class(not open_mode, "-hidden")
        self.query_one("#seats", SeatsPanel).set_class(open_mode, "-hidden")
        self.query_one("#hand", Hand).set_class(open_mode, "-hidden")
        seat = self.viewer if self.viewer is not None else 0
        view = view_for(match, seat)
        if open_mode:
            self.query_one("#open", OpenHands).show(match, self.seats, look)
            history = match.round_events() if match.round_no else []
        else:
            self.query_one("#seats", SeatsPanel).show(view, self.seats, seat, look, False)
            self.query_one("#hand", Hand).show(view.hand, set(), None, False, look)
            history = list(view.history)
        self.query_one(Chain).show(view.layout, (), look)
        lines = describe([e for e in history if e["event"] != "round_start"], view.names)[-2:]
        if match.phase == MATCH_OVER and match.records:  # the last step says who won, not only how the round ended
            lines = [*lines[-1:], match_story(self._reports(match)[-1], match.config, self.seats)[0]]
        # names come from the log: plain text, never markup
        self.query_one("#log", TextLine).show(Text("\n".join(lines) if lines else self._opening(match)))
        self.query_one("#status", TextLine).show(self.status_text(match))
        self.fill_sheet(match)
        self.draw_analysis()

    def draw_analysis(self) -> None:
        """The move on show in the move list and the plot, and what the analysis says of it."""
        ply = self.steps.ply_of(self.step)
        self.query_one(MovesList).follow(self.steps, self.step)
        self.query_one(ChancePlot).draw(self.analysis, self.steps.whole.config, self.names, ply)
        if self.analysis is None:
            return
        judged = {m.ply: m for m in self.analysis.moves}
        if ply is None:
            words = seats_line(self.analysis)
        else:
            event = self.steps.event_at(self.step)
            name = self.seats[event["seat"]].name
            width = (self.size.width or 80) - 2  # the line's padding
            words = judged_line(judged[ply], name, width) if ply in judged else unjudged_line(event, name)
        self.query_one("#judge", TextLine).show(words)

    def _opening(self, match: Match) -> str:
        if not match.round_no:
            return _("This log stops before the first deal: there is nothing to step through.")
        name = self.seats[match.leader].name
        said = _("Round {round} is dealt; {name} lead.") if you(name) else _("Round {round} is dealt; {name} leads.")
        return said.format(round=match.round_no, name=name)

    def status_text(self, match: Match) -> Text:
        """One line that fits the screen: where a part does not fit, the least useful
        goes first (the file's name, then the step count), never the round or the view."""
        rules = VARIANTS[match.config.variant]
        parts: list[tuple[str, str, int]] = []  # (text, style, rank: the lowest is dropped first)
        if self.title_text:
            parts.append((self.title_text, "", 1))
        parts.append((_(rules.title), "bold", 3))
        parts.append((_("round {round}").format(round=match.round_no), "", 9))
        parts.append((_("step {step}/{count}").format(step=self.step + 1, count=self.steps.count), "", 2))
        parts.append((_("all hands") if self.viewer is None else sees(self.seats[self.viewer].name), "", 8))
        if match.phase == MATCH_OVER:
            parts.append((_("the match is over"), "bold", 7))
        if self.said:
            parts.append((self.said, "bold", 10))  # dropped last
        if match.config.teams:  # the seat lines show seats' points; teams score together
            parts.append((", ".join(f"{'AB'[i]} {s}" for i, s in enumerate(match.scores)), "", 6))
        room = self.size.width - 2 if self.size.width else 10_000  # the line's padding
        dot = f" {self.look.dot} "
        replay = _("Replay")
        while len(parts) > 1 and cell_len(replay + " " + dot.join(p[0] for p in parts)) > room:
            parts.remove(min(parts, key=lambda p: p[2]))
        text = Text(replay, "bold reverse")
        text.append(" ")
        for i, (words, style, _rank) in enumerate(parts):
            text.append(dot if i else "")
            text.append(words, style)  # a name from the log: plain text
        text.truncate(max(1, room), overflow="ellipsis")
        return text

    @staticmethod
    def _reports(match: Match) -> list:
        return [report_from(r, match, i == len(match.records) - 1) for i, r in enumerate(match.records)]

    def _now_row(self, match: Match) -> list[str]:
        names = side_names(match.config, self.seats)
        return ["", _("now"), *[str(s) for s in match.scores][: len(names)]]

    def fill_sheet(self, match: Match) -> None:
        table = self.query_one("#sheet", DataTable)
        headings, rows = scoresheet_rows(self._reports(match), match.config, self.seats)
        table.clear(columns=True)
        table.add_columns(*cells(*headings))  # headings hold the seats' names: plain text, never markup
        for row in [*rows, self._now_row(match)]:
            table.add_row(*cells(*row))
