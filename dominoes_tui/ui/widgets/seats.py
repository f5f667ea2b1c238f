"""The other seats (and yours): name, level, team, tiles held, score, shown lacks."""
from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ...engine import PlayerView
from ...table.client import SeatInfo
from ..render import Look, tile_backs

TEAM_LETTERS = "AB"


def seat_lines(
    view: PlayerView, seats: tuple[SeatInfo, ...], viewer: int | None, look: Look, show_lacks: bool, width: int
) -> list[Text]:
    """One line a seat: turn arrow, name, level, team, face-down tiles, score, lacks."""
    lines = []
    one_person = len([s for s in seats if s.is_human]) == 1
    labels = [s.name + (" (you)" if i == viewer and s.name.lower() != "you" and one_person else "") for i, s in enumerate(seats)]
    name_w = max(len(s.name) for s in seats) + 2
    label_w = max(max(len(label) for label in labels) + 2, name_w if view.teams else name_w + 6)
    arrow = look.arrow("right")
    for i, seat in enumerate(seats):
        turn = view.to_act == i
        line = Text()
        line.append(f"{arrow} " if turn else "  ", "bold reverse" if turn else "")
        line.append(f"{labels[i]:<{label_w}}", "bold" if turn else "")
        kind = "person" if seat.is_human else (seat.level or "bot")
        line.append(f"{kind:<9}", "dim")  # "heaviest" and a space
        if view.teams:
            team = 0 if i in view.teams[0] else 1
            partner = seats[(i + 2) % len(seats)].name  # partners sit opposite (PARTNER-1)
            line.append(f"team {TEAM_LETTERS[team]}, opposite ")
            line.append(f"{partner:<{name_w}}")
        count = view.hand_sizes[i]
        backs = tile_backs(count, look, limit=10)
        line.append(f"{backs:<11}", "dim")
        line.append(f"{count:>2} tile{'s' if count != 1 else ' '}  ")
        if not view.teams:
            line.append(f"{view.scores[i]:>4} pts", "bold")
        if show_lacks and i != viewer and view.lacks[i]:
            line.append("  lacks " + " ".join(str(v) for v in sorted(view.lacks[i])), "italic")
        line.truncate(width)
        lines.append(line)
    return lines


class SeatsPanel(Widget):
    DEFAULT_CSS = """
    SeatsPanel { height: auto; padding: 0 1; }
    """

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._lines: list[Text] = []
        self._args: tuple[PlayerView, tuple[SeatInfo, ...], int | None, Look, bool] | None = None

    def show(self, view: PlayerView, seats: tuple[SeatInfo, ...], viewer: int | None, look: Look, show_lacks: bool) -> None:
        first = self._args is None
        self._args = (view, seats, viewer, look, show_lacks)
        self.refresh(layout=first)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._args[1]) if self._args else 1

    def render(self) -> Text:
        if not self._args:
            return Text("")
        return Text("\n").join(seat_lines(*self._args, width=max(1, self.content_size.width)))
