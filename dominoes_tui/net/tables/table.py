"""One hosted table: its seats, its match, what each client is told, and the files that
bring it back after a restart; its turn loop, which lets bots and stand-ins play, is
table_turns.py."""
from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from pathlib import Path
from typing import Any, Protocol

from msgspec import UnsetType

from ...engine import (
    MATCH_OVER,
    PLAYING,
    ROUND_OVER,
    VARIANTS,
    IllegalMove,
    Match,
    Move,
    Seat,
    TableConfig,
    parse_tile,
    phrase_of,
    view_for,
)
from ...engine.view import public_view
from ...i18n import _
from ...i18n.os_words import os_words
from ...table.local import report_from
from ..host.connection import Conn, Refused
from ..host.console import scores_words, seat_kind, tell
from ..host.pacing import Coalesced
from ..wire import protocol as P
from ..wire import says as S
from ..wire.requests import Play
from .table_files import TornLog, append_log, tables_folder, write_meta, write_whole_log
from .table_seats import Slot
from .table_turns import TurnHost, TurnLoop


class TableHost(TurnHost, Protocol):
    """What a table asks of the server that holds it (net/server/server.py, which imports this
    module: hence a protocol, not an import)."""

    tables_dir: Path | None

    def lobby_changed(self) -> None: ...
    def file_finished(self, table: Table) -> None: ...
    def remove(self, table: Table) -> None: ...


log = logging.getLogger("dominoes_tui.net")

TABLE_PUSH_EVERY = 0.25  # seconds between `table` pushes (who sits, who watches), at most


class Table(TurnLoop):
    server: TableHost  # more than its turn loop asks (TurnHost)

    def __init__(
        self, server: TableHost, code: str, config: TableConfig, slots: list[Slot], seed: int | None, bot_delay: float,
        bot_seed: str | None = None,
    ) -> None:
        """`seed` None: a secret deal from the operating system's random source (every
        hosted table but a practice one); an int: a seeded practice table."""
        self.server = server
        self.code = code
        self.config = config
        self.slots = slots
        self.seed = seed
        self.bot_delay = bot_delay
        self.bot_seed = bot_seed or secrets.token_hex(16)  # the bots' own randomness; never sent
        self.match: Match | None = None
        self.made_by: str | None = None  # the address whose connection made the table
        self.creator_left_at: float | None = None  # monotonic time the creator's connection went
        self.turn_since = time.monotonic()  # when the seat to act got the turn (the turn clock)
        self.own_clock: float | None = None  # a turn clock of this table's own (a quick match's), else the server's
        self.spectators: set[Conn] = set()
        self.creator_conn: Conn | None = None
        self.ready: set[int] = set()
        self.round_over_at: float | None = None
        self.wake = asyncio.Event()
        self.seq = 0
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        self._saved = 0  # events already in the log file
        self._unsaved_since: float | None = None  # when saving began to fail (a full disk); None: it works
        # who sits and watches, pushed at most every TABLE_PUSH_EVERY s: a storm of watch
        # and leave costs the seated players one push a period, not one per change
        self._seats_push = Coalesced(TABLE_PUSH_EVERY, self._send_table)

    # -- reading -----------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def practice(self) -> bool:
        return self.seed is not None

    @property
    def private(self) -> bool:
        """Unlisted, reached only by its long code (the invite); the code's length says so,
        so a restarted server knows it without a field of its own."""
        return len(self.code) == P.PRIVATE_CODE_LENGTH

    def identities(self) -> list[str | None]:
        """Who played each seat, for the records of rated play: names.Identity.key of the
        person who sat there, None for a guest or a bot. A seat a bot finished for its
        person (they left, the round clock ran out) is still theirs: the result counts."""
        return [s.identity for s in self.slots]

    @property
    def phase(self) -> str:
        return self.match.phase if self.match else "waiting"

    def free_seats(self) -> list[int]:
        if self.started:
            return []
        return [i for i, s in enumerate(self.slots) if s.kind == "human" and not s.taken]

    def conns(self) -> list[Conn]:
        return [s.conn for s in self.slots if s.conn is not None] + list(self.spectators)

    def info(self) -> dict[str, Any]:
        return {
            "code": self.code, "variant": self.config.variant, "title": VARIANTS[self.config.variant].title,
            "players": self.config.players, "target": self.config.target, "options": dict(self.config.options),
            "started": self.started, "phase": self.phase, "round": self.match.round_no if self.match else 0,
            "seats": [s.public(i) for i, s in enumerate(self.slots)], "free": self.free_seats(),
            "spectators": len(self.spectators), "bot_delay": self.bot_delay, "practice": self.practice,
            "private": self.private, "turn_time": self.turn_time,
        }

    # -- telling -------------------------------------------------------------------------
    def state_for(self, seat: int | None) -> dict[str, Any]:
        assert self.match is not None
        m = self.match
        view = view_for(m, seat) if seat is not None else public_view(m)
        msg: dict[str, Any] = {
            "type": "state", "code": self.code, "seq": self.seq, "at": self._at,
            "view": P.view_to_json(view), "seats": [s.public(i) for i, s in enumerate(self.slots)],
            "ready": sorted(self.ready),
        }
        if m.phase in (ROUND_OVER, MATCH_OVER):
            msg["rounds"] = self.rounds_json()
        return msg

    def rounds_json(self) -> list[dict[str, Any]]:
        assert self.match is not None
        recs = self.match.records
        return [P.report_to_json(report_from(r, self.match, last=i == len(recs) - 1)) for i, r in enumerate(recs)]

    _at: float = 0.0

    def broadcast_state(self) -> None:
        if self.match is None:
            return
        self.seq += 1
        self._at = P.now()
        public: bytes | None = None
        for i, slot in enumerate(self.slots):
            if slot.conn is not None:
                slot.conn.send(self.state_for(i))
        for c in list(self.spectators):
            if public is None:
                public = P.encode(self.state_for(None))
            c.send_bytes(public)

    def broadcast_table(self) -> None:
        self._seats_push.due()

    def _send_table(self) -> None:
        if self.closed:
            return
        data = P.encode({"type": "table", "table": self.info()})  # encoded once for everyone here
        for c in self.conns():
            c.send_bytes(data)

    def tell(self, say: str, **args: S.Arg) -> None:
        """A line everyone at the table sees (the turn clock, a table closing): one of
        says.py's templates, so each client reads it in its own language."""
        data = P.encode({"type": "notice", "code": self.code, **S.said("text", say, **args)})
        for c in self.conns():
            c.send_bytes(data)

    # -- changing --------------------------------------------------------------------------
    def start(self) -> None:
        if self.started:
            raise Refused(S.ALREADY_STARTED)
        for i, slot in enumerate(self.slots):
            if slot.kind == "human" and not slot.taken:  # an empty seat: a bot plays it
                slot.kind, slot.level, slot.name = "bot", self.server.default_level, f"Bot {i + 1}"
        seats = [Seat(s.name, s.kind, s.level) for s in self.slots]
        tell(log, _("Table {code} starts: {seats}").format(
            code=self.code, seats=", ".join(f"{s.name} ({seat_kind(s.kind, s.level)})" for s in seats)))
        # A practice table replays its seed; any other deals from the OS's random source,
        # which no client chose and none can recover (the log keeps the deals themselves)
        rng = random.Random(self.seed) if self.seed is not None else random.SystemRandom()
        self.match = Match(self.config, rng, seats, self.seed)
        self.match.begin_round()
        self.save_meta()
        self.changed()
        self.server.lobby_changed()

    def resumed(self) -> None:
        """After a restart: later deals come from the OS again, not from the log's seed."""
        if self.match is not None and self.seed is None:
            self.match.rng = random.SystemRandom()

    def changed(self) -> None:
        """After every change of the match: save, tell everyone, wake the turn loop."""
        self.turn_since = time.monotonic()
        self.save()
        self.broadcast_state()
        self.wake.set()

    def may_play(self, conn: Conn, seat: object) -> tuple[Match, int]:
        """The match and the seat `conn` plays for, or Refused: the checks before the move
        (`seat` as sent: UNSET for the sender's own, any other value than theirs refused)."""
        m = self.match
        if m is None:
            raise Refused(S.NOT_STARTED)
        if conn.seat is None:
            raise Refused(S.SPECTATORS_CANNOT_PLAY)
        seat = conn.seat if isinstance(seat, UnsetType) else seat
        if type(seat) is not int or seat != conn.seat:
            raise Refused(S.NOT_YOUR_SEAT, mine=conn.seat if conn.seat is not None else "?", seat=repr(seat)[:20])
        if m.phase != PLAYING:
            raise Refused(S.NO_ROUND)
        if m.to_act != seat:
            raise Refused(S.NOT_YOUR_TURN, name=self.slots[m.to_act].name, seat=m.to_act)
        return m, seat

    def play(self, conn: Conn, wish: Play) -> None:
        m, seat = self.may_play(conn, wish.seat)
        try:
            move = Move(parse_tile(wish.move.tile), wish.move.end)
        except ValueError as exc:
            raise Refused(S.BAD_MOVE, detail=phrase_of(exc)) from None
        try:
            m.apply(move, seat)
        except IllegalMove as exc:
            raise Refused.again(exc) from None
        self.changed()

    def mark_ready(self, conn: Conn) -> None:
        if self.match is None or conn.seat is None:
            return
        if self.match.phase == ROUND_OVER:
            self.ready.add(conn.seat)
            self.wake.set()

    def finish(self) -> None:
        """The match is over: file the log among the finished ones, forget the seats file."""
        tell(log, _("Table {code}: the match is over; {scores}").format(
            code=self.code, scores=scores_words(self.match) if self.match else "–"))
        self.server.file_finished(self)
        if not self.conns():
            self.server.remove(self)

    # -- saving -----------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        return {
            "code": self.code, "variant": self.config.variant, "players": self.config.players,
            "options": dict(self.config.options), "seed": self.seed, "bot_seed": self.bot_seed,
            "bot_delay": self.bot_delay, "started": self.started, "slots": [s.to_json() for s in self.slots],
        }

    def save_meta(self) -> None:
        d = self.server.tables_dir
        if d is None:
            return
        try:
            write_meta(tables_folder(d) / f"{self.code}.json", self.meta())
        except OSError as exc:
            tell(log, _("Cannot save table {code}: {reason}").format(code=self.code, reason=os_words(exc)), logging.WARNING)

    def save(self) -> None:
        d = self.server.tables_dir
        if d is None or self.match is None:
            return
        events = self.match.events
        path = d / f"{self.code}.jsonl"
        try:
            if self._saved == 0 or self._saved > len(events) or not path.exists():
                write_whole_log(tables_folder(d) / path.name, events)  # atomically, the whole log
            elif self._saved < len(events):  # one more move: append its lines (cut back if that fails)
                append_log(path, events[self._saved :])
            self._saved = len(events)
            if self._unsaved_since is not None:
                self._unsaved_since = None
                self.tell(S.SAVING_AGAIN)
        except OSError as exc:  # a full disk: the next change tries again with every unsaved event
            if isinstance(exc, TornLog):
                self._saved = 0  # the file may end torn: the next save writes it whole, atomically
            tell(log, _("Cannot save table {code}: {reason}").format(code=self.code, reason=os_words(exc)), logging.WARNING)
            if self._unsaved_since is None:  # said once, not after every move
                self._unsaved_since = time.monotonic()
                self.tell(S.SAVING_STOPPED, detail=str(exc.strerror or exc))

    def close(self) -> None:
        self.closed = True
        self.wake.set()
