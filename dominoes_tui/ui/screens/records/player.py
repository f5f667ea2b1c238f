"""A player's page: matches and wins per variant, results against each bot level and
head to head against people, the rating over time (a plot), recent matches, each of
which opens in the replay viewer, and the accuracy of each analysed match (a plot, and a
column beside the recent matches: issue 28)."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from ....engine import LogError
from ....i18n import N_, _, told
from ....i18n.formats import number, percent
from ....records.identity import kind_words, shown_name, vouched_words
from ....records.ratings import Rating
from ....records.report import local_time, others_words, status_words
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ..records_words import cells, list_title, rating_text
from .records_reader import RecordsReader

START_SHOWN = Rating().shown


def versus_row(v: dict[str, Any]) -> list[Text]:
    kind = str(v.get("kind", ""))  # a server older than the kind's key sends none: a name as typed
    return cells(shown_name(v["other"], kind), v["matches"], v["better"], v["worse"], v["even"])


def rating_ticks(low: float, high: float, most: int = 5) -> list[int]:
    """Whole ratings for the plot's axis, a round step apart, at most `most` of them and at
    least two, `low` to `high` inside."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        ticks = [int(low // step) * step]
        while ticks[-1] < high or len(ticks) < 2:
            ticks.append(ticks[-1] + step)
        if len(ticks) <= most:
            return ticks
    return [int(low), int(high) + 1]


class PlayerScreen(Screen[None]):
    BINDINGS = [
        Binding("1", "tab('overview')", N_("Overview")),
        Binding("2", "tab('rating')", N_("Rating")),  # the tab's own word
        Binding("3", "tab('matches')", N_("Matches")),
        Binding("4", "tab('accuracy')", N_("Accuracy")),
        Binding("enter", "replay", N_("Replay"), key_display="Enter", show=False),
        # the analysed match's mistakes (learn_open.py); the note names it, the German footer is full
        Binding("l", "learn", N_("Learn"), show=False),
        Binding("escape,q", "close", N_("Back")),
    ]
    DEFAULT_CSS = """
    PlayerScreen #who { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    PlayerScreen #note { height: auto; padding: 0 1; color: $text-muted; }
    PlayerScreen TabbedContent { height: 1fr; }
    PlayerScreen DataTable { height: auto; max-height: 12; }
    PlayerScreen .heading { text-style: bold; margin-top: 1; }
    PlayerScreen #plot, PlayerScreen #accuracy-plot { height: 1fr; min-height: 8; }
    PlayerScreen #recent { max-height: 100%; height: 1fr; }
    """

    def __init__(self, reader: RecordsReader, player_id: int, variant: str = "all") -> None:
        super().__init__()
        self.reader = reader
        self.player_id = player_id
        self.variant = variant
        self.page: dict[str, Any] = {}

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static("", id="who", markup=False)
        with TabbedContent(initial="overview"):
            with TabPane("1 " + _("Overview"), id="overview"):
                with VerticalScroll():
                    yield DataTable(id="variants", cursor_type="none", zebra_stripes=True)
                    yield Static(_("Against each bot level: placed better, worse, the same"), classes="heading")
                    yield DataTable(id="bots", cursor_type="none")
                    yield Static(_("Head to head against people"), classes="heading")
                    yield DataTable(id="people", cursor_type="none")
            with TabPane("2 " + _("Rating"), id="rating"):
                yield PlotextPlot(id="plot")
            with TabPane("3 " + _("Matches"), id="matches"):
                yield DataTable(id="recent", cursor_type="row", zebra_stripes=True)
            with TabPane("4 " + _("Accuracy"), id="accuracy"):
                yield PlotextPlot(id="accuracy-plot")
        yield Static("", id="note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#variants", DataTable).add_columns(_("List"), _("Matches"), _("Won"), _("Abandoned"), _("Rating"))
        for table_id in ("#bots", "#people"):
            self.query_one(table_id, DataTable).add_columns(_("Who"), _("Matches"), _("Better"), _("Worse"), _("Same"))
        self.query_one("#recent", DataTable).add_columns(_("When"), _("Variant"), _("Place"), _("Score"), _("Against"),
                                                         _("Accuracy"))
        self.run_worker(self._load(), exclusive=True, group="load")

    async def _load(self) -> None:
        try:
            page = await self.reader.player_page(self.player_id, self.variant)
        except Exception as exc:  # noqa: BLE001 - said in words, never a traceback
            self.query_one("#note", Static).update(_("The records cannot be read now: {why}").format(why=exc))
            return
        if not page:
            self.query_one("#note", Static).update(_("This player is no longer in the records."))
            return
        self.page = page
        self.show(page)

    def show(self, page: dict[str, Any]) -> None:
        how = vouched_words(page["vouched_by"])
        self.query_one("#who", Static).update(_("{name}: {kind}, known by {how}").format(
            name=shown_name(page["name"], page["kind"]), kind=kind_words(page["kind"]), how=how))
        variants = self.query_one("#variants", DataTable)
        for v in page["variants"]:
            name = _("All variants") if v["variant"] == "all" else list_title(v["variant"])
            variants.add_row(name, str(v["matches"]), str(v["wins"]), str(v["abandoned"]),
                             rating_text(v["rating"], v["provisional"]))
        for table_id, key in (("#bots", "against_bots"), ("#people", "against_people")):
            table = self.query_one(table_id, DataTable)
            for v in page[key]:
                table.add_row(*versus_row(v))
            if not page[key]:
                table.add_row(_("nobody yet"), "", "", "", "")
        recent = self.query_one("#recent", DataTable)
        accuracy = {a["match_id"]: a for a in page.get("accuracy", [])}  # an older server sends none
        for m in page["recent"]:
            place = str(m["placing"]) if m["placing"] else status_words(m["status"])
            shown = percent(accuracy[m["match_id"]]["accuracy"] / 100) if m["match_id"] in accuracy else "-"
            recent.add_row(*cells(local_time(m["ended_at"]), list_title(m["variant"]), place,
                                  m["score"], others_words(m), shown), key=str(m["match_id"]))
        self.draw_plot(page)
        self.draw_accuracy(page)
        note = (_("Enter on a match (3) replays it; a analyses it there, l learns from its mistakes once analysed. "
                  "A rating with ? is provisional.")
                if page["recent"] else _("No matches yet."))
        if page.get("accuracy_unreadable"):
            note += " " + _("A stored analysis could not be read and is left out.")
        self.query_one("#note", Static).update(note)

    def draw_plot(self, page: dict[str, Any]) -> None:
        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        # Everyone starts at the same rating: the line starts there, before match 1.
        points = [START_SHOWN] + [h["rating"] for h in page["history"]]
        plt.title(_("Rating, {list}: after each rated match").format(list=list_title(page["history_variant"]).lower()))
        if len(points) > 1:
            xs: list[float] = [*range(len(points))]  # whole numbers: plotext shows them so
            plt.plot(xs, points, marker="braille")
            step = max(1, len(xs) // 8)
            plt.xticks(xs[::step])
            ticks = rating_ticks(min(points), max(points))
            plt.ylim(ticks[0], ticks[-1])
            plt.yticks([float(t) for t in ticks], [number(t) for t in ticks])  # its own labels read 1473.7 in German
            plt.xlabel(_("rated matches"))
        else:
            plt.title(_("No rated match yet: the plot starts with the first one"))
        plot.refresh()

    def draw_accuracy(self, page: dict[str, Any]) -> None:
        """Accuracy (0 to 100) in each analysed match, oldest first."""
        plot = self.query_one("#accuracy-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        points = [a["accuracy"] for a in page.get("accuracy", [])]
        if points:
            xs: list[float] = [*range(1, len(points) + 1)]
            plt.plot(xs, points, marker="braille")
            plt.scatter(xs, points, marker="dot")
            plt.ylim(0, 100)
            plt.yticks([0, 25, 50, 75, 100])
            plt.xticks(xs[:: max(1, len(xs) // 8)])
            plt.xlabel(_("analysed matches"))
            mean = sum(points) / len(points)
            plt.title(_("Accuracy in each analysed match (mean {mean})").format(mean=percent(mean / 100)))
        else:
            plt.title(_("No analysed match yet: a in a replay analyses one"))
        plot.refresh()

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        if tab == "matches":
            self.query_one("#recent", DataTable).focus()

    def action_replay(self) -> None:
        if self.query_one(TabbedContent).active != "matches" or not self.page.get("recent"):
            return
        table = self.query_one("#recent", DataTable)
        if table.cursor_row is None or table.cursor_row >= len(self.page["recent"]):
            return
        self.run_worker(self._replay(int(self.page["recent"][table.cursor_row]["match_id"])), group="replay")

    def action_learn(self) -> None:
        from ..learn.learn_open import learn_from_records

        table = self.query_one("#recent", DataTable)
        recent = self.page.get("recent") or []
        if self.query_one(TabbedContent).active != "matches" or table.cursor_row >= len(recent):
            self.notify(_("Choose an analysed match first: 3 lists the matches."), timeout=4)
            return
        match_id = int(recent[table.cursor_row]["match_id"])
        self.run_worker(learn_from_records(self, self.reader, match_id, self.page), group="learn")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "recent":
            self.action_replay()

    async def _replay(self, match_id: int) -> None:
        from ..replay.replay import ReplayScreen
        from ..replay.replay_steps import ReplaySteps

        try:
            text = await self.reader.match_log(match_id)
            if text is None:
                raise LogError(_("the match is no longer in the records"))
            steps = ReplaySteps.from_text(text)
        except Exception as exc:  # noqa: BLE001 - a log from the records or a server may break any way: words, not a crash
            self.notify(_("This match cannot be replayed: {why}").format(why=told(exc)), severity="error", timeout=8,
                        markup=False)
            return
        # The analysis is kept beside the match only in this machine's records; a hosted
        # client's replay analyses without keeping.
        from ..replay.replay_analysis import LocalShelf
        from .records_reader import LocalReader

        shelf = LocalShelf(self.reader.source) if isinstance(self.reader, LocalReader) else None
        self.app.push_screen(ReplayScreen(steps, getattr(self.app, "prefs", None), title=f"#{match_id}", shelf=shelf))

    def action_close(self) -> None:
        self.dismiss(None)
