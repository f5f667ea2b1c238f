"""Learn from your mistakes: the table, standing at each of one seat's marked moves of an
analysed match in turn (learn_model.py), asks for a better move.

It is the table screen itself (TableScreen: the same chain, hand, seats, move log, keys,
big tiles and fitting to the terminal), over a table that stands still at the question's
position (../still_table.py); a move chosen with the table's keys is judged, not played. `v`
shows the best move and why, `n` skips a question or goes on after an answer; the hint
and the bots' speed have nothing to do here and are hidden. After the last question a
summary says how they ended (`a` goes through them again). Progress is kept after every
step (learn_progress.py), so leaving and coming back resumes where the learner was.

Opened from the replay viewer (`l`, once analysed), the match-end screen (`l`: the
match analysed in the viewer first) and a player's page in the records (`l` on an
analysed match).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ....engine import Move, PlayerView
from ....i18n import N_, _
from ....i18n.os_words import os_words
from ...choices import Prefs
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ...words import is_you
from ..still_table import StillScreen, StillTable, stand_at
from .learn_model import Lesson
from .learn_progress import ProgressFile
from .learn_words import answer_text, question_text, solution_text, summary_lines, title

if TYPE_CHECKING:
    from ....bots.analysis import MatchAnalysis
    from ..replay.replay_steps import ReplaySteps

class LearnScreen(StillScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "solution", N_("Solution"), tooltip=N_("show the best move and why")),
        Binding("n", "next", N_("Next"), tooltip=N_("skip this move, or go on after an answer")),
        Binding("q", "close", N_("Close"), tooltip=N_("leave the lesson: it resumes where you were")),
        Binding("escape", "back", N_("Close"), show=False),  # the table's Esc first: it takes back a tile's end
    ]

    def __init__(self, lesson: Lesson, prefs: Prefs | None = None, store: ProgressFile | None = None) -> None:
        question = lesson.current
        if question is None:
            raise ValueError("the lesson has no open question")
        super().__init__(StillTable(question.match, question.view.seat), prefs)
        self.lesson = lesson
        self.store = store
        self.save_failed = False

    # -- the questions ------------------------------------------------------------------
    def show_question(self) -> None:
        question = self.lesson.current
        if question is None:
            self.finish()
            return
        stand_at(self, StillTable(question.match, question.view.seat))

    def finish(self) -> None:
        def chosen(what: str | None) -> None:
            if what == "again":
                self.lesson.again()
                self.keep()
                self.show_question()
            else:
                self.dismiss("quit")

        self.app.push_screen(LearnSummaryScreen(self.lesson), chosen)

    def keep(self) -> None:
        """The lesson's progress into its file; said once if it cannot be written."""
        if self.store is None:
            return
        try:
            self.store.save(self.lesson.seat, self.lesson.progress())
        except OSError as exc:
            if not self.save_failed:
                self.save_failed = True
                self.notify(_("Your progress in this lesson cannot be kept: {why}").format(why=os_words(exc)),
                            severity="warning", timeout=8, markup=False)

    # -- what the keys may do ------------------------------------------------------------
    def my_turn(self) -> bool:
        return self.lesson.solving and super().my_turn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("solution", "next", "close", "back"):
            if self.too_small() and action not in ("close", "back"):
                return False
            return action != "solution" or self.lesson.solving
        return super().check_action(action, parameters)

    # -- the learner's doing -------------------------------------------------------------
    def judge(self, move: Move) -> None:
        self.lesson.try_move(move)

    def judged(self) -> None:
        self.keep()
        self.redraw()

    def action_solution(self) -> None:
        if self.lesson.current is None:
            return
        best = self.lesson.show_solution()
        hand = self.view_.hand
        self.selected = hand.index(best.tile) if best.tile in hand else None
        self.end_cursor = None
        self.keep()
        self.redraw()

    def action_next(self) -> None:
        if self.lesson.solving:
            self.lesson.skip()
        else:
            self.lesson.next()
        self.keep()
        self.show_question()

    def action_close(self) -> None:
        self.keep()
        super().action_close()

    # -- drawing -------------------------------------------------------------------------
    def status_text(self, view: PlayerView) -> Text:
        text = Text(title(self.lesson), "bold reverse")
        text.append(f" {self.look.dot} ")
        text.append_text(super().status_text(view))
        return text

    def prompt_text(self, view: PlayerView, mine: bool) -> Text:
        question = self.lesson.current
        if question is None:
            return Text("")
        if mine and self.end_cursor is not None:
            return self._prompt(view, mine)  # the table's own "fits 2 ends: on the left?"
        if self.lesson.shown:
            return solution_text(question)
        answer = self.lesson.answer
        if answer is not None:
            return answer_text(self.lesson, question, answer)
        return question_text(self.lesson, question)


class LearnSummaryScreen(ModalScreen[str]):
    """How a lesson's questions ended, or that it has none: `a` again, Esc closes."""

    BINDINGS = [
        Binding("a", "again", N_("Again")),
        Binding("escape,q,enter", "close", N_("Close")),
    ]
    DEFAULT_CSS = """
    LearnSummaryScreen { align: center middle; }
    #learned { width: 64; max-width: 100%; height: auto; border: double $accent; padding: 1 2; background: $surface; }
    #learned .title { text-style: bold; width: 1fr; content-align: center middle; margin-bottom: 1; }
    """

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        with Vertical(id="learned"):
            yield Static(_("Learn from your mistakes"), classes="title")
            for line in summary_lines(self.lesson):
                yield Static(line)  # a name from the log inside: rich Text, never markup
        yield TooSmall()
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "again":
            return bool(self.lesson.questions)
        return True

    def action_again(self) -> None:
        self.dismiss("again")

    def action_close(self) -> None:
        self.dismiss("close")


def learner_seat(names: list[str], kinds: list[str], viewer: int | None = None) -> int:
    """Whose mistakes: the seat whose view is on show, else the keyboard's (You), else the
    first person's, else the first seat."""
    if viewer is not None and 0 <= viewer < len(names):
        return viewer
    for seats in ([i for i, n in enumerate(names) if is_you(n)], [i for i, k in enumerate(kinds) if k == "human"]):
        if seats:
            return seats[0]
    return 0


def open_lesson(app: App[Any], lesson: Lesson, store: ProgressFile | None, prefs: Prefs | None = None) -> None:
    """Take up kept progress and open the lesson (its summary, if nothing is left to ask)."""
    if store is not None:
        kept = store.load(lesson.seat)
        if kept is not None:
            lesson.resume(kept)
        if store.problem:
            app.notify(store.problem, severity="warning", timeout=10, markup=False)

    def table() -> None:
        app.push_screen(LearnScreen(lesson, prefs, store))

    if not lesson.done:
        table()
        return

    def chosen(what: str | None) -> None:
        if what == "again":
            lesson.again()
            if store is not None:
                try:
                    store.save(lesson.seat, lesson.progress())
                except OSError:
                    pass  # the lesson's screen says so at its first step
            table()

    app.push_screen(LearnSummaryScreen(lesson), chosen)


def learn_from(app: App[Any], steps: ReplaySteps, analysis: MatchAnalysis, viewer: int | None = None,
               prefs: Prefs | None = None) -> None:
    """The lesson of an analysed match for the seat `learner_seat` picks, its progress
    kept in the data folder by the match's key."""
    from ....records.summary import match_key

    whole = steps.whole
    seat = learner_seat([s.name for s in whole.seats], [s.kind for s in whole.seats], viewer)
    open_lesson(app, Lesson.build(steps, analysis, seat), ProgressFile(match_key(steps.events)), prefs)
