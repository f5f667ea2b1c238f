"""The table server behind `dominoes host`: one asyncio process, every table, the only authority.

Each table owns a `Match`; people send moves, the server checks each against the rules
and the seat, applies it and sends every client what its seat may see (spectators get
the public view). Bots (and stand-ins for people who dropped) think in worker threads.
Every table is written as a game log plus a small JSON file of its seats in the data
folder after every change, and read back when the server starts again.

The parts, each importing only those above it in this list: protocol.py (the messages),
limits.py (every limit), names.py (who a connection is), connection.py (one client),
bot_pool.py (where bots think), table_files.py, table_turns.py (a table's turn loop),
table.py (one table), table_keeping.py (tables across restarts), seating.py (making
tables, sitting, watching, leaving), opening.py (room for a connection, the hello and a
key's proof); this module holds the connections, the dispatch, the lobby and the
restart.

Nothing a client sends can crash the server: every message is handled inside a guard,
lines are limited in length, messages in rate, and a client that keeps sending nonsense
is disconnected. Every resource a client can make the server spend has a limit
(limits.py). See docs/PROTOCOL.md.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from pathlib import Path
from typing import Any

from ...engine import MATCH_OVER
from ...i18n import _
from ...i18n.os_words import os_words
from ...table.saves import home as saves_home
from ..evening.tournament_host import REQUESTS as TOURNAMENT_REQUESTS
from ..evening.tournament_host import TournamentHost
from ..gateways.vouch import gateway_key
from ..host.connection import Conn, Refused, close_now
from ..host.console import phase_words, tell
from ..host.guesses import Guesses, address_key
from ..host.limits import Limits, connection_room
from ..host.names import NameRegister
from ..host.pacing import Allowance
from ..host.storage import private_dir
from ..records.finished import Keeping
from ..records.records_service import RecordsRequestError, ServerRecords, handle_request
from ..tables.bot_pool import BotPool
from ..tables.table import Table
from ..tables.table_keeping import file_away, match_record, restored_tables
from ..wire import protocol as P
from ..wire import requests as R
from ..wire import says as S
from ..wire.requests import Malformed
from .handshake import FailureLog
from .malformed import before_fields, refusal
from .opening import Opening
from .quick_match import REQUESTS as QUICK_REQUESTS
from .quick_match import QuickMatch
from .seating import Seating
from .views import Views

log = logging.getLogger("dominoes_tui.net")

DEFAULT_GRACE = 300.0  # seconds a dropped person keeps the seat
DEFAULT_READY_TIMEOUT = 120.0  # seconds the table waits for people to read a round's summary
DEFAULT_BOT_DELAY = 0.7
ACCEPT_BACKLOG = 64
TOO_MANY_FROM_ADDRESS = S.TOO_MANY_FROM_ADDRESS
# what one address's connections share a work budget for (Limits.work_per_address): what
# builds or pushes something for others (a list, a board, a watch or leave pushed to a table)
WORK = {"list", "board", "watch", "leave", "records", *TOURNAMENT_REQUESTS, *QUICK_REQUESTS}


def data_home() -> Path:
    """Where the server keeps its tables, names and keys: the players' data folder's /server."""
    return saves_home() / "server"


class Server(Opening, Seating):
    def __init__(
        self,
        data_dir: Path | None = None,
        grace: float = DEFAULT_GRACE,
        bot_delay: float = DEFAULT_BOT_DELAY,
        ready_timeout: float = DEFAULT_READY_TIMEOUT,
        default_level: str = "medium",
        standin_delay: float = 5.0,
        limits: Limits | None = None,
        records_url: str | None = None,
        organizers: set[str] | None = None,
        keeping: Keeping | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.tables_dir = data_dir / "tables" if data_dir else None
        self.grace = grace
        self.bot_delay = bot_delay
        self.ready_timeout = ready_timeout
        self.default_level = default_level
        self.standin_delay = standin_delay
        self.limits = limits or Limits()
        self.names = NameRegister(data_dir / "names.json" if data_dir else None)
        self.wrong_codes = Guesses(free=self.limits.wrong_codes)
        self.failures = FailureLog()  # the log's lines about messages the server failed on
        self.gateway_key: bytes | None = None  # a gateway's vouch for its people is signed with it (vouch.py)
        self.bots = BotPool(self.limits.bot_workers, self.limits.bot_timeout, self.limits.bot_workers_per_address)
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self._closing: set[Conn] = set()  # given up on, socket not closed yet: still counted against the limits
        self.conn_room = self.limits.max_conns  # start() lowers it to fit the open-file limit
        self._server: asyncio.base_events.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self.port = 0
        self.closing = False
        self.work = Allowance(self.limits.work_burst, self.limits.work_per_address)  # per address (WORK)
        # The club records (net/records/records_service.py): beside the server's data folder, or a URL.
        self.records = (
            ServerRecords(data_dir.parent if data_dir is not None else saves_home(), records_url, keeping)
            if data_dir is not None or records_url else None
        )
        self.tournament_host = TournamentHost(self, organizers)  # the club evening (tournament_host.py)
        self.quick = QuickMatch(self)  # the quick-match queue (quick_match.py)
        # the lobby's list and the board, built once for everyone who asks (views.py)
        self.views = Views(self.tables, self.conns, self.quick.presence, self.tournament_host,
                           self.records.board_top if self.records is not None else None,
                           self.tournament_host.puzzle.board_part)

    # -- running ----------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        if self.data_dir is not None:
            private_dir(self.data_dir.parent)  # the data folder: records, unrecorded logs, the records key
            private_dir(self.data_dir)
            try:
                self.gateway_key = gateway_key(self.data_dir)
            except OSError as exc:  # gateways' members then share their gateway's address budget
                tell(log, _("Cannot keep the gateway key: {reason}").format(reason=os_words(exc)), logging.WARNING)
        self.tournament_host.load()  # before the tables, so one that finished meanwhile is counted
        self.load_tables()
        self.tournament_host.tables_back()
        if self.records is not None and self.data_dir is not None:
            self.records.catch_up(self.data_dir / "finished")  # matches filed but not recorded when the last run died
        self.conn_room = connection_room(self.limits)
        # backlog: also how many connections asyncio accepts at once before any is told the
        # server is full; kept well inside the files held in reserve (limits.py)
        self._server = await asyncio.start_server(self._handle, host, port, limit=P.MAX_LINE, backlog=ACCEPT_BACKLOG)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def serve_forever(self) -> None:
        assert self._server is not None
        async with self._server:
            await self._server.serve_forever()

    async def close(self) -> None:
        self.closing = True
        await self.tournament_host.puzzle_search.close()
        if self._server is not None:
            self._server.close()
        for c in list(self.conns):
            c.abort()
        for t in self.tables.values():
            t.close()
            if t.task:
                t.task.cancel()
        tasks = [t.task for t in self.tables.values() if t.task] + list(self._handlers)
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        if self.records is not None:
            await self.records.close()
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 5)
            except TimeoutError:
                pass
        self.bots.close()

    def _spawn(self, table: Table) -> None:
        table.task = asyncio.get_running_loop().create_task(table.run())

    # -- tables -----------------------------------------------------------------------------
    def new_code(self, private: bool = False) -> str:
        length = P.PRIVATE_CODE_LENGTH if private else P.CODE_LENGTH
        while True:
            code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(length))
            if code not in self.tables and not (self.tables_dir and (self.tables_dir / f"{code}.json").exists()):
                return code

    def lobby(self) -> list[dict[str, Any]]:
        return self.views.lobby()

    def lobby_changed(self) -> None:
        self.views.lobby_changed()  # told to everyone in the lobby, at most twice a second

    def file_finished(self, table: Table) -> None:
        """A match is over: its log and who played it go to finished/, its result to the records."""
        if self.records is not None and table.match is not None:
            self.records.table_over(table, self.tables_dir)  # filed (synced) in finished/, then recorded
        elif self.tables_dir is not None and table.match is not None:
            file_away(self.tables_dir, table)
        self.tournament_host.table_finished(table)
        self.lobby_changed()

    match_record = staticmethod(match_record)

    def load_tables(self) -> None:
        """Bring back every table the last run left (a restart loses no match)."""
        for table in restored_tables(self, self.tables_dir):
            if table.match is not None and table.match.phase == MATCH_OVER:
                self.file_finished(table)
                continue
            self.tables[table.code] = table
            self._spawn(table)
            tell(log, _("Table {code} is back ({phase})").format(code=table.code, phase=phase_words(table.phase)))

    # -- connections ------------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
        conn = Conn(reader, writer)
        peer = writer.get_extra_info("peername")
        # every per-address limit counts an IPv6 address by its /64, an IPv4-mapped one as IPv4
        conn.address = address_key(str(peer[0])) if isinstance(peer, tuple) and peer else "?"
        conn.max_unread = self.limits.max_unread
        why = self._no_room(conn.address, len(self.conns) + len(self._closing))
        if why is not None:
            conn.send({"type": "error", **S.said("reason", why), "fatal": True})
            await close_now(writer)
            self._handlers.discard(task)
            return
        self.conns.add(conn)
        try:
            await self._serve(conn)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception:  # noqa: BLE001 - told with its traceback (console.tell)
            tell(log, _("A connection failed in the server's own code"), logging.ERROR, trace=True)
        finally:
            self.conns.discard(conn)
            self._closing.add(conn)  # counted until its socket is closed, just below
            try:
                self.dropped(conn)
                for table in conn.created:  # made, never started, nobody sitting: gone with its maker
                    if table.creator_conn is conn:
                        self.creator_gone(table, conn)
                        if not self.closing and not table.started and not any(s.taken for s in table.slots):
                            self.remove(table)
                            self.lobby_changed()
            except Exception:  # noqa: BLE001 - told with its traceback (console.tell)
                tell(log, _("Cleaning up after a connection failed"), logging.ERROR, trace=True)
            conn.closed = True
            if not self.closing:
                self.quick.match_up()  # a searcher who left leaves the queue; the lobby's count changes
                self.quick.changed()
            await close_now(writer)
            self._closing.discard(conn)
            if task is not None:
                self._handlers.discard(task)

    async def _read_line(self, conn: Conn) -> bytes | None:
        """The next line, or None when the connection must end (closed, timed out, too long)."""
        # the handshake's seconds run from connecting, whatever lines come meanwhile
        wait = (self.limits.idle_timeout if conn.hello
                else max(0.0, conn.opened + self.limits.handshake_timeout - time.monotonic()))
        try:
            return await asyncio.wait_for(conn.reader.readline(), wait)
        except (ValueError, asyncio.LimitOverrunError):
            conn.send({"type": "error", **S.said("reason", S.LINE_TOO_LONG, limit=P.MAX_LINE), "fatal": True})
        except TimeoutError:
            what = S.NO_MESSAGE if conn.hello else S.NO_HELLO
            seconds = self.limits.idle_timeout if conn.hello else self.limits.handshake_timeout
            conn.send({"type": "error", **S.said("reason", what, seconds=f"{seconds:g}"), "fatal": True})
        return None

    async def _serve(self, conn: Conn) -> None:
        while not conn.closed:
            line = await self._read_line(conn)
            if not line:
                return
            if not conn.take_token():  # every line counts, blank ones too
                conn.send({"type": "error", **S.said("reason", S.TOO_MANY_MESSAGES), "fatal": True})
                return
            if not line.strip():
                continue
            msg_id = None
            try:
                request = P.read_request(line)  # typed and checked (wire/requests.py), or Malformed
                msg_id = request.id
                self.dispatch(conn, request)
            except (P.ProtocolError, Refused) as exc:
                kind = "refused" if isinstance(exc, Refused) else "error"
                reply: dict[str, Any] = {"type": kind, **S.fields_of(exc)}
                if msg_id is not None:
                    reply["id"] = msg_id
                if conn.mistake():
                    reply["fatal"] = True
                    conn.send(reply)
                    return
                conn.send(reply)
            except Exception as exc:  # noqa: BLE001 - any failure is the server's: one line of log, a counted error
                self.failures.note(conn.address, exc)
                failed = {"type": "error", **S.said("reason", S.SERVER_ERROR, kind=type(exc).__name__), "id": msg_id}
                if conn.mistake():  # a server error counts toward the close as a mistake does
                    conn.send({**failed, "fatal": True})
                    return
                conn.send(failed)
            try:
                await asyncio.wait_for(conn.writer.drain(), self.limits.send_timeout)
            except (TimeoutError, ConnectionError):
                return

    def dispatch(self, conn: Conn, request: R.AnyRequest | Malformed) -> None:
        msg_id = request.id
        kind = request.kind if isinstance(request, Malformed) else R.kind_of(request)

        def reply(msg: dict[str, Any]) -> None:
            if msg_id is not None:
                msg["id"] = msg_id
            conn.send(msg)

        if isinstance(request, Malformed) and request.field == "type":
            raise refusal(conn, request)  # an unknown type
        if isinstance(request, R.Ping):
            reply({"type": "pong"})
            return
        if not conn.hello:
            answer = self.opening(conn, request)  # the hello, and a key's prove (opening.py)
            if answer is not None:
                reply(answer)
            return
        if kind in ("hello", "prove"):
            raise P.ProtocolError(S.HELLO_TWICE)
        if kind in WORK and not self.work.take(conn.address):  # one budget for all of an address's connections
            raise Refused(S.ADDRESS_BUSY)
        if isinstance(request, Malformed):  # a field of the wrong type: its own refusal (malformed.py) ...
            unread = before_fields(self, conn, request)  # ... after what the server checks before the fields
            if unread is None:
                raise refusal(conn, request)
            request = unread
        match request:
            case R.ListTables():
                self.quick.listen(conn)
                conn.send_bytes(self.views.tables_message(msg_id))
            case R.Create():
                reply(self.create(conn, request))
            case R.Join():
                reply(self.join(conn, request))
            case R.Watch():
                reply(self.watch(conn, request))
            case R.Start():
                reply(self.start_table(conn, request))
            case R.Play():
                self._my_table(conn).play(conn, request)
            case R.Ready():
                self._my_table(conn).mark_ready(conn)
            case R.Records():
                try:
                    handle_request(self.records, conn, request, reply)
                except RecordsRequestError as exc:
                    raise P.ProtocolError(exc.phrase) from None
            case R.Board():
                if not conn.board:
                    conn.board = True
                    self.quick.changed()  # one fewer person online in the lobby's count
                conn.send_bytes(self.views.board_message(request.feature, msg_id))
            case R.Leave():
                self.dropped(conn)
                reply({"type": "left"})
                # back in the lobby: presence told while at a table was not sent to this person
                conn.send_bytes(self.views.tables_message())
            case R.QuickMatch() | R.QuickCancel():
                reply(self.quick.request(conn, request))
            case _:  # the evening's requests (tournament_host.py), answered now or with its next push
                self.tournament_host.request(conn, request)

    def _my_table(self, conn: Conn) -> Table:
        if conn.table is None or conn.table.code not in self.tables:
            raise Refused(S.NOT_AT_TABLE)
        return conn.table


async def serve(host: str, port: int, server: Server, ready: asyncio.Future[int] | None = None) -> None:
    real = await server.start(host, port)
    if ready is not None:
        ready.set_result(real)
    try:
        await server.serve_forever()
    finally:
        await server.close()
