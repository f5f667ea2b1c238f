"""The replay viewer's move list and win-chance plot, as lichess's analysis board has them.

The list has a row per placement (round, who, the move, its mark once analysed); the
row of the step on show is the cursor, and a click on a row goes to that move. The plot
draws the win chance after each judged move: for two sides (two players, or Partner's
two teams) one line, the first side's chance; for more, a line per seat.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import DataTable
from textual_plotext import PlotextPlot

from ....engine import TableConfig
from ....i18n import _
from .replay_steps import ReplaySteps
from .replay_words import MARKS, VERDICT_STYLES, event_words, move_text


class MovesList(DataTable[str | Text]):
    DEFAULT_CSS = "MovesList { scrollbar-size-vertical: 1; }"

    class Picked(Message):
        """A move clicked: the viewer goes to the step that shows it."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    async def _on_click(self, event: events.Click) -> None:
        # Only a click is news: the cursor also moves as the viewer steps (follow).
        row = event.style.meta.get("row")
        await super()._on_click(event)
        if isinstance(row, int) and 0 <= row < self.row_count:
            key = self.ordered_rows[row].key.value
            if key is not None:
                self.post_message(self.Picked(int(key)))

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.can_focus = False  # the arrows step the match, not the list's cursor

    def fill(self, steps: ReplaySteps, names: tuple[str, ...], analysis: Any | None) -> None:
        judged = {m.ply: m for m in analysis.moves} if analysis is not None else {}
        self.clear(columns=True)
        self.add_columns(_("Rd"), _("Who"), _("Move"), "")
        for ply, step in enumerate(steps.play_steps):
            event = steps.event_at(step)
            round_no = bisect_left(steps.round_steps, step)  # the deals before this move
            verdict = str(judged[ply].verdict) if ply in judged else ""
            mark = Text(MARKS.get(verdict, ""), VERDICT_STYLES.get(verdict, ""))
            # names come from the log: plain text, never markup
            self.add_row(str(round_no), Text(names[event["seat"]], overflow="ellipsis", no_wrap=True),
                         move_text(event_words(event)), mark, key=str(step))

    @staticmethod
    def row_for(steps: ReplaySteps, step: int) -> int | None:
        """The row of the move shown at `step` (or of the last one before it)."""
        earlier = [i for i, k in enumerate(steps.play_steps) if k <= step]
        return earlier[-1] if earlier else None

    def follow(self, steps: ReplaySteps, step: int) -> None:
        row = self.row_for(steps, step)
        if row is not None and self.row_count:
            self.move_cursor(row=row, animate=False)


def sides_of(config: TableConfig, seats: int) -> list[list[int]]:
    return [list(t) for t in config.teams] if config.teams else [[s] for s in range(seats)]


class ChancePlot(PlotextPlot):
    def draw(self, analysis: Any | None, config: TableConfig, names: tuple[str, ...], ply: int | None) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        if analysis is None or not analysis.moves:
            plt.title(_("Win chance: press a to analyse") if analysis is None else _("Nothing to judge"))
            self.refresh()
            return
        sides = sides_of(config, len(names))
        side_of = {s: i for i, side in enumerate(sides) for s in side}
        shown = [0] if len(sides) == 2 else list(range(len(sides)))
        for side in shown:
            xs: list[float] = []
            ys: list[float] = []
            for m in analysis.moves:
                mine = side_of.get(m.seat) == side
                if len(sides) == 2 or mine:
                    xs.append(m.ply + 1)
                    ys.append(100 * (m.after if mine else 1 - m.after))
            label = " & ".join(names[s] for s in sides[side])
            if xs:
                plt.plot(xs, ys, marker="braille", label=label)
        plt.ylim(0, 100)
        plt.yticks([0, 25, 50, 75, 100])
        last = analysis.moves[-1].ply + 1
        step = max(1, last // 4)
        plt.xticks(list(range(1, last + 1, step)))  # whole moves: plotext shows them so
        plt.xlabel(_("move"))
        plt.title(_("Win chance (%) after each judged move"))
        if ply is not None:
            plt.vline(ply + 1, "red")
        self.refresh()
