"""One hosted table: its seats, its match, the turn loop that lets bots and stand-ins
play, what each client is told, and the files that bring it back after a restart."""
from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from pathlib import Path
from typing import Any, Protocol

from ..engine import MATCH_OVER, NEW, PLAYING, ROUND_OVER, VARIANTS, IllegalMove, Match, Move, Seat, TableConfig, view_for
from ..engine.seeds import seed_label
from ..engine.view import PlayerView, public_view
from ..table.bot_step import bot_turn
from ..table.local import report_from
from . import protocol as P
from . import says as S
from .bot_pool import BotPool
from .connection import Conn, Refused
from .limits import Limits
from .table_files import TornLog, append_log, tables_folder, write_meta, write_whole_log
from .table_seats import Slot


class TableHost(Protocol):
    """What a table asks of the server that holds it (net/server.py, which imports this
    module: hence a protocol, not an import)."""

    tables_dir: Path | None
    default_level: str
    ready_timeout: float
    standin_delay: float
    limits: Limits
    bots: BotPool

    def lobby_changed(self) -> None: ...
    def close_waiting(self, table: Table) -> None: ...
    def file_finished(self, table: Table) -> None: ...
    def remove(self, table: Table) -> None: ...


log = logging.getLogger("dominoes_tui.net")


class Table:
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

    @property
    def turn_time(self) -> float | None:
        """Seconds a connected person has for a turn (None: no clock)."""
        return self.own_clock if self.own_clock is not None else self.server.limits.turn_time

    def person_controls(self, seat: int) -> bool:
        slot = self.slots[seat]
        return slot.kind == "human" and slot.conn is not None

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
        msg = {"type": "table", "table": self.info()}
        for c in self.conns():
            c.send(msg)

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
        log.info("table %s starts: %s", self.code, ", ".join(f"{s.name} ({s.kind})" for s in seats))
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

    def bot_level(self, seat: int) -> str:
        slot = self.slots[seat]
        return (slot.level or "random") if slot.kind == "bot" else self.server.default_level

    def changed(self) -> None:
        """After every change of the match: save, tell everyone, wake the turn loop."""
        self.turn_since = time.monotonic()
        self.save()
        self.broadcast_state()
        self.wake.set()

    def play(self, conn: Conn, data: dict[str, Any]) -> None:
        m = self.match
        if m is None:
            raise Refused(S.NOT_STARTED)
        if conn.seat is None:
            raise Refused(S.SPECTATORS_CANNOT_PLAY)
        seat = data.get("seat", conn.seat)
        if type(seat) is not int or seat != conn.seat:
            raise Refused(S.NOT_YOUR_SEAT, mine=conn.seat if conn.seat is not None else "?", seat=repr(seat)[:20])
        if m.phase != PLAYING:
            raise Refused(S.NO_ROUND)
        if m.to_act != seat:
            raise Refused(S.NOT_YOUR_TURN, name=self.slots[m.to_act].name, seat=m.to_act)
        try:
            move = Move.from_json(data.get("move"))
        except ValueError as exc:
            raise Refused(S.BAD_MOVE, detail=str(exc)) from None
        try:
            m.apply(move, seat)
        except IllegalMove as exc:
            raise Refused(str(exc)) from None
        self.changed()

    def mark_ready(self, conn: Conn) -> None:
        if self.match is None or conn.seat is None:
            return
        if self.match.phase == ROUND_OVER:
            self.ready.add(conn.seat)
            self.wake.set()

    def not_ready(self) -> list[str]:
        """The people here who have not said ready after the round."""
        return [s.name for i, s in enumerate(self.slots) if s.kind == "human" and s.conn is not None and i not in self.ready]

    # -- the turn loop ----------------------------------------------------------------------
    async def run(self) -> None:
        failures = 0
        while not self.closed:
            try:
                if await self.step():
                    return
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %s: a step failed (%d in a row)", self.code, failures)
                if failures >= 5:
                    log.error("table %s stops", self.code)
                    return
                await asyncio.sleep(1.0)

    async def step(self) -> bool:
        """One turn of the table's loop; True when the table is done."""
        self.wake.clear()
        m = self.match
        if m is None:
            return await self._wait_for_start()
        if m.phase == MATCH_OVER:
            self.finish()
            return True
        if m.phase in (NEW, ROUND_OVER):
            if self.round_over_at is None:
                self.round_over_at = time.monotonic()
            waited = time.monotonic() - self.round_over_at
            clock = self.turn_time
            # a club's turn clock bounds the summary too: one person gone for a coffee
            # must not hold the table for the full two minutes after every round
            patience = min(self.server.ready_timeout, clock) if clock is not None else self.server.ready_timeout
            late = self.not_ready()
            if late:
                if waited < patience:
                    try:
                        await asyncio.wait_for(self.wake.wait(), patience - waited)
                    except TimeoutError:
                        pass
                    return False
                if clock is not None and m.phase == ROUND_OVER:
                    self.tell(S.NOT_READY, names=", ".join(late), seconds=f"{patience:g}")
            if self.bot_delay and not any(s.kind == "human" for s in self.slots):
                await asyncio.sleep(self.bot_delay * 2)
            self.round_over_at = None
            self.ready.clear()
            m.begin_round()
            self.changed()
            return False
        seat = m.to_act
        if self.person_controls(seat):
            clock = self.turn_time
            if clock is None:
                await self.wake.wait()
                return False
            left = clock - (time.monotonic() - self.turn_since)
            if left > 0:
                try:
                    await asyncio.wait_for(self.wake.wait(), left)
                except TimeoutError:
                    pass
                return False
            self.tell(S.RAN_OUT_OF_TIME, name=self.slots[seat].name, seconds=f"{clock:g}")
            await self.bot_move(m, seat, forced=True)
            return False
        slot = self.slots[seat]
        if slot.kind == "human" and slot.left_at is not None:
            away = time.time() - slot.left_at
            if away < self.server.standin_delay:  # a short drop does not hand the turn to a bot
                try:
                    await asyncio.wait_for(self.wake.wait(), self.server.standin_delay - away)
                except TimeoutError:
                    pass
                return False
        await self.bot_move(m, seat)
        return False

    async def _wait_for_start(self) -> bool:
        """Before the start: a table whose creator has gone closes after a while."""
        wait = self.server.limits.waiting_timeout
        if self.creator_conn is None and self.creator_left_at is not None:
            left = wait - (time.monotonic() - self.creator_left_at)
            if left <= 0:
                log.info("table %s closes: its creator left %.0f s ago and it never started", self.code, wait)
                self.tell(S.TABLE_CLOSED, code=self.code)
                self.server.close_waiting(self)
                return True
            try:
                await asyncio.wait_for(self.wake.wait(), left)
            except TimeoutError:
                pass
            return False
        await self.wake.wait()
        return False

    async def bot_move(self, m: Match, seat: int, forced: bool = False) -> None:
        """A bot's move for `seat` (a bot's seat, a stand-in's, or a person out of time)."""
        seed = seed_label(self.bot_seed, seat, len(m.events))
        # the workers are shared per address that made the table; a table the server made is its own owner
        owner = self.made_by or f"table:{self.code}"
        name = self.slots[seat].name

        async def ask(view: PlayerView) -> Move:
            return await self.server.bots.choose(self.bot_level(seat), seed, name, view, owner=owner)

        def still_due() -> bool:  # not if the table closed, nor if the person came back meanwhile
            return not self.closed and m.phase == PLAYING and m.to_act == seat and (forced or not self.person_controls(seat))

        if await bot_turn(m, seat, ask, name=name, pace=0.0 if forced else self.bot_delay, still_due=still_due,
                          say=lambda text: log.warning("table %s: %s", self.code, text)):
            self.changed()

    def finish(self) -> None:
        """The match is over: file the log among the finished ones, forget the seats file."""
        log.info("table %s: the match is over, scores %s", self.code, self.match.scores if self.match else "")
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
            log.warning("cannot save table %s: %s", self.code, exc)

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
            log.warning("cannot save table %s: %s", self.code, exc)
            if self._unsaved_since is None:  # said once, not after every move
                self._unsaved_since = time.monotonic()
                self.tell(S.SAVING_STOPPED, detail=str(exc.strerror or exc))

    def close(self) -> None:
        self.closed = True
        self.wake.set()
