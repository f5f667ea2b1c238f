"""The lobby of a hosted server: open tables, a new table, joining, watching, the waiting room.

The screen shows what the server says (tables are pushed whenever they change) and asks
the app (`RemoteApp`) to talk to the server; once a table starts, the app opens the very
same table screen local play uses, with a `RemoteTable` behind it.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.data_table import ColumnKey
from textual.widgets.option_list import Option

from .... import i18n
from ....i18n import N_, _, ngettext
from ....net.client.client import Connection
from ....net.wire.server_parts import TableInfo
from ...choices import MatchSettings, Prefs
from ...widgets.footer import Footer
from ...widgets.too_small import TooSmall
from ...words import table_title
from .evening import EveningFollower
from .lobby_rows import COLUMNS, FIXED, column_label, seat_words, seats_in_brief, status_words
from .quick_match import QuickFollower


class LobbyHost(Protocol):
    """What the lobby asks of the app that owns the connection (ui/remote_app.py's
    `RemoteApp`, which imports this screen: hence a protocol here, not an import)."""

    invite: str | None  # how a friend comes to a table, when not `dominoes join`
    settings: MatchSettings
    prefs: Prefs
    quick: QuickFollower
    evening: EveningFollower

    # the session's, read only (net/client/session.py)
    @property
    def host(self) -> str: ...
    @property
    def port(self) -> int: ...
    @property
    def conn(self) -> Connection | None: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def creator(self) -> bool: ...

    def token_for(self, code: str) -> str | None: ...
    def do(self, work: Awaitable[Any]) -> None: ...
    def join(self, code: str, seat: int | None = None, token: str | None = None) -> Awaitable[None]: ...
    def watch_table(self, code: str) -> Awaitable[None]: ...
    def create(self, settings: MatchSettings, private: bool = False) -> Awaitable[None]: ...
    def start(self) -> Awaitable[None]: ...
    def leave(self) -> Awaitable[None]: ...
    def connect(self) -> Awaitable[bool]: ...
    def remember_language(self, language: str) -> bool: ...


class SeatPicker(ModalScreen["int | str | None"]):
    """Which free seat to take (or watch instead); dismisses a seat, "watch" or None."""

    BINDINGS = [Binding("escape", "dismiss_none", N_("Back"))]
    DEFAULT_CSS = """
    SeatPicker { align: center middle; }
    #picker { width: 50; height: auto; max-height: 14; border: round $accent; padding: 0 1; }
    """

    def __init__(self, table: TableInfo) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        options = [
            # names: plain text
            Option(Text(_("Seat {n}: {who}").format(n=s.seat + 1, who=seat_words(s, None))), id=f"seat-{s.seat}")
            for s in self.table.seats
            if s.seat in self.table.free
        ]
        options.append(Option(_("Watch instead"), id="watch"))
        picker = OptionList(*options, id="picker")
        picker.border_title = Text(_("Table {code}: take a seat").format(code=self.table.code))
        yield picker

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id or ""
        self.dismiss("watch" if ident == "watch" else int(ident.split("-")[1]))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def invite_line(via_ssh: str | None, host: str, port: int, code: str) -> str:
    """One line to copy: the gateway's `ssh` command with the code, or `dominoes join`."""
    if via_ssh:
        return f"{via_ssh} {code}"
    host = f"[{host}]" if ":" in host else host
    return f"dominoes join {host}:{port} --code {code}"


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "join", N_("Join")),
        # short labels: with a table listed, every key that applies fits 80 columns, Quit too
        Binding("c", "create", N_("New"), tooltip=N_("Make a new table")),
        Binding("p", "create_private", N_("Private"), tooltip=N_("Make a private table: unlisted, joined by its invite")),
        Binding("w", "watch", N_("Watch")),
        Binding("s", "start", N_("Start now")),
        Binding("escape", "leave", N_("Leave table")),
        Binding("m", "quick_match", N_("Quick match")),
        Binding("t", "tournament", N_("Tournament")),
        Binding("r", "reconnect", N_("Reconnect")),
        Binding("ctrl+r", "app.records", N_("Records")),  # the server's club records
        Binding("q", "quit_lobby", N_("Quit")),
        # not in the footer (80 columns hold no more); the lobby's help line names it
        Binding("l", "language", N_("Language"), show=False),
        # puzzles while waiting: run here on this machine's puzzles, no server needed; named in the lobby's lines
        Binding("f3", "puzzles", N_("Puzzles"), show=False),
    ]
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    #lobby-info { height: auto; min-height: 3; padding: 0 1; }
    #lobby-tables { height: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.tables: Sequence[TableInfo] = []
        self.waiting: TableInfo | None = None  # the table we sit at before it starts
        self._words: str | Callable[[], str] = lambda: _("Connecting…")

    @property
    def remote(self) -> LobbyHost:
        # the lobby is only ever pushed by RemoteApp, which imports this screen
        return cast(LobbyHost, self.app)

    def compose(self) -> ComposeResult:
        yield TooSmall()  # below 80×24 the lobby says so (a phone's browser at its own width did not)
        yield Static(id="lobby-title")
        yield Static(id="lobby-info")
        table: DataTable[str] = DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        for label, width in COLUMNS:
            table.add_column(column_label(label), width=width, key=label)
        yield table
        # one space between keys, and no palette key (Ctrl+P still opens it): the lobby's
        # own keys need the room, in German at 80 columns
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.remote.quick.on_change = self.redraw
        self.set_interval(1.0, self._tick)  # the seconds a quick-match search has waited
        self.redraw()

    def _tick(self) -> None:
        if self.remote.quick.mine and self.is_current:
            self.redraw()

    # -- what the app tells us -----------------------------------------------------------
    def show_tables(self, tables: Sequence[TableInfo]) -> None:
        self.tables = tables
        if self.waiting is not None:
            for t in tables:
                if t.code == self.waiting.code:
                    self.waiting = t
        self.redraw()

    def show_waiting(self, table: TableInfo | None) -> None:
        self.waiting = table
        self.redraw()

    @property
    def message(self) -> str:
        """The lobby's line, worded now (in the language in use)."""
        return self._words() if callable(self._words) else self._words

    def say(self, message: str | Callable[[], str]) -> None:
        """The lobby's line: a function that words it, so `l` (another language) words it again."""
        self._words = message
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        app = self.remote
        title = self.query_one("#lobby-title", Static)
        who = _(" as {name}").format(name=app.conn.name) if app.conn is not None else ""
        presence = app.quick.words()
        # our name as the server said it: plain
        title.update(Text(_("Dominoes lobby · {address}").format(address=f"{app.host}:{app.port}") + who
                          + (f" · {presence}" if presence else "")))
        info = self.query_one("#lobby-info", Static)
        text = Text()
        if self.waiting is not None:
            t = self.waiting
            text.append(_("Table {code}").format(code=t.code), "bold reverse")
            about = ngettext("{title}, {players} player, target {target}", "{title}, {players} players, target {target}",
                             t.players)
            text.append("  " + about.format(title=table_title(t.variant, t.title), players=t.players, target=t.target) + "\n")
            if t.practice:
                text.append(_("A seeded practice table: its maker may know every deal; it is never rated.") + "\n", "bold")
            if t.private:
                text.append(_("A private table: on nobody's list; only those you give the invite can come.") + "\n")
            text.append("  ".join(f"{s.seat + 1}: {seat_words(s, app.seat)}" for s in t.seats) + "\n")
            text.append(_("Invite: {line}").format(line=invite_line(app.invite, app.host, app.port, t.code)) + "\n", "bold")
            if app.creator:
                text.append(_("Press s to start now (bots take the free seats); "), "bold")
            else:
                text.append(_("The table starts when its creator says so or when every seat is taken. "))
            text.append(_("Esc leaves the table."))
            text.append(" " + _("F3: puzzles while you wait."), "dim")
        else:
            text.append(self.message + "\n")
            if app.quick.mine:
                text.append(app.quick.status() + "\n", "bold")
            evening = app.evening.lobby_line()
            if evening:
                text.append(evening + "\n", "bold")
            if app.conn is not None:
                text.append(_("Enter joins the table under the cursor, w watches it, c makes one; l: {language}").format(
                    language=_("Language")), "dim")
            text.append(("; " if app.conn is not None else "") + _("F3: puzzles"), "dim")
        info.update(text)
        grid = self.query_one("#lobby-tables", DataTable)
        for label, _width in COLUMNS:  # in the language in use (l changes it)
            grid.columns[ColumnKey(label)].label = Text(column_label(label))
        grid.display = self.waiting is None  # the lobby's list is not kept fresh while seated
        keep = grid.cursor_row
        grid.clear()
        for t in self.tables:
            status = status_words(t)
            if t.started and self.remote.token_for(t.code):
                status += _(" (your seat)")
            room = max(12, grid.size.width - FIXED - 4)  # the seats' padding and the scroll bar
            cells = (t.code, table_title(t.variant, t.title), status, str(t.spectators), seats_in_brief(t.seats, room))
            # Text cells: a str cell would be read as markup
            grid.add_row(*(Text(str(c), end="", no_wrap=True) for c in cells), key=str(t.code))
        if self.tables:
            grid.move_cursor(row=min(keep, len(self.tables) - 1))
        self.refresh_bindings()

    def selected(self) -> TableInfo | None:
        grid = self.query_one("#lobby-tables", DataTable)
        if not self.tables or grid.cursor_row is None or grid.cursor_row >= len(self.tables):
            return None
        return self.tables[grid.cursor_row]

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        app = self.remote
        connected = app.conn is not None and not app.conn.closed
        if action in ("join", "watch"):
            return connected and self.waiting is None and self.selected() is not None
        if action in ("create", "create_private"):
            return connected and self.waiting is None
        if action == "start":
            return connected and self.waiting is not None and app.creator
        if action == "leave":
            return self.waiting is not None
        if action == "reconnect":
            return not connected
        if action in ("tournament", "quick_match"):
            return connected and self.waiting is None
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_join()

    def action_join(self) -> None:
        table = self.selected()
        if table is None or self.waiting is not None:
            return
        token = self.remote.token_for(table.code)
        if token is not None:  # a seat held here before (a drop, a crash): take it back
            self.remote.do(self.remote.join(table.code, token=token))
            return
        free = table.free
        if not free:
            self.notify(_("Table {code} has no free seat: watching it.").format(code=table.code), timeout=4, markup=False)
            self.remote.do(self.remote.watch_table(table.code))
            return
        if len(free) == 1:
            self.remote.do(self.remote.join(table.code, seat=free[0]))
            return

        def picked(choice: int | str | None) -> None:
            if choice == "watch":
                self.remote.do(self.remote.watch_table(table.code))
            elif isinstance(choice, int):
                self.remote.do(self.remote.join(table.code, seat=choice))

        self.app.push_screen(SeatPicker(table), picked)

    def action_watch(self) -> None:
        table = self.selected()
        if table is not None:
            self.remote.do(self.remote.watch_table(table.code))

    def action_create(self, private: bool = False) -> None:
        from ..settings.settings import NewTableScreen

        def chosen(settings: MatchSettings | str | None) -> None:
            if isinstance(settings, MatchSettings):
                self.remote.settings = settings
                self.remote.do(self.remote.create(settings, private=private))

        self.app.push_screen(NewTableScreen(self.remote.settings, self.remote.prefs), chosen)

    def action_create_private(self) -> None:
        """A table on nobody's list: only those given its invite (its long code) come."""
        self.action_create(private=True)

    def action_start(self) -> None:
        self.remote.do(self.remote.start())

    def action_leave(self) -> None:
        self.remote.do(self.remote.leave())

    def action_quick_match(self) -> None:
        from .quick_match import QuickMatchScreen

        def chosen(wanted: dict[str, Any] | str | None) -> None:
            if wanted == "stop":
                self.remote.do(self.remote.quick.search(None))
            elif isinstance(wanted, dict):
                self.remote.do(self.remote.quick.search(wanted))

        self.app.push_screen(QuickMatchScreen(self.remote.quick.mine), chosen)

    def action_tournament(self) -> None:
        from .evening import EveningScreen

        self.app.push_screen(EveningScreen(self.remote.evening))

    def action_reconnect(self) -> None:
        self.remote.do(self.remote.connect())

    def action_quit_lobby(self) -> None:
        self.app.exit()

    def action_puzzles(self) -> None:
        from ..puzzles.puzzle_open import open_trainer

        open_trainer(self.app, self.remote.prefs)

    def action_language(self) -> None:
        """The next language for this client (a process of its own), remembered where the
        person has settings (a local join, a key-bound SSH name), a guest's for this
        session; next time `--lang` wins, then this choice, then LANG (remember_language)."""
        languages = i18n.LANGUAGES
        i18n.use(languages[(languages.index(i18n.language()) + 1) % len(languages)])
        self.app.refresh_bindings()
        self.redraw()
        kept = self.remote.remember_language(i18n.language())
        said = _("{language}, from now on") if kept else _("{language}, for this session")
        self.notify(said.format(language=i18n.LANGUAGE_NAMES[i18n.language()]), timeout=3)
