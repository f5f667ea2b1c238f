"""A table that stands still at one position of a past match: a question of a lesson
(learn/) or a puzzle (puzzles/). The table screen draws it as it draws a match in play,
with the seat here to move, and a move chosen is never played, only judged.

It hands out the one seat's view only, as any table does; finished rounds are as public
as at a real table (their hands shown in the scoresheet). StillScreen is the table
screen over it, as both the lesson and the puzzles use it."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from ...engine import IllegalMove, Match, Move, Phase, PlayerView, view_for
from ...i18n import _, told
from ...table.client import RoundReport, SeatInfo, TableClient
from ...table.local import report_from
from ..choices import Prefs
from ..widgets.footer import Footer
from ..words import shown
from .table.table import TableScreen

HIDDEN = {"hint", "speed"}  # the hint would give the answer away; no bot moves here
PROMPT_ROWS = 3  # the question and its answer (a big screen's prompt has three anyway)


class StillTable(TableClient):
    def __init__(self, match: Match, seat: int) -> None:
        self.match = match
        self.seat = seat
        self.config = match.config
        # the log keeps the keyboard's seat as You, whatever the language: shown as it says it
        self.seats = tuple(SeatInfo(shown(s.name), "human" if i == self.seat else s.kind, s.level)
                           for i, s in enumerate(match.seats))
        self.notes: list[str] = []

    @property
    def phase(self) -> Phase:
        return self.match.phase

    def view(self, seat: int) -> PlayerView:
        return view_for(self.match, self.seat)  # whoever asks, only the one seat is seen

    async def advance(self) -> bool:
        return False

    def waiting_for(self) -> int | None:
        return self.seat

    def play(self, seat: int, move: Move) -> None:
        raise IllegalMove(_("This position is from a past match: its moves are judged, not played."))

    def next_round(self) -> None:
        pass

    def last_round(self) -> RoundReport | None:
        records = self.match.records
        return report_from(records[-1], self.match, last=True) if records else None

    def rounds(self) -> list[RoundReport]:
        records = self.match.records
        return [report_from(r, self.match, last=i == len(records) - 1) for i, r in enumerate(records)]


def stand_at(screen: TableScreen, table: StillTable) -> None:
    """The table screen now over `table`: its seat to move, the round's news so far the
    log's to show (not a notice of this moment), nothing chosen."""
    screen.client = table
    screen.viewer = table.seat
    view = table.view(table.seat)
    screen._noticed = (view.round, len(view.history))
    screen.seen_upto, screen._heights = {}, None
    screen.begin_turn()


class StillScreen(TableScreen):
    """The table screen over a still table: no turn loop, one seat's view, the hint and
    the bots' speed gone from the keys, a prompt of up to PROMPT_ROWS lines for the
    question and its answer, and Esc taking back a tile's end before it closes."""

    def __init__(self, table: StillTable, prefs: Prefs | None = None) -> None:
        super().__init__(table, prefs or Prefs())
        self.hotseat = self.hidden = False  # one seat's view, whoever else sat at the match

    def compose(self) -> ComposeResult:
        for widget in super().compose():  # the table's own widgets; the footer needs the room for the keys
            yield Footer(show_command_palette=False) if isinstance(widget, Footer) else widget

    def drive(self) -> None:
        """No turn loop: the table stands at the position, the seat here to move."""
        self.begin_turn()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in HIDDEN:
            return False  # not dimmed: gone from the footer
        return super().check_action(action, parameters)

    def send(self, move: Move) -> None:
        """A move chosen here is judged (judge()), never played; then shown (judged())."""
        try:
            self.judge(move)
        except ValueError as exc:  # only legal moves are offered
            self.notify(told(exc), severity="error", markup=False)
            return
        self.selected, self.end_cursor = None, None
        self.judged()

    def judge(self, move: Move) -> None:
        raise NotImplementedError

    def judged(self) -> None:
        self.redraw()

    def action_back(self) -> None:
        if self.end_cursor is not None:
            self.action_cancel()
        else:
            self.action_close()

    def action_close(self) -> None:
        self.dismiss("quit")

    def fit_prompt(self, text: Text) -> None:
        prompt = self.query_one("#prompt")
        width = max(20, self.size.width - 2)  # less the padding
        rows = max(min(PROMPT_ROWS, len(text.wrap(self.app.console, width))), 3 if self.look.big else 1)
        if prompt.styles.height is None or prompt.styles.height.value != rows:
            prompt.styles.height = rows
