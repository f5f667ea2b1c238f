"""A table that stands still at one position of a past match: a question of a lesson
(learn/) or a puzzle (puzzles/). The table screen draws it as it draws a match in play,
with the seat here to move, and a move chosen is never played, only judged.

It hands out the one seat's view only, as any table does; finished rounds are as public
as at a real table (their hands shown in the scoresheet)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import IllegalMove, Match, Move, Phase, PlayerView, view_for
from ...i18n import _
from ...table.client import RoundReport, SeatInfo, TableClient
from ...table.local import report_from
from ..words import shown

if TYPE_CHECKING:
    from .table.table import TableScreen


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
