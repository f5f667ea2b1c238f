"""The leaderboard: one list overall and one per variant; Enter opens a player's page."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ....i18n import N_, _
from ....records.identity import shown_name
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ..records_words import cells, list_title, lists, rating_text
from .records_reader import RecordsReader


class LeaderboardScreen(Screen[None]):
    BINDINGS = [
        # priority: the table under the cursor would take ← → for itself
        Binding("right", "list(1)", N_("Next list"), key_display="→", priority=True),
        Binding("left", "list(-1)", N_("Previous list"), key_display="←", priority=True),
        Binding("enter", "open", N_("Player page"), key_display="Enter"),
        Binding("escape,q", "close", N_("Back")),
    ]
    DEFAULT_CSS = """
    LeaderboardScreen #title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    LeaderboardScreen #lists { height: 1; padding: 0 1; color: $text-muted; }
    LeaderboardScreen #board { height: 1fr; }
    LeaderboardScreen #note { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, reader: RecordsReader, variant: str = "all") -> None:
        super().__init__()
        self.reader = reader
        self.variant = variant
        self.rows: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Static("", id="title")
        yield Static("", id="lists", markup=False)
        yield DataTable(id="board", cursor_type="row", zebra_stripes=True)
        yield Static("", id="note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("#", width=3)
        table.add_column(_("Player"), width=24)  # fixed: a list loaded later keeps whole names
        table.add_columns(_("Rating"), _("Rated"), _("Won"))
        self.load()

    def load(self) -> None:
        self.query_one("#title", Static).update(_("Leaderboard: {list}").format(list=list_title(self.variant)))
        self.query_one("#lists", Static).update(
            "  ".join(f"[{list_title(v)}]" if v == self.variant else list_title(v) for v in lists()))
        self.run_worker(self._load(self.variant), exclusive=True, group="load")

    async def _load(self, variant: str) -> None:
        note = self.query_one("#note", Static)
        try:
            rows = await self.reader.standings(variant)
        except Exception as exc:  # noqa: BLE001 - said in words, never a traceback
            self.rows = []
            self.query_one(DataTable).clear()
            note.update(_("The records cannot be read now: {why}").format(why=exc))
            return
        if variant != self.variant:
            return
        self.rows = rows
        table = self.query_one(DataTable)
        table.clear()
        for row in rows:
            name = shown_name(row["name"], row["kind"])
            table.add_row(*cells(row["place"], name, rating_text(row["rating"], row["provisional"]), row["matches"],
                                 row["wins"]), key=str(row["player_id"]))
        if rows:
            note.update(_("Enter: that player's page. A rating with ? is provisional: it settles after about ten "
                          "rated matches."))
        else:
            note.update(_("Nobody is rated in this list yet: finish a match (against a bot, say) and it shows here."))
        table.focus()

    def action_list(self, step: int) -> None:
        shown = lists()
        self.variant = shown[(shown.index(self.variant) + step) % len(shown)]
        self.load()

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None or table.cursor_row >= len(self.rows):
            return
        from .player import PlayerScreen

        row = self.rows[table.cursor_row]
        self.app.push_screen(PlayerScreen(self.reader, int(row["player_id"]), self.variant))

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_close(self) -> None:
        self.dismiss(None)
