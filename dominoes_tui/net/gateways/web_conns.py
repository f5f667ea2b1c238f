"""The browser server's plain HTTP connections, before aiohttp sees them (nginx's
`client_header_timeout` and `limit_conn` are the model).

Each connection is counted per address as guesses.address_key counts it (an IPv6
address by its /64) and in total, the total keeping room for addresses that hold none
yet (limits.may_take); one over is answered `503` or `429` in a line and closed before
aiohttp reads a byte. A request's headers must be complete within `header_timeout`
seconds of the connection (or of the last answer on it), else it is closed: half-sent
requests (slowloris) hold nothing for long. And the connections stay `FD_RESERVE`
open files, and the tabs' pipes, below the process's limit: running out of open files
once ended the whole server.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..host.guesses import address_key
from ..host.limits import may_take, open_file_room

MAX_CONNECTIONS = 256  # plain HTTP connections at once, websockets included
CONNECTIONS_PER_ADDRESS = 24
HEADER_TIMEOUT = 10.0  # seconds for a request's headers, from the connection or the last answer
NEWCOMER_SHARE = 0.25  # of each total (connections, tabs), kept for addresses holding none of it yet
FD_RESERVE = 64  # open files kept free for the server's own files and a burst of accepts
FILES_PER_TAB = 6  # a tab's process: its three pipes, and spares while it starts or ends

FULL = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
TOO_MANY = b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Doors:
    def __init__(self, most: int = MAX_CONNECTIONS, per_address: int = CONNECTIONS_PER_ADDRESS,
                 header_timeout: float = HEADER_TIMEOUT, share: float = NEWCOMER_SHARE, tabs: int = 0) -> None:
        self.most, self.per_address, self.header_timeout, self.share = most, per_address, header_timeout, share
        self.tabs = tabs
        self.room = most
        self.open: dict[int, _Door] = {}  # id of the transport -> its door

    def start(self) -> None:
        """Fit the connections to the open-file limit (raised first as far as it goes)."""
        self.room = open_file_room(self.most, FD_RESERVE + FILES_PER_TAB * self.tabs)

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """The protocol factory for loop.create_server: aiohttp's, behind a door."""
        return lambda: _Door(self, inner)

    def began(self, transport: object) -> None:
        """A request's headers are in: no clock while it is answered (a websocket: all along)."""
        door = self.open.get(id(transport))
        if door is not None:
            door.disarm()

    def ended(self, transport: object) -> None:
        """Its answer is out: the next request's headers have the clock again."""
        door = self.open.get(id(transport))
        if door is not None:
            door.arm()

    def admit(self, door: _Door) -> bytes | None:
        """None if the connection may stay (it is counted from now), else what to answer."""
        mine = sum(1 for d in self.open.values() if d.source == door.source)
        if may_take(mine, len(self.open), self.room, self.per_address, self.share):
            self.open[id(door.transport)] = door
            return None
        return TOO_MANY if mine >= self.per_address else FULL


class _Door(asyncio.Protocol):
    """aiohttp's protocol for one connection, let through only if there is room."""

    def __init__(self, doors: Doors, inner: Callable[[], asyncio.Protocol]) -> None:
        self.doors, self.make_inner = doors, inner
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.source = "?"
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.source = address_key(str(peer[0])) if isinstance(peer, tuple) and peer else "?"
        refusal = self.doors.admit(self)
        if refusal is not None:
            transport.write(refusal)
            transport.close()
            return
        self.inner = self.make_inner()
        self.inner.connection_made(transport)
        self.arm()

    def arm(self) -> None:
        self.disarm()
        self.timer = asyncio.get_running_loop().call_later(self.doors.header_timeout, self._late)

    def disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _late(self) -> None:
        self.timer = None
        if self.transport is not None:
            self.transport.abort()  # headers too slow: nothing of the half-sent request is kept

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        if self.transport is not None and self.doors.open.get(id(self.transport)) is self:
            del self.doors.open[id(self.transport)]
        if self.inner is not None:
            self.inner.connection_lost(exc)
