"""The table server behind `dominoes host`: one asyncio process, every table, the only authority.

Each table owns a `Match`; people send moves, the server checks each against the rules
and the seat, applies it and sends every client what its seat may see (spectators get
the public view). Bots (and stand-ins for people who dropped) think in worker threads.
Every table is written as a game log plus a small JSON file of its seats in the data
folder after every change, and read back when the server starts again.

The parts: connection.py (one client), table.py (one table, its turn loop and files),
protocol.py (the messages); this module holds the tables, the lobby and the seating.

Nothing a client sends can crash the server: every message is handled inside a guard,
lines are limited in length, messages in rate, and a client that keeps sending nonsense
is disconnected. See docs/PROTOCOL.md.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import secrets
import time
from pathlib import Path
from typing import Any

from ..bots import level_names
from ..engine import MATCH_OVER, NEW, ConfigError, LogError, load_match, make_config, write_log
from . import protocol as P
from .board_feed import board
from .connection import Conn, Refused
from .table import Slot, Table
from .quick_match import REQUESTS as QUICK_REQUESTS
from .quick_match import QuickMatch
from .tournament_host import REQUESTS as TOURNAMENT_REQUESTS
from .tournament_host import TournamentHost

log = logging.getLogger("dominoes_tui.net")

DEFAULT_GRACE = 300.0  # seconds a dropped person keeps the seat
DEFAULT_READY_TIMEOUT = 120.0  # seconds the table waits for people to read a round's summary
DEFAULT_BOT_DELAY = 0.7
MAX_WAITING_PER_CLIENT = 5  # tables one client may have made that have not started


def data_home() -> Path:
    """Where the server keeps its tables and host key: as table/saves.py, plus /server."""
    if os.environ.get("DOMINOES_TUI_HOME"):
        base = Path(os.environ["DOMINOES_TUI_HOME"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "dominoes_tui"
    return base / "server"


class Server:
    def __init__(
        self,
        data_dir: Path | None = None,
        grace: float = DEFAULT_GRACE,
        bot_delay: float = DEFAULT_BOT_DELAY,
        ready_timeout: float = DEFAULT_READY_TIMEOUT,
        default_level: str = "medium",
        standin_delay: float = 5.0,
        max_tables: int = 500,
        max_conns: int = 1000,
        organizers: set[str] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.tables_dir = data_dir / "tables" if data_dir else None
        self.grace = grace
        self.bot_delay = bot_delay
        self.ready_timeout = ready_timeout
        self.default_level = default_level
        self.standin_delay = standin_delay
        self.max_tables = max_tables
        self.max_conns = max_conns
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self._server: asyncio.base_events.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self.port = 0
        self.closing = False
        self._lobby_pending = False
        self.tournament_host = TournamentHost(self, organizers)  # the club evening (tournament_host.py)
        self.quick = QuickMatch(self)  # the quick-match queue (quick_match.py)

    # -- running ----------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.tournament_host.load()  # before the tables, so one that finished meanwhile is counted
        self.load_tables()
        self._server = await asyncio.start_server(self._handle, host, port, limit=P.MAX_LINE)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def serve_forever(self) -> None:
        assert self._server is not None
        async with self._server:
            await self._server.serve_forever()

    async def close(self) -> None:
        self.closing = True
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
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 5)
            except asyncio.TimeoutError:
                pass

    def _spawn(self, table: Table) -> None:
        table.task = asyncio.get_running_loop().create_task(table.run())

    # -- tables -----------------------------------------------------------------------------
    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))
            if code not in self.tables and not (self.tables_dir and (self.tables_dir / f"{code}.json").exists()):
                return code

    def lobby(self) -> list[dict[str, Any]]:
        return [t.info() for t in self.tables.values() if t.phase != MATCH_OVER]

    def lobby_changed(self) -> None:
        """Tell everyone in the lobby, at most ten times a second (a busy server opens
        many tables at once, and every lobby client gets the whole list)."""
        if self._lobby_pending:
            return
        self._lobby_pending = True
        try:
            asyncio.get_running_loop().call_later(0.1, self._send_lobby)
        except RuntimeError:  # no loop (a table filed while loading)
            self._lobby_pending = False

    def _send_lobby(self) -> None:
        self._lobby_pending = False
        data = P.encode({"type": "tables", "tables": self.lobby()})
        for c in list(self.conns):
            if c.hello and c.table is None:
                c.send_bytes(data)

    def file_finished(self, table: Table) -> None:
        if self.tables_dir is not None and table.match is not None:
            try:
                done = self.tables_dir.parent / "finished"
                done.mkdir(parents=True, exist_ok=True)
                write_log(done / f"{table.code}-{int(time.time())}.jsonl", table.match.events)
                (self.tables_dir / f"{table.code}.jsonl").unlink(missing_ok=True)
                (self.tables_dir / f"{table.code}.json").unlink(missing_ok=True)
            except OSError as exc:
                log.warning("cannot file table %s: %s", table.code, exc)
        self.tournament_host.table_finished(table)
        self.lobby_changed()

    def load_tables(self) -> None:
        """Bring back every table the last run left (a restart loses no match)."""
        d = self.tables_dir
        if d is None or not d.is_dir():
            return
        for meta_path in sorted(d.glob("*.json")):
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                config = make_config(meta["variant"], meta["players"], options=meta["options"])
                slots = [Slot(s["name"], s["kind"], s.get("level"), s.get("token"), None, None, bool(s.get("creator"))) for s in meta["slots"]]
                table = Table(self, meta["code"], config, slots, int(meta["seed"]), float(meta["bot_delay"]))
                log_path = d / f"{table.code}.jsonl"
                if not meta.get("started") and not any(s.taken for s in slots):
                    meta_path.unlink(missing_ok=True)  # made, never sat at: nobody will miss it
                    continue
                if meta.get("started") and log_path.exists():
                    table.match = load_match(log_path, torn_tail_ok=True)  # a crash mid-append
                    if table.match.phase == MATCH_OVER:
                        self.file_finished(table)
                        continue
                    table._make_bots()
                    now = time.time()
                    for s in slots:
                        if s.kind == "human":
                            s.left_at = now
                    if table.match.phase == NEW:
                        table.match.begin_round()
                        table.save()
                self.tables[table.code] = table
                self._spawn(table)
                log.info("table %s is back (%s)", table.code, table.phase)
            except (OSError, ValueError, KeyError, TypeError, LogError, ConfigError) as exc:
                self._set_aside(meta_path, exc)

    def _set_aside(self, meta_path: Path, exc: Exception) -> None:
        """A table that cannot be read back is moved to broken/, never overwritten or lost."""
        broken = meta_path.parent.parent / "broken"
        log.warning("cannot bring back %s (%s); it is kept in %s", meta_path.name, exc, broken)
        try:
            broken.mkdir(parents=True, exist_ok=True)
            for path in (meta_path, meta_path.with_suffix(".jsonl")):
                if path.exists():
                    path.replace(broken / f"{path.stem}-{int(time.time())}{path.suffix}")
        except OSError as move_exc:
            log.warning("cannot move %s aside: %s", meta_path.name, move_exc)

    # -- connections ------------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
        conn = Conn(reader, writer)
        if len(self.conns) >= self.max_conns:
            conn.send({"type": "error", "reason": "the server is full", "fatal": True})
            await self._close_writer(writer)
            return
        self.conns.add(conn)
        try:
            await self._serve(conn)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception:  # noqa: BLE001
            log.exception("connection handler failed")
        finally:
            self.conns.discard(conn)
            try:
                self.dropped(conn)
                for table in conn.created:  # made, never started, nobody sitting: gone with its maker
                    if table.creator_conn is conn:
                        table.creator_conn = None
                        if not self.closing and not table.started and not any(s.taken for s in table.slots):
                            self.remove(table)
                            self.lobby_changed()
            except Exception:  # noqa: BLE001
                log.exception("cleaning up a connection failed")
            conn.closed = True
            if not self.closing:
                self.quick.match_up()  # a searcher who left leaves the queue; the lobby's count changes
                self.quick.changed()
            await self._close_writer(writer)
            if task is not None:
                self._handlers.discard(task)

    @staticmethod
    async def _close_writer(writer: asyncio.StreamWriter) -> None:
        try:
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), 2)
        except Exception:  # noqa: BLE001
            pass

    async def _serve(self, conn: Conn) -> None:
        while not conn.closed:
            try:
                line = await conn.reader.readline()
            except (ValueError, asyncio.LimitOverrunError):
                conn.send({"type": "error", "reason": f"line too long (at most {P.MAX_LINE} bytes)", "fatal": True})
                return
            if not line:
                return
            if not line.strip():
                continue
            if not conn.take_token():
                conn.send({"type": "error", "reason": "too many messages; slow down", "fatal": True})
                return
            msg_id = None
            try:
                data = P.decode(line)
                msg_id = data.get("id")
                if not isinstance(msg_id, (int, str, type(None))) or (isinstance(msg_id, str) and len(msg_id) > 64):
                    msg_id = None
                    raise P.ProtocolError("\"id\" must be a short string or a number")
                self.dispatch(conn, data, msg_id)
            except (P.ProtocolError, Refused) as exc:
                conn.errors += 1
                kind = "refused" if isinstance(exc, Refused) else "error"
                reply: dict[str, Any] = {"type": kind, "reason": str(exc)}
                if msg_id is not None:
                    reply["id"] = msg_id
                if conn.errors > P.MAX_ERRORS:
                    reply["fatal"] = True
                    conn.send(reply)
                    return
                conn.send(reply)
            except Exception as exc:  # noqa: BLE001 - a bug here must not take the server down
                log.exception("handling %r failed", line[:200])
                conn.send({"type": "error", "reason": f"server error: {type(exc).__name__}", "id": msg_id})
            try:
                await asyncio.wait_for(conn.writer.drain(), 10)
            except (asyncio.TimeoutError, ConnectionError):
                return

    def dispatch(self, conn: Conn, data: dict[str, Any], msg_id: Any) -> None:
        kind = data["type"]

        def reply(msg: dict[str, Any]) -> None:
            if msg_id is not None:
                msg["id"] = msg_id
            conn.send(msg)

        if kind not in P.CLIENT_TYPES and kind not in TOURNAMENT_REQUESTS and kind not in QUICK_REQUESTS and kind != "board":
            raise P.ProtocolError(f"unknown message type {kind!r}")
        if kind == "ping":
            reply({"type": "pong"})
            return
        if not conn.hello:
            if kind != "hello":
                raise P.ProtocolError("say hello first")
            version = data.get("protocol")
            if version != P.PROTOCOL_VERSION:
                conn.send({"type": "error", "reason": f"this server speaks protocol {P.PROTOCOL_VERSION}, not {version!r}", "fatal": True})
                conn.closed = True
                return
            conn.name = P.clean_name(data.get("name"))
            conn.hello = True
            reply({"type": "welcome", "protocol": P.PROTOCOL_VERSION, "name": conn.name})
            self.quick.changed()  # one more online
            return
        if kind == "hello":
            raise P.ProtocolError("hello was said already")
        if kind == "list":
            reply({"type": "tables", "tables": self.lobby(), **self.quick.presence()})
        elif kind == "create":
            reply(self.create(conn, data))
        elif kind == "join":
            reply(self.join(conn, data))
        elif kind == "watch":
            reply(self.watch(conn, data))
        elif kind == "start":
            table = conn.table if conn.table is not None else self._find(data)
            slot_creator = conn.seat is not None and table.slots[conn.seat].creator
            if conn is not table.creator_conn and not slot_creator:
                raise Refused("only the person who made the table can start it")
            table.start()
            reply({"type": "started", "code": table.code})
        elif kind == "play":
            self._my_table(conn).play(conn, data)
        elif kind == "ready":
            self._my_table(conn).mark_ready(conn)
        elif kind in TOURNAMENT_REQUESTS:
            reply(self.tournament_host.request(conn, kind, data))
        elif kind in QUICK_REQUESTS:
            reply(self.quick.request(conn, kind, data))
        elif kind == "board":
            reply(board(self.tables, self.tournament_host, data.get("feature")))
        elif kind == "leave":
            self.dropped(conn)
            reply({"type": "left"})
            conn.send({"type": "tables", "tables": self.lobby()})

    def _my_table(self, conn: Conn) -> Table:
        if conn.table is None or conn.table.code not in self.tables:
            raise Refused("you are not at a table")
        return conn.table

    def _find(self, data: dict[str, Any]) -> Table:
        code = data.get("code")
        if not isinstance(code, str):
            raise Refused("which table? give its \"code\"")
        table = self.tables.get(code.strip().upper())
        if table is None or table.phase == MATCH_OVER:
            raise Refused(f"no open table {code.strip().upper()[:8]!r}")
        return table

    def create(self, conn: Conn, data: dict[str, Any]) -> dict[str, Any]:
        if conn.table is not None:
            raise Refused("leave your table first")
        conn.created = [t for t in conn.created if t.code in self.tables and not t.started]
        if len(conn.created) >= MAX_WAITING_PER_CLIENT:
            raise Refused(f"you have {len(conn.created)} tables waiting to start; start or leave one first")
        if len(self.tables) >= self.max_tables:
            raise Refused("the server holds as many tables as it can")
        variant = data.get("variant", "draw")
        players = data.get("players")
        target = data.get("target")
        options = data.get("options") or {}
        if not isinstance(variant, str) or not isinstance(options, dict):
            raise Refused("bad variant or options")
        if players is not None and not isinstance(players, int):
            raise Refused("players is a number")
        if target is not None and not isinstance(target, int):
            raise Refused("target is a number")
        try:
            config = make_config(variant, players, target, options)
        except (ConfigError, ValueError, TypeError) as exc:
            raise Refused(str(exc)) from None
        seats = data.get("seats")
        if seats is None:
            seats = [{"kind": "human"}] * config.players
        if not isinstance(seats, list) or len(seats) != config.players:
            raise Refused(f"give {config.players} seats")
        slots: list[Slot] = []
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise Refused(f"seat {i}: kind is \"human\" or \"bot\"")
            if s["kind"] == "bot":
                level = s.get("level") or self.default_level
                if level not in level_names():  # never "cmd:": no client may start programs here
                    raise Refused(f"seat {i}: unknown bot level {level!r}; allowed: {', '.join(level_names())}")
                slots.append(Slot(P.clean_name(s.get("name"), f"Bot {i + 1}"), "bot", level))
            else:
                slots.append(Slot(f"Seat {i + 1}", "human"))
        seed = data.get("seed")
        if not isinstance(seed, int):
            seed = random.SystemRandom().randrange(2**31)
        delay = data.get("bot_delay", self.bot_delay)
        if not isinstance(delay, (int, float)) or not 0 <= delay <= 5:
            raise Refused("bot_delay is between 0 and 5 seconds")
        table = Table(self, self.new_code(), config, slots, seed, float(delay))
        log.info("table %s made by %s: %s, %d players", table.code, conn.name, config.variant, config.players)
        table.creator_conn = conn
        conn.created.append(table)
        self.tables[table.code] = table
        self._spawn(table)
        sit = data.get("sit", -1)
        answer: dict[str, Any] = {"type": "created", "code": table.code, "table": table.info()}
        if sit is not None and any(s.kind == "human" for s in slots):
            joined = self.join(conn, {"code": table.code, "seat": None if sit == -1 else sit}, creator=True)
            answer.update({k: v for k, v in joined.items() if k != "type"})
        table.save_meta()
        self.lobby_changed()
        if not any(s.kind == "human" for s in slots) and data.get("start"):
            table.start()
        return answer

    def join(self, conn: Conn, data: dict[str, Any], creator: bool = False) -> dict[str, Any]:
        table = self._find(data)
        token = data.get("token")
        if conn.table is not None and conn.table is not table:
            raise Refused("leave your table first")
        if isinstance(token, str) and token:
            for i, slot in enumerate(table.slots):
                if slot.token is not None and secrets.compare_digest(slot.token, token):
                    if slot.left_at is not None and slot.conn is None and time.time() - slot.left_at > self.grace:
                        raise Refused("you were away too long; a bot has your seat now")
                    if slot.conn is not None and slot.conn is not conn:
                        old = slot.conn
                        old.send({"type": "error", "reason": "your seat was taken back from another connection", "fatal": True})
                        old.table, old.seat = None, None
                        old.abort()
                    return self._seat(conn, table, i, rejoin=True)
            raise Refused("that token opens no seat at this table")
        if table.started:
            raise Refused("the table has started; you can watch it")
        seat = data.get("seat")
        free = table.free_seats()
        if seat is None:
            if not free:
                raise Refused("no free seat at this table; you can watch it")
            seat = free[0]
        if not isinstance(seat, int) or seat not in free:
            raise Refused(f"seat {seat!r} is not free; free seats: {free}")
        slot = table.slots[seat]
        slot.token = secrets.token_urlsafe(18)
        slot.name = self._unique_name(table, P.clean_name(data.get("name"), conn.name), seat)
        slot.creator = creator
        answer = self._seat(conn, table, seat, rejoin=False)
        table.save_meta()
        if not table.free_seats():
            table.start()
            answer["table"] = table.info()
            answer["state"] = table.state_for(seat)
            answer["rounds"] = []
        return answer

    @staticmethod
    def _unique_name(table: Table, name: str, seat: int) -> str:
        taken = {s.name for i, s in enumerate(table.slots) if i != seat}
        if name not in taken:
            return name
        n = 2
        while f"{name[: P.MAX_NAME - 2]}{n}" in taken:
            n += 1
        return f"{name[: P.MAX_NAME - 2]}{n}"

    def _seat(self, conn: Conn, table: Table, seat: int, rejoin: bool) -> dict[str, Any]:
        if conn.table is not None:
            self.dropped(conn)
        slot = table.slots[seat]
        slot.conn, slot.left_at = conn, None
        conn.table, conn.seat = table, seat
        log.info("%s %s seat %d at table %s", slot.name, "is back in" if rejoin else "takes", seat + 1, table.code)
        table.wake.set()  # a person back at their seat takes their next turn
        answer: dict[str, Any] = {
            "type": "joined", "code": table.code, "seat": seat, "token": slot.token, "rejoin": rejoin,
            "creator": slot.creator, "table": table.info(),
        }
        if table.match is not None:
            answer["state"] = table.state_for(seat)
            answer["rounds"] = table.rounds_json()
        table.broadcast_table()
        self.lobby_changed()
        return answer

    def watch(self, conn: Conn, data: dict[str, Any]) -> dict[str, Any]:
        table = self._find(data)
        if conn.table is not None:
            self.dropped(conn)
        table.spectators.add(conn)
        conn.table, conn.seat = table, None
        answer: dict[str, Any] = {"type": "watching", "code": table.code, "table": table.info()}
        if table.match is not None:
            answer["state"] = table.state_for(None)
            answer["rounds"] = table.rounds_json()
        table.broadcast_table()
        return answer

    def dropped(self, conn: Conn) -> None:
        """A client left its table or lost its connection: a bot stands in for a player."""
        table = conn.table
        if table is None or self.closing:
            return
        conn.table = None
        table.spectators.discard(conn)
        if conn.seat is not None:
            slot = table.slots[conn.seat]
            if slot.conn is conn:
                slot.conn = None
                if table.started:
                    slot.left_at = time.time()
                    log.info("%s left table %s; a bot plays seat %d until they are back", slot.name, table.code, conn.seat + 1)
                else:  # before the start, leaving frees the seat
                    slot.token, slot.name, slot.creator = None, f"Seat {conn.seat + 1}", False
                    table.save_meta()
            conn.seat = None
        if table.creator_conn is conn:
            table.creator_conn = None
        if table.code in self.tables:
            if not table.started and not any(s.taken for s in table.slots) and table.creator_conn is None:
                self.remove(table)  # nobody is left at a table that never started
            elif table.phase == MATCH_OVER and not table.conns():
                self.remove(table)
            else:
                table.wake.set()
                table.broadcast_table()
        self.lobby_changed()

    def remove(self, table: Table) -> None:
        self.tables.pop(table.code, None)
        table.close()
        if table.task and table.task is not asyncio.current_task():
            table.task.cancel()
        if self.tables_dir is not None and not table.started:
            (self.tables_dir / f"{table.code}.json").unlink(missing_ok=True)


async def serve(host: str, port: int, server: Server, ready: "asyncio.Future[int] | None" = None) -> None:
    real = await server.start(host, port)
    if ready is not None:
        ready.set_result(real)
    try:
        await server.serve_forever()
    finally:
        await server.close()
