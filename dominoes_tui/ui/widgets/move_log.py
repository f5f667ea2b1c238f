"""The move log under the chain: the newest move always on its last row.

The lines are cut to the rows the log has when it is painted, not when the move came
in: the table sets the log's height after every move (the chain takes what it needs),
and a height read before that layout kept older lines on show and pushed the newest
moves below the log's last row.
"""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...i18n import ngettext


class MoveLog(Widget):
    """Its reactive attributes are set by the screen; a change repaints it."""

    lines: reactive[tuple[Text, ...]] = reactive((), init=False)  # oldest first
    first_new: reactive[int] = reactive(0, init=False)  # lines from here on are news to the person here
    arrow: reactive[str] = reactive(">", init=False)  # marks the news
    empty: reactive[Text] = reactive(Text, init=False)  # stands alone while the round has no move yet

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)

    def show(self, lines: list[Text], first_new: int, arrow: str, empty: Text) -> None:
        self.lines, self.first_new, self.arrow, self.empty = tuple(lines), first_new, arrow, empty

    def render(self) -> Text:
        return log_text(list(self.lines), self.first_new, self.size.height, self.arrow, self.empty)


def log_text(lines: list[Text], first_new: int, rows: int, arrow: str, empty: Text) -> Text:
    """The last `rows` lines, newest on the bottom row (next to the prompt); when news
    does not fit, the first row says how many moves are out of sight."""
    if not lines:
        return empty
    rows = max(1, rows)
    shown = lines[-rows:]
    hidden_new = max(0, (len(lines) - rows) - first_new)
    out = Text("\n" * (rows - len(shown)))  # blank rows above: the newest stays by the prompt
    for n, line in enumerate(shown):
        index = len(lines) - len(shown) + n
        if n == 0 and hidden_new:
            more = hidden_new + 1
            said = ngettext("{n} more move since your turn: g shows the whole round",
                            "{n} more moves since your turn: g shows the whole round", more)
            line = Text(said.format(n=more), "italic")
        if n:
            out.append("\n")
        new = index >= first_new
        out.append(arrow + " " if new else "  ", "bold" if new else "dim")
        out.append_text(line if new else Text(line.plain, "dim"))
    return out
