"""The matches of a game log that holds several (`simulate --log` writes one after
another): a row each, Enter opens one in the replay viewer, and closing the viewer comes
back here for the next."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ....engine import Match
from ....i18n import N_, _, ngettext
from ....table.client import SeatInfo
from ...choices import Prefs
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ...words import shown, side_name, variant_title
from .replay import ReplayScreen
from .replay_analysis import Shelf
from .replay_steps import ReplaySteps

Lines = list[tuple[int, dict[str, Any]]]  # one match's (line number, event) pairs


def outcome(match: Match) -> str:
    """Who won, in a few words (the Kozel in Kozel), or where an unfinished log stops."""
    if not match.is_over:
        return _("unfinished, round {round}").format(round=match.round_no)
    seats = tuple(SeatInfo(s.name, s.kind, s.level) for s in match.seats)

    def names(side: int | list[int] | None) -> str:
        if side is None:
            return _("nobody")
        sides = side if isinstance(side, list) else [side]
        return _(" and ").join(side_name(match.config, seats, s) for s in sides)

    verdict = match.verdict
    if match.config.rules.penalties and verdict.loser is not None:
        return _("{names} the Kozel").format(names=names(verdict.loser))
    return _("{names} won").format(names=names(verdict.winner))


class ReplayListScreen(Screen[None]):
    BINDINGS = [
        # priority: the footer shows it (the table under the cursor would otherwise take Enter unseen)
        Binding("enter", "open", N_("Replay"), key_display="Enter", priority=True),
        Binding("escape,q", "close", N_("Close")),
    ]
    DEFAULT_CSS = """
    ReplayListScreen #title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    ReplayListScreen #seats { height: auto; padding: 0 1; }
    ReplayListScreen #matches { height: 1fr; }
    ReplayListScreen #note { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, chunks: Sequence[Lines], matches: Sequence[Match], prefs: Prefs | None = None,
                 title: str = "", first: int | None = None, shelf: Shelf | None = None) -> None:
        """`first`: a match (0-based) to open at once, as `--match N` asks; closing it
        comes back to the list. `shelf`: where each match's analysis is kept."""
        super().__init__()
        self.chunks, self.matches = list(chunks), list(matches)
        self.prefs = prefs
        self.title_text = title
        self.first = first
        self.shelf = shelf

    def compose(self) -> ComposeResult:
        yield TooSmall()
        count = len(self.matches)
        said = ngettext("{title}: {n} match", "{title}: {n} matches", count).format(title=self.title_text, n=count)
        yield Static(Text(said), id="title")  # a file's name: plain text
        if self.same_seats():  # a simulate log: the seats once, whole, not cut in every row
            names = ", ".join(shown(s.name) for s in self.matches[0].seats)
            yield Static(Text(_("Seats: {names}").format(names=names)), id="seats")  # names from the log: plain text
        yield DataTable(id="matches", cursor_type="row", zebra_stripes=True)
        yield Static(_("Enter replays the match under the cursor (a analyses it there); closing the replay "
                       "comes back here."), id="note")
        yield Footer()

    def same_seats(self) -> bool:
        return len({tuple(s.name for s in m.seats) for m in self.matches}) == 1

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        heads = ("#", _("Variant"), _("Rounds"), _("Final"), _("Result"))
        rows = [(str(i), variant_title(match.config.variant), str(match.round_no),
                 "–".join(str(s) for s in match.scores), outcome(match))
                for i, match in enumerate(self.matches, start=1)]
        table.add_columns(*heads)
        seated = not self.same_seats()
        if seated:
            # The seats take the room the other columns leave (each has a cell of padding a
            # side, the scrollbar one), cut with an ellipsis: never cut silently at the edge.
            taken = sum(max(len(h), *(len(r[c]) for r in rows)) + 2 for c, h in enumerate(heads)) + 2 + 2
            table.add_column(_("Seats"), width=max(12, self.size.width - taken))
        for row, match in zip(rows, self.matches):
            seats = Text(", ".join(shown(s.name) for s in match.seats), no_wrap=True, overflow="ellipsis")
            # names come from the log: plain text, never markup
            table.add_row(*row[:4], Text(row[4]), *([seats] if seated else []), key=str(int(row[0]) - 1))
        table.focus()
        if self.first is not None:
            table.move_cursor(row=self.first)
            self.open(self.first)

    def open(self, index: int) -> None:
        steps = ReplaySteps(self.chunks[index])
        title = f"{self.title_text} {index + 1}/{len(self.matches)}"
        self.app.push_screen(ReplayScreen(steps, self.prefs, title=title, shelf=self.shelf))

    def action_open(self) -> None:
        row = self.query_one(DataTable).cursor_row
        if row is not None and 0 <= row < len(self.matches):
            self.open(row)

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_close(self) -> None:
        self.dismiss(None)
