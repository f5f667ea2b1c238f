"""The puzzle trainer (lichess's puzzle trainer in a terminal): the table screen itself
(TableScreen: the chain, the hand, the seats, the round's log so far, the match score,
the table's keys and big tiles), over a table standing still at the puzzle's position
(../still_table.py), as the lesson of learn/ is. A move chosen is judged, not played.

The status line's head holds the rating and the streak; the prompt asks "Your move:"
with the puzzle's themes, and says the verdict. Right: solved, the rating up, `n` the
next puzzle. Wrong: the rating down, `r` retries (no further change), `v` shows the
answer and how sure it is. `f` filters by variant and theme; `q` leaves, with a summary
of the sitting. The trainer's logic is trainer.py, its words puzzle_words.py.
"""
from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from ....engine import Move, PlayerView
from ....i18n import N_, _
from ...choices import Prefs
from ...table_keys import TABLE_BINDINGS
from ..still_table import HIDDEN, StillScreen, StillTable, stand_at
from .puzzle_dialogs import FilterScreen, SittingScreen
from .puzzle_words import head, prompt_text
from .trainer import State, Trainer

PUZZLE_BINDINGS: list[BindingType] = [
    Binding("n", "next", N_("Next"), tooltip=N_("the next puzzle, once this one is solved, missed or shown")),
    Binding("r", "retry", N_("Retry"), tooltip=N_("try a missed puzzle again (the rating does not move again)")),
    Binding("v", "answer", N_("Answer"), tooltip=N_("show the answer (before a right move it counts as missed)")),
    Binding("f", "filter", N_("Filter"), tooltip=N_("choose the puzzles' variant and theme")),
    Binding("q", "close", N_("Close"), tooltip=N_("leave the puzzles: the rating and streak are kept")),
    Binding("escape", "back", N_("Close"), show=False),  # the table's Esc first: it takes back a tile's end
]


class PuzzleScreen(StillScreen):
    BINDINGS: ClassVar[list[BindingType]] = PUZZLE_BINDINGS

    def __init__(self, trainer: Trainer, prefs: Prefs | None = None) -> None:
        position = trainer.current
        if position is None:
            raise ValueError("the trainer has no puzzle on show")
        super().__init__(StillTable(position.match, position.puzzle.seat), prefs)
        self.trainer = trainer
        self.said: str | None = None  # the records' problem last told (each told once)

    # -- the puzzles ----------------------------------------------------------------------
    def show_puzzle(self) -> None:
        position = self.trainer.current
        if position is None:
            self.redraw()  # the prompt says no puzzle fits; f changes the filter
            return
        stand_at(self, StillTable(position.match, position.puzzle.seat))

    # -- what the keys may do -------------------------------------------------------------
    def my_turn(self) -> bool:
        return self.trainer.solving and super().my_turn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.trainer.state
        if action in ("next", "retry", "answer", "filter", "close", "back"):
            if self.too_small() and action not in ("close", "back"):
                return False
            if action == "next":
                return state != State.SOLVING or self.trainer.current is None
            if action == "retry":
                return state == State.MISSED and self.trainer.current is not None
            if action == "answer":
                return state in (State.SOLVING, State.MISSED) and self.trainer.current is not None
            if action == "filter":  # after a miss: retry, answer or next first (the German
                # footer at 80 columns had no room left for q)
                return state != State.MISSED
            return True
        if self.trainer.current is None:
            return action in ("help", "pips", "big", "theme", "memory")
        return super().check_action(action, parameters)

    # -- the player's doing ---------------------------------------------------------------
    def judge(self, move: Move) -> None:
        self.trainer.try_move(move)

    def judged(self) -> None:
        self.said_problem()
        self.redraw()

    def action_next(self) -> None:
        self.trainer.next()
        self.show_puzzle()

    def action_retry(self) -> None:
        self.trainer.retry()
        self.begin_turn()

    def action_answer(self) -> None:
        answer = self.trainer.show()
        self.said_problem()
        hand = self.view_.hand
        self.selected = hand.index(answer[0].tile) if answer and answer[0].tile in hand else None
        self.end_cursor = None
        self.redraw()

    def action_filter(self) -> None:
        def chosen(within: object) -> None:
            if within is not None:
                self.trainer.filter(within)  # type: ignore[arg-type]
                self.show_puzzle()

        self.app.push_screen(FilterScreen(self.trainer), chosen)

    def action_close(self) -> None:
        def chosen(what: str | None) -> None:
            if what == "close":
                self.trainer.close()
                super(PuzzleScreen, self).action_close()

        if not self.trainer.sitting:
            chosen("close")
            return
        self.app.push_screen(SittingScreen(self.trainer), chosen)

    def action_help(self) -> None:
        from ..help import open_help

        table_keys = [b for b in TABLE_BINDINGS if isinstance(b, Binding) and b.action not in HIDDEN]
        open_help(self.app, self.client.config.variant, [*table_keys, *PUZZLE_BINDINGS], PUZZLE_KEYS_HEAD)

    def said_problem(self) -> None:
        """The records failed just now: said once, the trainer going on without them."""
        problem = self.trainer.problem
        if problem and problem != self.said:
            self.said = problem
            self.notify(unkept_words(problem), severity="warning", timeout=10, markup=False)

    # -- drawing --------------------------------------------------------------------------
    def status_text(self, view: PlayerView) -> Text:
        text = Text(head(self.trainer), "bold reverse")
        text.append(f" {self.look.dot} ")
        text.append_text(super().status_text(view))
        return text

    def prompt_text(self, view: PlayerView, mine: bool) -> Text:
        if mine and self.end_cursor is not None:
            return self._prompt(view, mine)  # the table's own "fits 2 ends: on the left?"
        return prompt_text(self.trainer)


PUZZLE_KEYS_HEAD = N_("**Keys in the puzzles.** A tile is chosen and played with the table's keys.\n")


def unkept_words(problem: str) -> str:
    return _("rating not kept: {reason}").format(reason=problem)
