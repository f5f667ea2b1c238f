"""A hosted table's turn loop: it waits for people (a turn clock, the summary after a
round, a short drop) and has bots and stand-ins play when their turn comes.

`TurnLoop` is part of a table (table.py), a mixin so each part stays small; it imports
only what lies below it.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

from ...engine import MATCH_OVER, NEW, PLAYING, ROUND_OVER, Match, Move
from ...engine.seeds import seed_label
from ...engine.view import PlayerView
from ...i18n import _, ngettext
from ...table.bot_step import bot_turn
from ..host.connection import Conn
from ..host.console import tell
from ..host.limits import Limits
from ..wire import says as S
from .bot_pool import BotPool
from .table_seats import Slot

log = logging.getLogger("dominoes_tui.net")


class TurnHost(Protocol):
    """What the turn loop asks of the server that holds its table (table.TableHost)."""

    default_level: str
    ready_timeout: float
    standin_delay: float
    limits: Limits
    bots: BotPool

    def close_waiting(self, table: Any) -> None: ...


class TurnLoop:
    server: TurnHost
    code: str
    slots: list[Slot]
    match: Match | None
    bot_delay: float
    bot_seed: str
    made_by: str | None
    creator_conn: Conn | None
    creator_left_at: float | None
    turn_since: float
    own_clock: float | None
    ready: set[int]
    round_over_at: float | None
    wake: asyncio.Event
    closed: bool

    def changed(self) -> None: ...  # table.py
    def tell(self, say: str, **args: S.Arg) -> None: ...  # table.py
    def finish(self) -> None: ...  # table.py

    @property
    def turn_time(self) -> float | None:
        """Seconds a connected person has for a turn (None: no clock)."""
        return self.own_clock if self.own_clock is not None else self.server.limits.turn_time

    def person_controls(self, seat: int) -> bool:
        slot = self.slots[seat]
        return slot.kind == "human" and slot.conn is not None

    def not_ready(self) -> list[str]:
        """The people here who have not said ready after the round."""
        return [s.name for i, s in enumerate(self.slots) if s.kind == "human" and s.conn is not None and i not in self.ready]

    def bot_level(self, seat: int) -> str:
        slot = self.slots[seat]
        return (slot.level or "random") if slot.kind == "bot" else self.server.default_level

    # -- the loop -------------------------------------------------------------------------
    async def run(self) -> None:
        failures = 0
        while not self.closed:
            try:
                if await self.step():
                    return
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - told with its traceback (console.tell)
                failures += 1
                tell(log, ngettext("Table {code}: a step failed ({n} time in a row)",
                                   "Table {code}: a step failed ({n} times in a row)", failures).format(
                    code=self.code, n=failures), logging.ERROR, trace=True)
                if failures >= 5:
                    tell(log, _("Table {code} stops: its steps keep failing").format(code=self.code), logging.ERROR)
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
                tell(log, _("Table {code} closes: its creator left {seconds} s ago and it never started").format(
                    code=self.code, seconds=f"{wait:.0f}"))
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
                          say=lambda text: tell(log, _("Table {code}: {problem}").format(code=self.code, problem=text),
                                                logging.WARNING)):
            self.changed()
