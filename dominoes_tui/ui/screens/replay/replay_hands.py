"""The replay viewer's open hands: every seat's tiles face up, a seat a line, the turn
marked by an arrow (replay.py shows them above the table when every hand is shown)."""
from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ....engine import PLAYING, Match
from ....i18n import _
from ....table.client import SeatInfo
from ...render import Look, tile_label


def open_hand_lines(match: Match, seats: tuple[SeatInfo, ...], look: Look, width: int) -> list[Text]:
    """Every seat's hand face up, a seat a line (the turn marked by an arrow); a hand too
    long for the width goes on under its first tile, never cut off."""
    lines = []
    name_w = max(len(s.name) for s in seats) + 1
    to_act = match.to_act if match.phase == PLAYING else None
    for i, seat in enumerate(seats):
        line = Text()
        turn = i == to_act
        line.append(f"{look.arrow('right')} " if turn else "  ", "bold reverse" if turn else "")
        line.append(f"{seat.name:<{name_w}}", "bold" if turn else "")
        if not match.config.teams:
            line.append(_("{points:>4} pts").format(points=match.scores[i]) + "  ", "bold")
        else:
            line.append(_("team {side}").format(side="AB"[match.side_of(i)]) + "  ")
        hand = match.hands[i] if match.round_no else []
        indent = line.cell_len if line.cell_len < width // 2 else 2
        start = line.cell_len
        for label in [f"[{tile_label(t)}]" for t in hand] or [_("(no tiles)")]:
            if line.cell_len > start and line.cell_len + 1 + len(label) > width:
                lines.append(line)
                line = Text(" " * indent)
                start = indent
            line.append(" " if line.cell_len > start else "")
            line.append(label)
        line.truncate(width)
        lines.append(line)
    return lines


class OpenHands(Widget):
    DEFAULT_CSS = "OpenHands { height: auto; padding: 0 1; }"

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._args: tuple[Match, tuple[SeatInfo, ...], Look] | None = None

    def show(self, match: Match, seats: tuple[SeatInfo, ...], look: Look) -> None:
        self._args = (match, seats, look)
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(open_hand_lines(*self._args, width=max(1, width))) if self._args else 1

    def render(self) -> Text:
        if self._args is None:
            return Text("")
        return Text("\n").join(open_hand_lines(*self._args, width=max(1, self.content_size.width)))
