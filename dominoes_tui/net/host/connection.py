"""One client connection to the table server: what it sent, what it may still send,
and a send that never blocks the server on a slow or vanished reader."""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from ...engine import phrase_of
from ...i18n import _
from ..wire import protocol as P
from ..wire.says import Said
from .console import tell
from .names import GUEST, Identity

log = logging.getLogger("dominoes_tui.net")


@dataclass(eq=False)
class Conn:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    address: str = "?"  # the peer's IP address (limits are counted per address)
    max_unread: int = 1024 * 1024  # bytes the server holds for this reader before hanging up
    name: str = "Guest"
    identity: Identity = GUEST  # who the hello proved (names.py)
    hello: bool = False
    proving: Any = None  # server.Proving: the challenge sent in answer to a hello with a key
    table: Any = None  # the net/tables/table.py Table it sits at or watches (that module imports this one)
    seat: int | None = None  # None while watching or in the lobby
    opened: float = field(default_factory=time.monotonic)  # the handshake's seconds run from here
    tokens: float = P.RATE_BURST
    last: float = field(default_factory=time.monotonic)
    errors: float = 0.0  # mistakes still held against it (one is forgiven every FORGIVE_EVERY s)
    errors_at: float = 0.0  # time.monotonic() of the last mistake
    closed: bool = False
    created: list[Any] = field(default_factory=list)  # tables this client made and has not sat at
    board: bool = False  # a projector board (asked for `board`): a screen, not a person online

    def mistake(self) -> bool:
        """Count a refused, garbled or failed message; True once there are too many to go
        on. A flood is hung up on within its first MAX_ERRORS + 1 lines, as ever, but the
        ordinary refusals of a lobby kept open all evening (a seat just taken, a table just
        started) are forgiven in time instead of adding up to a hang-up."""
        now = time.monotonic()
        self.errors = max(0.0, self.errors - (now - self.errors_at) / P.FORGIVE_EVERY) + 1
        self.errors_at = now
        return self.errors > P.MAX_ERRORS

    def send(self, message: dict[str, Any]) -> None:
        self.send_bytes(P.encode(message))

    def send_bytes(self, data: bytes) -> None:
        if self.closed or self.writer.transport.is_closing():
            return
        try:
            self.writer.write(data)
            transport = self.writer.transport
            if transport is not None and transport.get_write_buffer_size() > self.max_unread:
                tell(log, _("{name} reads too slowly; the server hangs up").format(name=self.name), logging.WARNING)
                self.abort()
        except (ConnectionError, RuntimeError):
            self.abort()

    def abort(self) -> None:
        self.closed = True
        try:
            self.writer.transport.abort()
        except Exception:  # noqa: BLE001 - a transport already torn down may fail any way; it is gone either way
            pass

    def take_token(self) -> bool:
        t = time.monotonic()
        self.tokens = min(P.RATE_BURST, self.tokens + (t - self.last) * P.RATE_PER_SECOND)
        self.last = t
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Refused(Said):
    """A request the server says no to; the text goes back as the reason, with the
    template and arguments it was made from (says.py) for the client to translate."""

    @classmethod
    def again(cls, exc: BaseException) -> Refused:
        """An error from below as a refusal, keeping its template when it has one."""
        return cls(phrase_of(exc))


async def close_now(writer: asyncio.StreamWriter) -> None:
    """Close the socket now. A plain close waits until the peer has read what is still
    buffered, and a client that never reads would then hold the socket open forever
    (thousands of them ran the server out of open files): so unsent bytes are dropped."""
    transport = writer.transport
    try:
        if transport.get_write_buffer_size():
            transport.abort()
        else:
            writer.close()
        await asyncio.wait_for(writer.wait_closed(), 2)
    except Exception:  # noqa: BLE001 - whatever went wrong closing politely, abort
        transport.abort()
