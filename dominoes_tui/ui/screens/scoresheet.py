"""The scoresheet: a row per round, totals and the target (penalties in Kozel, play
points apart from the round bonus in All Fives)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...engine import PlayerView, TableConfig
from ...i18n import N_, _
from ...table.client import RoundReport, SeatInfo
from ..widgets.footer import Footer
from ..widgets.too_small import TooSmall
from ..words import side_names

WIN_MARK = "*"  # the round's winner on the All Fives sheet (ASCII: it shows everywhere)
RESULT_WORDS = {"domino": N_("domino"), "blocked": N_("blocked"), "won_in_play": N_("won in play"), "fish": N_("fish")}


def scoresheet_rows(
    rounds: list[RoundReport], config: TableConfig, seats: tuple[SeatInfo, ...]
) -> tuple[list[str], list[list[str]]]:
    """Column headings and rows (pure, so it is tested without a screen)."""
    names = side_names(config, seats)
    fives = config.rules.counts_fives
    kozel = config.rules.penalties
    headings = [_("Round"), _("Result")]
    for name in names:
        headings.append(name)  # one column a side: 80 columns hold four of them
    rows = []
    for r in rounds:
        how = "fish" if r.result == "blocked" and config.rules.fish else r.result
        result = _(RESULT_WORDS[how]) if how in RESULT_WORDS else how
        if r.capicu:
            result += " " + _("(capicú)")
        if r.winner is None and r.result != "won_in_play":
            result += _(", tie")
        row = [str(r.round), result]
        for side in range(len(names)):
            if fives:  # points in play, the round winner's bonus, the running total
                play = r.play_points[side]
                bonus = r.points if r.winner == side and r.result != "won_in_play" else 0
                # the round's winner is marked (★, ASCII *): a lone "+30" read like a bonus
                won = r.winner == side
                mark = WIN_MARK if won else ""
                if bonus:
                    row.append(f"{mark}{play}+{bonus} ({r.scores[side]})")
                elif won:  # won in play: no bonus
                    row.append(f"{mark}+{play} ({r.scores[side]})")
                else:
                    row.append(f"+{play} ({r.scores[side]})" if play else "·")
            elif kozel:
                pts = r.points[side] if isinstance(r.points, tuple) else 0
                row.append(f"+{pts} ({r.scores[side]})" if pts else "·")
            else:  # the points, and the running total after them
                row.append(f"+{r.points} ({r.scores[side]})" if r.winner == side and r.points else "·")
        rows.append(row)
    return headings, rows


class ScoresheetScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,s,q", "close", N_("Close"))]
    DEFAULT_CSS = """
    ScoresheetScreen { align: center middle; }
    #sheet { width: 1fr; max-width: 110; height: auto; max-height: 1fr;
             border: round $accent; background: $surface; padding: 0 1; }
    #sheet DataTable { height: auto; max-height: 14; }
    #sheet .title { text-style: bold; }
    """

    def __init__(
        self, rounds: list[RoundReport], config: TableConfig, seats: tuple[SeatInfo, ...], view: PlayerView | None
    ) -> None:
        super().__init__()
        self.rounds, self.config, self.seats, self.view = rounds, config, seats, view

    def compose(self) -> ComposeResult:
        kozel = self.config.rules.penalties
        names = side_names(self.config, self.seats)
        scores = self.view.scores if self.view is not None else (self.rounds[-1].scores if self.rounds else (0,) * len(names))
        with Vertical(id="sheet"):
            title = _("Scoresheet: penalty points") if kozel else _("Scoresheet")
            yield Static(title, classes="title")
            yield DataTable(id="rounds", zebra_stripes=True, cursor_type="none")
            totals = ", ".join(f"{n} {s}" for n, s in zip(names, scores))
            goal = _("whoever reaches {target} is the Kozel") if kozel else _("target {n}")
            goal = goal.format(target=self.config.target, n=self.config.target)
            yield Static(Text.assemble((_("Totals:"), "bold"), f" {totals}   ({goal})"))  # names: plain text
            if self.config.rules.counts_fives:
                key = _("{mark}a+b (t): {mark} the round's winner, a scored in play when the ends counted a "
                        "multiple of 5, b the winner's bonus for the others' pips, t the total so far.")
                yield Static(key.format(mark=WIN_MARK))
        yield TooSmall()
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        headings, rows = scoresheet_rows(self.rounds, self.config, self.seats)
        table.add_columns(*(Text(h, end="") for h in headings))  # a str would be read as markup; names are plain text
        for row in rows:
            table.add_row(*(Text(c, end="", no_wrap=True) for c in row))
        if not rows:
            table.add_row("—", _("no round finished yet"), *[""] * (len(headings) - 2))

    def action_close(self) -> None:
        self.dismiss(None)
