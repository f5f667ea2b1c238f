"""The app as a client of `dominoes host`: it starts in the lobby and plays a `RemoteTable`.

Everything after the lobby is the local app unchanged: the table screen, the summaries,
the scoresheet and help get a `TableClient`; here one with a socket behind it. A dropped
connection is taken up again by itself (with the seat's token) while the table lasts.
The session (net/client/session.py) keeps the connection, the seat and its tokens; this
app shows what happens.
"""
from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from ..engine import PLAYING
from ..i18n import N_, _
from ..i18n.os_words import os_words
from ..net.client.client import Connection, ConnectionLost, ServerRefused, unreadable
from ..net.client.remote_table import RemoteTable
from ..net.client.session import Session
from ..net.host.names import fold
from ..net.wire import answers as A
from ..net.wire import says as S
from ..table.client import TableClient
from .app import DominoesApp
from .choices import MatchSettings, Prefs
from .screens.hosted.evening import EveningFollower
from .screens.hosted.lobby import LobbyScreen
from .screens.hosted.quick_match import QuickFollower
from .screens.table.table import TableScreen

if TYPE_CHECKING:  # the records pull in the database: imported when first opened
    from .screens.records.records_reader import RecordsReader


class RemoteApp(DominoesApp):
    TITLE = N_("Dominoes (hosted)")  # translated on mounting
    KEEPS_SAVES = False

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        code: str | None = None,
        watch: bool = False,
        prefs: Prefs | None = None,
        settings: MatchSettings | None = None,
        keep_tokens: bool = True,
        invite: str | None = None,
        organizer_secret: str | None = None,
        asked: str | None = None,
    ) -> None:
        super().__init__(settings, prefs or Prefs(), start_now=False, table_factory=self._table_factory, offer_resume=False)
        self.session = Session(host, port, name, keep_tokens=keep_tokens, organizer_secret=organizer_secret)
        self.session.on_push, self.session.on_lost = self._push, self._lost
        self.asked = asked or name  # the name asked for, where an SSH gateway gave another (Ben~2)
        # how a friend comes to a table: over the SSH gateway its command (this app's
        # server address is the gateway's, often loopback); otherwise `dominoes join`
        self.invite = invite
        self.code = code.upper() if code else None
        self.watch_only = watch
        self.lobby = LobbyScreen()
        self._leaving = False
        self.keep_tokens = keep_tokens  # False: tokens live in this process only
        self.home_of_its_own = keep_tokens  # a guest's data folder is thrown away (SSH) or shared (browser)
        self.evening = EveningFollower(self)  # the club evening's tournament (screens/hosted/evening.py)
        self.quick = QuickFollower(self)  # quick match and who is online (screens/hosted/quick_match.py)

    # what the screens read of the session (the lobby's LobbyHost, the evening, the records)
    @property
    def host(self) -> str:
        return self.session.host

    @property
    def port(self) -> int:
        return self.session.port

    @property
    def conn(self) -> Connection | None:
        return self.session.conn

    @property
    def seat(self) -> int | None:
        return self.session.seat

    @property
    def creator(self) -> bool:
        return self.session.creator

    @property
    def pending(self) -> A.Sat | None:
        return self.session.pending

    @property
    def table_code(self) -> str | None:
        return self.session.table_code

    def token_for(self, code: str) -> str | None:
        return self.session.token_for(code)

    def records_reader(self) -> RecordsReader:
        from .screens.records.records_reader import RemoteReader

        return RemoteReader(self)

    def _table_factory(self, settings: MatchSettings, prefs: Prefs) -> TableClient:
        raise ValueError(_("hosted tables are made in the lobby"))

    # -- DominoesApp's hooks --------------------------------------------------------------
    def after_resume_question(self) -> None:
        self.push_screen(self.lobby)
        self.do(self.connect())

    def after_match(self) -> str:
        """What `n` on the match-end screen does here: back to the lobby, or straight on
        to this person's table of the evening's next round when it is paired already."""
        return _("To your next table") if self.evening.seat_waiting() else _("Back to the lobby")

    def summary_aside(self) -> str:
        """What a summary that opens says of the club evening (screens/summary.py Aside)."""
        return self.evening.aside()

    def open_settings(self) -> None:
        """After a match ("new match"): back to the lobby, not the local settings."""
        self.do(self.leave())

    def do(self, work: Awaitable[Any]) -> None:
        self.run_worker(work, group="net", exit_on_error=False)

    # -- talking to the server --------------------------------------------------------------
    def _push(self, msg: A.AnyAnswer) -> None:
        if isinstance(msg, A.Tables):
            self.lobby.show_tables(msg.tables)
            self.quick.on_push(msg)
        elif isinstance(msg, A.TableChanged) and self.session.waits_at(msg.table.code):
            self.lobby.show_waiting(msg.table)
        elif isinstance(msg, A.State):
            started = self.session.came(msg)
            if started is not None:
                self._open_remote(started, msg)
        elif isinstance(msg, (A.Tournament, A.Seated)):
            self.quick.on_push(msg)
            self.evening.on_push(msg)
        elif isinstance(msg, A.Presence):
            self.quick.on_push(msg)
        elif isinstance(msg, A.Error):
            self.notify(msg.spoken()[:200], severity="error", timeout=6, markup=False)
        elif isinstance(msg, A.Notice):
            self.notify(msg.spoken("text")[:200], timeout=8, markup=False)

    def _unreadable(self, text: str) -> None:
        self.notify(text, severity="warning", timeout=8, markup=False)

    def _lost(self) -> None:
        self.session.lost()
        if self.table_code is not None and not self._leaving:
            self.notify(_("Lost the server: trying to take the seat back…"), severity="warning", timeout=6)
            self.do(self.reconnect(self.table_code))
        else:
            self.session.pending = None
            self.lobby.waiting = None
            self.lobby.say(lambda: _("The connection to the server was lost. Press r to connect again."))

    async def connect(self) -> bool:
        address = self.session.address
        self.lobby.say(lambda: _("Connecting to {address}…").format(address=address))
        try:
            conn = await self.session.open()
        except (TimeoutError, OSError, ConnectionLost, ServerRefused) as exc:
            self._cannot_reach(address, exc)
            return False
        conn.on_unreadable = self._unreadable
        try:
            listing = await conn.request({"type": "list"})
            if not isinstance(listing, A.Tables):
                raise ServerRefused(unreadable(listing.wire_type, "$.type"))
        except ConnectionLost:
            return False  # said by _lost
        except (TimeoutError, ServerRefused) as exc:
            # a server whose list we cannot read is no lobby to show: say so where
            # "Connecting…" stood, and hang up, so `r` starts afresh
            self.session.lost()
            await conn.close()
            self._cannot_reach(address, exc)
            return False
        # said only in the title, it went unnoticed; renamed here or by an SSH gateway (Ben~2),
        # either only because someone holds the name: a guest asking for `Ben~2` is not told so
        if conn.guest and fold(conn.name) != fold(self.asked):
            guest, asked = conn.name, self.asked
            self.lobby.say(lambda: _("Connected. {name} is taken here: you play as {guest}, a guest.").format(
                name=asked, guest=guest))
        else:
            self.lobby.say(lambda: _("Connected."))
        await self.prove_organizer(conn)
        self.lobby.show_tables(listing.tables)
        self.quick.on_push(listing)
        if self.code and self.table_code is None:
            code, self.code = self.code, None  # only once: later we are in the lobby
            if self.watch_only:
                await self.watch_table(code)
            else:
                await self.join(code, token=self.token_for(code))
        else:
            await self.evening.refresh()  # a seat in a tournament round: taken straight away
        return True

    def _cannot_reach(self, address: str, exc: BaseException) -> None:
        reason = os_words(exc).rstrip(".")  # the name `exc` is gone after the caller's block; said again on `l`
        self.lobby.say(lambda: _("Cannot reach the server at {address}: {reason}. Press r to try again.").format(
            address=address, reason=reason))

    async def prove_organizer(self, conn: Connection) -> None:
        """An organizer's client shows the server its organizer secret on every connection."""
        refused = await self.session.organize(conn)
        if refused is not None:
            self.notify(_("Not an organizer here: {reason}").format(reason=refused), severity="warning", timeout=8,
                        markup=False)

    async def _ask(self, msg: dict[str, Any]) -> A.AnyAnswer | None:
        if self.conn is None:
            self.notify(_("Not connected to the server."), severity="error")
            return None
        try:
            return await self.conn.request(msg)
        except ServerRefused as exc:
            self.notify(str(exc), title=_("The server says no"), severity="warning", timeout=6, markup=False)
        except (TimeoutError, ConnectionLost) as exc:
            self.notify(_("No answer from the server: {reason}").format(reason=exc), severity="error", markup=False)
        return None

    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> None:
        if self.conn is None:
            return
        try:
            answer = await self.session.join(code, seat, token)
        except ServerRefused as exc:
            if exc.say == S.STARTED_WATCH or (exc.say is None and "started" in str(exc)):  # too late to sit down: watch
                self.notify(_("Table {code} has started: watching it.").format(code=code), timeout=5, markup=False)
                await self.watch_table(code)
                return
            self.notify(str(exc), title=_("The server says no"), severity="warning", timeout=6, markup=False)
            return
        except (TimeoutError, ConnectionLost) as exc:
            if not token:  # a seat taken back is tried again (the evening, reconnect)
                self.notify(_("No answer from the server: {reason}").format(reason=exc), severity="error", markup=False)
            return
        self._seated(answer)

    async def create(self, settings: MatchSettings, private: bool = False) -> None:
        seats = [
            {"kind": "human"} if s.is_human else {"kind": "bot", "level": s.level, "name": s.name} for s in settings.seats
        ]
        people = [i for i, s in enumerate(settings.seats) if s.is_human]
        msg: dict[str, Any] = {
            "type": "create", "variant": settings.variant, "players": settings.players, "target": settings.target,
            "options": settings.options, "seats": seats, "sit": people[0] if people else None,
        }
        if settings.seed is not None:
            msg["seed"] = settings.seed
        if private:  # unlisted; its long code is the invite
            msg["private"] = True
        answer = await self._ask(msg)
        if not isinstance(answer, A.Created):
            return
        if people:
            self._seated(answer)
        else:  # bots only: watch it, and start it
            await self.watch_table(answer.code)
            await self._ask({"type": "start", "code": answer.code})

    async def watch_table(self, code: str) -> None:
        answer = await self._ask({"type": "watch", "code": code})
        if answer is None:
            return
        self.session.seat, self.session.creator = None, False
        self._seated(answer)

    def _seated(self, answer: A.AnyAnswer | A.Sat) -> None:
        """Seated (or watching) as the server's answer says; an answer of another type
        (a broken server's) is said in one line and changes nothing."""
        if not isinstance(answer, A.Sat):
            self._unreadable(unreadable(answer.wire_type, "$.type"))
            return
        opens, state = self.session.sit(answer)
        if opens:
            self._open_remote(answer, state)
        else:
            self.lobby.show_waiting(answer.table)

    def _open_remote(self, answer: A.Sat, state: A.State | None) -> None:
        try:
            client = self.session.table(answer, state)
        except A.Unreadable as exc:  # rules or a view the engine refuses: a broken server's
            self._unreadable(unreadable(exc.kind, exc.where))
            return
        client.on_note = self._table_note
        client.on_evening = self.evening.on_push  # the next round is paired while this match's end is read
        if answer.table.practice:  # said to everyone at the table, players and watchers
            self.notify(_("A seeded practice table: its maker may know every deal. It is never rated."),
                        title=_("Seeded practice table"), severity="warning", timeout=10)
        client.on_lost = self._lost
        client.on_state = self._table_moved
        client.on_seats = self._seats_changed
        self.lobby.waiting = None
        self.open_table(client)

    def _table_note(self, text: str) -> None:
        """A notice from the table (the turn clock, a refusal) is shown at once, by the table
        screen when it is up: it counts what it has shown, so no notice is toasted twice."""
        screen = self.screen
        if isinstance(screen, TableScreen) and screen.client is self.client:
            screen.tell_notes()
        else:
            self.notify(text, title=_("Table"), severity="warning", timeout=8, markup=False)

    def _table_moved(self) -> None:
        """A state came while the table screen waits on the person here (the server's turn
        clock let the bot play their turn): the screen's turn loop takes it up again."""
        screen, client = self.screen, self.client
        if not isinstance(client, RemoteTable) or client.my_seat is None:
            return  # a spectator's screen follows the table by itself
        shown = client.view(client.my_seat)  # what the screen shows until it advances
        waits_on_me = shown.phase == PLAYING and shown.to_act == client.my_seat
        if isinstance(screen, TableScreen) and screen.client is client and not screen.busy and waits_on_me:
            screen.drive()

    def _seats_changed(self) -> None:
        """Someone at the table arrived, dropped or came back: the seats panel says so now,
        not at the next move (a tournament table's people arrive one by one)."""
        screen = self.screen
        if isinstance(screen, TableScreen) and screen.client is self.client:
            screen.redraw()  # draws the view shown now, with the new seats (also while waiting on a move)

    async def start(self) -> None:
        if self.pending is not None:
            await self._ask({"type": "start", "code": self.pending.code})

    async def leave(self) -> None:
        """Leave the table (or waiting room) and show the lobby."""
        self._leaving = True
        try:
            if self.client is not None:
                self.client.close()
                self.client = None
            self.session.left()
            while len(self.screen_stack) > 1 and self.screen is not self.lobby:
                await self.pop_screen()
            self.lobby.show_waiting(None)
            if self.conn is not None:
                self.session.listen()
                answer = await self._ask({"type": "leave"})
                if answer is not None:
                    listing = await self._ask({"type": "list"})
                    if isinstance(listing, A.Tables):
                        self.lobby.show_tables(listing.tables)
                    await self.evening.refresh()  # the next tournament round's seat, if any
            else:
                await self.connect()
        finally:
            self._leaving = False

    async def reconnect(self, code: str) -> None:
        """Take the seat (or the spectator's chair) back after the connection dropped."""
        try:
            answer = await self.session.take_back(code, self.prove_organizer)
        except ServerRefused as exc:
            self.notify(_("Could not take the seat back: {reason}").format(reason=exc), severity="warning", timeout=8,
                        markup=False)
            self.session.table_code = None
            await self.leave()
            return
        if answer is None:
            self.session.table_code = None
            self.lobby.say(lambda: _("The server did not come back. Press r to connect again."))
            await self.leave()
            return
        self.notify(_("Back at the table."), timeout=4)
        while len(self.screen_stack) > 1 and self.screen is not self.lobby:
            await self.pop_screen()
        if self.client is not None:
            self.client.close()
            self.client = None
        self._seated(answer)

    async def on_unmount(self) -> None:
        # Textual calls DominoesApp's on_unmount after this one by itself (a handler of
        # every class along the MRO): calling it here too wrote the settings twice
        await self.session.close()
