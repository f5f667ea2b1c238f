"""The other seats (and yours): name, level, team, tiles held, score, shown lacks."""
from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import PlayerView
from ...i18n import _, ngettext
from ...table.client import SeatInfo
from ..render import Look, tile_backs
from ..words import TEAM_LETTERS as TEAM_LETTERS
from ..words import is_you, level_word, shown


def seat_lines(
    view: PlayerView, seats: tuple[SeatInfo, ...], viewer: int | None, look: Look, show_lacks: bool, width: int
) -> list[Text]:
    """One line a seat: turn arrow, name, level, team, face-down tiles, score, lacks."""
    lines = []
    one_person = len([s for s in seats if s.is_human]) == 1
    names = [shown(s.name) for s in seats]
    you = " " + _("(you)")
    labels = [n + (you if i == viewer and not is_you(n) and one_person else "") for i, n in enumerate(names)]
    name_w = max(len(n) for n in names) + 2
    kinds = [level_word("person" if s.is_human else (s.level or "bot")) for s in seats]
    kind_w = max(9, max(len(k) for k in kinds) + 1)  # "mittel" and a space at least
    # "1 tile " and "3 tiles" in one column: as wide as the longest form the language has
    tiles_w = max(len(ngettext("{n} tile", "{n} tiles", n).format(n=f"{n:>2}")) for n in (1, 10))
    label_w = max(max(len(label) for label in labels) + 2, name_w if view.teams else name_w + 6)
    arrow = look.arrow("right")
    for i in range(len(seats)):
        turn = view.to_act == i
        line = Text()
        line.append(f"{arrow} " if turn else "  ", "bold reverse" if turn else "")
        line.append(f"{labels[i]:<{label_w}}", "bold" if turn else "")
        line.append(f"{kinds[i]:<{kind_w}}", "dim")
        if view.teams:
            team = 0 if i in view.teams[0] else 1
            partner = names[(i + 2) % len(seats)]  # partners sit opposite (PARTNER-1)
            line.append(_("team {letter}, opposite").format(letter=TEAM_LETTERS[team]) + " ")
            line.append(f"{partner:<{name_w}}")
        count = view.hand_sizes[i]
        backs = tile_backs(count, look, limit=10)
        line.append(f"{backs:<11}", "dim")
        held = ngettext("{n} tile", "{n} tiles", count).format(n=f"{count:>2}")
        line.append(f"{held:<{tiles_w}}  ")
        if not view.teams:
            line.append(_("{n} pts").format(n=f"{view.scores[i]:>4}"), "bold")
        if show_lacks and i != viewer and view.lacks[i]:
            lacks = " ".join(str(v) for v in sorted(view.lacks[i]))
            line.append("  " + _("lacks {numbers}").format(numbers=lacks), "italic")
        line.truncate(width)
        lines.append(line)
    return lines


class SeatsPanel(Widget):
    DEFAULT_CSS = """
    SeatsPanel { height: auto; padding: 0 1; }
    """

    # set by the screen, together (`show`): the seats as the view of `viewer` has them
    shown: reactive[tuple[PlayerView, tuple[SeatInfo, ...], int | None, Look, bool] | None] = reactive(
        None, init=False, always_update=True)  # a view is new after every move: no comparing histories

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)

    def _watch_shown(self, old: tuple[object, ...] | None, new: tuple[object, ...] | None) -> None:
        if old is None or new is None or len(old[1]) != len(new[1]):  # type: ignore[arg-type]
            self.refresh(layout=True)  # as many rows as seats

    def show(self, view: PlayerView, seats: tuple[SeatInfo, ...], viewer: int | None, look: Look, show_lacks: bool) -> None:
        self.shown = (view, seats, viewer, look, show_lacks)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.shown[1]) if self.shown else 1

    def render(self) -> Text:
        if not self.shown:
            return Text("")
        return Text("\n").join(seat_lines(*self.shown, width=max(1, self.content_size.width)))
