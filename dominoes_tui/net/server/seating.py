"""Making tables, sitting down, watching and leaving: the server's requests that change
who is where. Every field a client sends arrives checked for its exact type (a `true`
is not a seat number, a token is a string or nothing: net/wire/requests.py); here the
values are checked against the tables, the rules and the limits, and every table a
client makes counts against its connection's and its address's limits.

`Seating` is half of the server (server.py holds the connections and the dispatch);
it is a mixin so each half stays small, and it imports only what lies below it.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from pathlib import Path
from typing import Any

from msgspec import UnsetType

from ...bots import level_names
from ...engine import MATCH_OVER, ConfigError, make_config
from ...i18n import _
from ...table.titles import variant_title
from ..host.connection import Conn, Refused
from ..host.console import tell
from ..host.guesses import Guesses
from ..host.limits import Limits
from ..records.records_service import ServerRecords
from ..tables.bot_pool import BotPool
from ..tables.table import Slot, Table
from ..tables.table_seats import seat_of_token
from ..wire import protocol as P
from ..wire import says as S
from ..wire.requests import Create, Join, SeatWish, Start, Watch

log = logging.getLogger("dominoes_tui.net")


class Seating:
    tables: dict[str, Table]
    tables_dir: Path | None
    limits: Limits
    bot_delay: float
    default_level: str
    grace: float
    closing: bool
    wrong_codes: Guesses  # table codes that named no table, per address
    records: ServerRecords | None
    ready_timeout: float
    standin_delay: float
    bots: BotPool

    def new_code(self, private: bool = False) -> str:  # server.py
        raise NotImplementedError

    def lobby_changed(self) -> None: ...  # server.py
    def file_finished(self, table: Table) -> None: ...  # server.py
    def _spawn(self, table: Table) -> None: ...  # server.py

    def may_guess(self, address: str) -> None:
        """Refused while `address` waits after too many wrong table codes (its code unread)."""
        wait = self.wrong_codes.wait(address)
        if wait:
            raise Refused(S.WRONG_CODES, seconds=max(1, round(wait)))

    def _find(self, code: str | None, address: str, token: str | None = None) -> Table:
        """The open table `code` names. A code that names none is a wrong guess
        for `address` (guesses.py): a private table's code is its only lock. A code
        given with a token of one of its seats is no guess: the wait after wrong codes
        does not apply to it (others at the same address, a NAT, cannot keep a person
        from their seat), nor is a finished table's code counted as wrong then."""
        if code is None:
            self.may_guess(address)
            raise Refused(S.WHICH_TABLE)
        code = "".join(code.split()).replace("-", "").upper()[: P.PRIVATE_CODE_LENGTH]
        table = self.tables.get(code)
        holder = table is not None and seat_of_token(table.slots, token) is not None
        if not holder:
            self.may_guess(address)
        if table is None or table.phase == MATCH_OVER:
            if not holder:  # never forgotten on a right code: the lobby lists codes anyone may give
                self.wrong_codes.wrong(address)
            raise Refused(S.NO_SUCH_TABLE, code=repr(code))
        return table

    def _running_made_by(self, address: str) -> int:
        return sum(1 for t in self.tables.values() if t.made_by == address and t.phase != MATCH_OVER)

    def may_create(self, conn: Conn) -> None:
        """Refused unless the connection may make one more table now (checked before its fields)."""
        lim = self.limits
        if conn.table is not None:
            raise Refused(S.LEAVE_FIRST)
        conn.created = [t for t in conn.created if t.code in self.tables and t.phase != MATCH_OVER]
        if len(conn.created) >= lim.tables_per_conn:
            raise Refused(S.TABLES_PER_CONN, count=len(conn.created), limit=lim.tables_per_conn)
        if self._running_made_by(conn.address) >= lim.tables_per_address:
            raise Refused(S.TABLES_PER_ADDRESS, limit=lim.tables_per_address)
        if len(self.tables) >= lim.max_tables:
            raise Refused(S.SERVER_TABLES_FULL)
        if self.records is not None and self.records.over_budget(conn.address):  # disk use per address
            raise Refused(S.DISK_SHARE)

    def create(self, conn: Conn, wish: Create) -> dict[str, Any]:
        lim = self.limits
        self.may_create(conn)
        try:  # the engine's own checks, docs/RULES.md §4 bounds included: one set of rules everywhere
            config = make_config(wish.variant, wish.players, wish.target, dict(wish.options or {}))
        except (ConfigError, ValueError, TypeError) as exc:
            raise Refused.again(exc) from None
        slots = self._slots(wish.seats, config.players)
        seed = wish.seed
        if seed is not None and not lim.practice:
            raise Refused(S.NO_SEEDS)
        delay = self.bot_delay if isinstance(wish.bot_delay, UnsetType) else wish.bot_delay
        sit = wish.sit
        table = Table(self, self.new_code(wish.private), config, slots, seed, float(delay))
        table.made_by = conn.address
        made = (_("{name} makes table {code}: {variant}, {players} players, a seeded practice table") if table.practice
                else _("{name} makes table {code}: {variant}, {players} players"))
        tell(log, made.format(name=conn.name, code=table.code, variant=variant_title(config.variant), players=config.players))
        table.creator_conn = conn
        conn.created.append(table)
        self.tables[table.code] = table
        self._spawn(table)
        answer: dict[str, Any] = {"type": "created", "code": table.code, "table": table.info()}
        if sit is not None and any(s.kind == "human" for s in slots):
            joined = self.join(conn, Join(code=table.code, seat=None if sit == -1 else sit), creator=True)
            answer.update({k: v for k, v in joined.items() if k != "type"})
        table.save_meta()
        self.lobby_changed()
        if not any(s.kind == "human" for s in slots) and wish.start:
            table.start()
        return answer

    def _slots(self, seats: list[SeatWish] | None, players: int) -> list[Slot]:
        if seats is None:
            seats = [SeatWish("human")] * players
        if len(seats) != players:
            raise Refused(S.GIVE_SEATS, players=players)
        slots: list[Slot] = []
        for i, s in enumerate(seats):
            if s.kind == "bot":
                level = s.level or self.default_level
                if level not in level_names():  # never "cmd:": no client starts programs here
                    raise Refused(S.SEAT_LEVEL, seat=i, levels=", ".join(level_names()))
                slots.append(Slot(P.clean_name(s.name, f"Bot {i + 1}"), "bot", level))
            else:
                slots.append(Slot(f"Seat {i + 1}", "human"))
        return slots

    def join(self, conn: Conn, wish: Join, creator: bool = False) -> dict[str, Any]:
        token, seat = wish.token, wish.seat
        table = self.tables[wish.code] if creator else self._find(wish.code, conn.address, token)  # its maker needs no code
        if conn.table is not None and conn.table is not table:
            raise Refused(S.LEAVE_FIRST)
        if token:
            i = seat_of_token(table.slots, token)
            if i is None:
                raise Refused(S.TOKEN_NO_SEAT)
            slot = table.slots[i]
            if slot.left_at is not None and slot.conn is None and time.time() - slot.left_at > self.grace:
                raise Refused(S.AWAY_TOO_LONG)
            if slot.conn is not None and slot.conn is not conn:
                old = slot.conn
                old.send({"type": "error", **S.said("reason", S.SEAT_TAKEN_BACK), "fatal": True})
                old.table, old.seat = None, None
                old.abort()
            return self._seat(conn, table, i, rejoin=True)
        if table.started:
            raise Refused(S.STARTED_WATCH)
        free = table.free_seats()
        if seat is None:
            if not free:
                raise Refused(S.NO_FREE_SEAT)
            seat = free[0]
        if seat not in free:
            raise Refused(S.SEAT_NOT_FREE, seat=seat, free=str(free))
        slot = table.slots[seat]
        slot.token = secrets.token_urlsafe(18)
        # the seat's name is who the connection is (names.py), never a name the join message gives
        slot.name = self._unique_name(table, conn.name, seat)
        slot.identity = conn.identity.key
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
        # "~N" as the server's own guest names: a person called "Bot 1" beside the bot
        # "Bot 1" was seated as "Bot 12", which reads as another bot
        n = 2
        while f"{name[: P.MAX_NAME - len(str(n)) - 1]}~{n}" in taken:
            n += 1
        return f"{name[: P.MAX_NAME - len(str(n)) - 1]}~{n}"

    def _seat(self, conn: Conn, table: Table, seat: int, rejoin: bool) -> dict[str, Any]:
        if conn.table is not None:
            self.dropped(conn)
        slot = table.slots[seat]
        back = rejoin and slot.address is not None  # a tournament's seat is taken by its token the first time too
        slot.conn, slot.left_at, slot.address = conn, None, conn.address
        conn.table, conn.seat = table, seat
        sits = _("{name} is back in seat {seat} at table {code}") if back else _("{name} takes seat {seat} at table {code}")
        tell(log, sits.format(name=slot.name, seat=seat + 1, code=table.code))
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

    def start_table(self, conn: Conn, wish: Start) -> dict[str, Any]:
        table = conn.table if conn.table is not None else self._find(wish.code, conn.address)
        slot_creator = conn.seat is not None and table.slots[conn.seat].creator
        if conn is not table.creator_conn and not slot_creator:
            raise Refused(S.ONLY_CREATOR_STARTS)
        table.start()
        return {"type": "started", "code": table.code}

    def watch(self, conn: Conn, wish: Watch) -> dict[str, Any]:
        table = self._find(wish.code, conn.address)
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
                if table.phase == MATCH_OVER:  # nothing is left to play: no bot stands in
                    tell(log, _("{name} left table {code} after its match ended").format(name=slot.name, code=table.code))
                elif table.started:
                    slot.left_at = time.time()
                    tell(log, _("{name} left table {code}; a bot plays seat {seat} until they are back").format(
                        name=slot.name, code=table.code, seat=(conn.seat or 0) + 1))
                else:  # before the start, leaving frees the seat
                    slot.token, slot.name, slot.creator, slot.identity = None, f"Seat {conn.seat + 1}", False, None
                    table.save_meta()
            conn.seat = None
        self.creator_gone(table, conn)
        if table.code in self.tables:
            if not table.started and not any(s.taken for s in table.slots) and table.creator_conn is None:
                self.remove(table)  # nobody is left at a table that never started
            elif table.phase == MATCH_OVER and not table.conns():
                self.remove(table)
            else:
                table.wake.set()
                table.broadcast_table()
        self.lobby_changed()

    @staticmethod
    def creator_gone(table: Table, conn: Conn) -> None:
        if table.creator_conn is conn:
            table.creator_conn = None
            table.creator_left_at = time.monotonic()
            table.wake.set()  # its waiting clock starts

    def close_waiting(self, table: Table) -> None:
        """A table that never started and whose creator has gone: everyone back to the lobby."""
        for c in table.conns():
            c.table, c.seat = None, None
        self.remove(table)
        self.lobby_changed()

    def remove(self, table: Table) -> None:
        self.tables.pop(table.code, None)
        table.close()
        if table.task and table.task is not asyncio.current_task():
            table.task.cancel()
        if self.tables_dir is not None and not table.started:
            (self.tables_dir / f"{table.code}.json").unlink(missing_ok=True)
