"""A table on a server: the same `TableClient` the table screen knows, with a socket behind it.

The server is the authority; this client keeps the last state it has shown and a queue
of the states that arrived since. `advance()` shows the next one (waiting for it if
need be), so the screen's turn loop plays a hosted table exactly as a local one: other
people and the server's bots are seats it waits on. A person's move is checked here
against the legal moves the server sent (so a slip is caught at once) and again by
the server, which alone decides.
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from ...engine import MATCH_OVER, PLAYING, ROUND_OVER, ConfigError, IllegalMove, Move, Phase, PlayerView, make_config
from ...i18n import _, told
from ...table.client import RoundReport, SeatInfo, TableClient
from ..wire import answers as A
from ..wire import protocol as P
from .client import Connection, ConnectionLost, unreadable


class RemoteTable(TableClient):
    def __init__(self, conn: Connection, answer: A.Sat, state: A.State | None = None) -> None:
        """`answer` is the server's `joined`, `created` or `watching`; `state` the first
        state if the answer came before the table started (ValueError if none came).
        A.Unreadable (a ValueError) for a table we cannot show: rules or a view the engine
        refuses (a broken server's)."""
        self.conn = conn
        self.code: str = answer.code
        self.my_seat: int | None = answer.seat if not isinstance(answer, A.Watching) else None
        self.token: str | None = answer.token
        info = answer.table
        state = state or answer.state
        if state is None:
            raise ValueError("the table has not started yet")
        try:
            self.config = make_config(info.variant, info.players, options=info.options)
        except (ConfigError, ValueError, TypeError):
            raise A.Unreadable(answer.wire_type, "$.table") from None
        try:
            self._current: PlayerView = P.view_from_json(state.view)
            self._rounds: list[RoundReport] = [P.report_from_json(r) for r in (state.rounds or answer.rounds or [])]
        except P.ProtocolError:
            raise A.Unreadable(answer.wire_type, "$.state") from None
        self.seats: tuple[SeatInfo, ...] = P.seat_infos(state.seats, self.my_seat)
        self.seq = state.seq
        self._queue: deque[A.State | A.Refused] = deque()
        self._event = asyncio.Event()
        self._awaiting_move = False
        self._acked_round: int | None = None
        self.lost = False
        self.notes: list[str] = []
        self.on_note: Callable[[str], None] | None = None  # the app shows refusals and drops
        self.on_lost: Callable[[], None] | None = None
        self.on_state: Callable[[], None] | None = None  # a new state is queued
        self.on_seats: Callable[[], None] | None = None  # the seats changed between states
        # the evening's pushes (the next round's seat) come on this connection too: the app's
        self.on_evening: Callable[[A.Tournament | A.Seated], None] | None = None
        conn.on_push = self._push
        conn.on_lost = self._lost
        if conn.closed:
            self.lost = True

    @property
    def watching(self) -> bool:
        return self.my_seat is None

    # -- what the server sends ---------------------------------------------------------
    def _push(self, msg: A.AnyAnswer) -> None:
        if isinstance(msg, A.State) and msg.code == self.code:
            self._queue.append(msg)
            self._event.set()
            if self.on_state is not None:  # the screen may be waiting on the person here (a turn clock ran out)
                self.on_state()
        elif isinstance(msg, A.Refused):
            self._queue.append(msg)
            self._event.set()
        elif isinstance(msg, A.TableChanged) and msg.table.code == self.code:
            if msg.table.players != len(self.seats):  # another table's seats under our code: a broken server
                return
            self.seats = P.seat_infos(msg.table.seats, self.my_seat)
            if self.on_seats is not None:  # someone sat down, dropped or came back: no state says so
                self.on_seats()
        elif isinstance(msg, A.Error):
            self._note(_("Server: {reason}").format(reason=msg.spoken()[:200]))
        elif isinstance(msg, A.Notice) and msg.code == self.code:
            self._note(msg.spoken("text")[:200])
        elif isinstance(msg, (A.Tournament, A.Seated)) and self.on_evening is not None:
            self.on_evening(msg)

    def _lost(self) -> None:
        self.lost = True
        self._event.set()
        if self.on_lost is not None:
            self.on_lost()

    def _note(self, text: str) -> None:
        self.notes.append(text)
        if self.on_note is not None:
            self.on_note(text)

    def _show(self, msg: A.State) -> None:
        """The state as the screen shows it; one the engine cannot read (a tile no set
        has, another table's rules) is said in one line and skipped."""
        try:
            view = P.view_from_json(msg.view)
            rounds = [P.report_from_json(r) for r in msg.rounds] if msg.rounds is not None else None
        except P.ProtocolError:
            self._note(unreadable("state", "$.view"))
            return
        if view.players != len(self.seats) or view.seat != self._current.seat:
            self._note(unreadable("state", "$.view.seat"))
            return
        self._current = view
        self.seats = P.seat_infos(msg.seats, self.my_seat)
        self.seq = msg.seq
        if rounds is not None:
            self._rounds = rounds

    # -- TableClient -----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        ph = self._current.phase
        if ph == ROUND_OVER and self._acked_round == self._current.round:
            return PLAYING  # summary read: waiting for the server to deal
        return ph

    def _other_seat(self) -> int:
        """A seat not played here: what the screen waits on while the server has the word."""
        return 0 if self.my_seat is None else (self.my_seat + 1) % len(self.seats)

    def waiting_for(self) -> int | None:
        ph = self.phase
        if ph in (ROUND_OVER, MATCH_OVER):
            return None
        if self._queue or self._awaiting_move or self._current.phase != PLAYING or self._current.to_act is None:
            return self._other_seat()
        return self._current.to_act

    def view(self, seat: int) -> PlayerView:
        return self._current

    async def advance(self) -> bool:
        while not self._queue:
            if self.lost:
                return False
            self._event.clear()
            await self._event.wait()
        msg = self._queue.popleft()
        self._awaiting_move = False
        if isinstance(msg, A.Refused):
            self._note(_("Refused: {reason}").format(reason=msg.spoken()[:200]))
            return True
        self._show(msg)
        return True

    def play(self, seat: int, move: Move) -> None:
        view = self._current
        if self.my_seat is None:
            raise IllegalMove(_("you are watching this table"))
        if seat != self.my_seat:
            raise IllegalMove(_("you sit in seat {mine}, not seat {seat}").format(mine=self.my_seat, seat=seat))
        if self._queue or self._awaiting_move or view.to_act != seat:
            raise IllegalMove(_("it is not your turn"))
        if move not in view.legal:
            raise IllegalMove(_("{move} is not a legal move now").format(move=told(move)))
        try:
            self.conn.send({"type": "play", "move": move.to_json()})
        except (ConnectionLost, ConnectionError, RuntimeError) as exc:
            raise IllegalMove(_("not connected to the server ({reason})").format(reason=exc)) from None
        self._awaiting_move = True

    def next_round(self) -> None:
        if self._current.phase == ROUND_OVER:
            self._acked_round = self._current.round
            if self.my_seat is not None:
                try:
                    self.conn.send({"type": "ready"})
                except (ConnectionLost, ConnectionError, RuntimeError):
                    pass

    def waiting_for_others(self) -> bool:
        return self._current.phase == ROUND_OVER and self._acked_round == self._current.round and not self._queue

    def moved_on(self) -> bool:
        return any(isinstance(m, A.State) for m in self._queue)

    def last_round(self) -> RoundReport | None:
        return self._rounds[-1] if self._rounds else None

    def rounds(self) -> list[RoundReport]:
        return list(self._rounds)

    @property
    def human_seats(self) -> list[int]:
        return [] if self.my_seat is None else [self.my_seat]

    def close(self) -> None:
        """Leave the connection to its owner (the app, which may go back to the lobby)."""
        if self.conn.on_push == self._push:
            self.conn.on_push = None
        if self.conn.on_lost == self._lost:
            self.conn.on_lost = None
