"""A client's end of the table protocol: one connection, requests with answers, pushes.

`Connection.request(msg)` sends a message with an "id" and waits for the answer that
carries the same id. Everything else the server sends (states, table and lobby
updates) goes to `on_push`, a callable the current owner sets (the lobby screen, then
the remote table). Used by the app, the tests and the load check alike.

Every line from the server is read into its type (net/wire/answers.py) before anyone
sees it: a server is a stranger too. A message of a type we do not know (a newer
server's) is ignored; one we cannot read (a field of the wrong type, a seat that is no
seat) fails the request it answers with one line saying so, or, pushed, is ignored and
said once to `on_unreadable`.
"""
from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from ...i18n import _
from ..gateways.vouch import vouch_from_env
from ..host.names import fold
from ..wire import answers as A
from ..wire import proof
from ..wire import protocol as P
from ..wire.proof import PlayerKey

PING_EVERY = 60.0


class ConnectionLost(ConnectionError):
    """The server went away (or hung up on us)."""


# the `say` of a refusal this client makes itself when it cannot read the answer: it is no
# word of the server's on the request (a seat's token it answered is not known to be stale)
UNREADABLE = "client.unreadable"


class ServerRefused(Exception):
    """The server said no; str() is its reason, in the language in use (says.py), and
    `say` the template it was made from (None from an old server): what a client
    decides by, never the words."""

    def __init__(self, text: str, say: object = None) -> None:
        super().__init__(text)
        self.say = say if isinstance(say, str) else None


def split_address(text: str | None, default_host: str = "127.0.0.1", default_port: int = P.DEFAULT_PORT) -> tuple[str, int]:
    """HOST, HOST:PORT or [IPv6]:PORT; ValueError naming what is wrong."""
    if not text:
        return default_host, default_port
    host, port_text = text, ""
    if text.startswith("[") and "]" in text:  # [::1]:7788
        host, _sep, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    if not port_text:
        return host or default_host, default_port
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise ValueError(_("{port} is not a port (0 to 65535)").format(port=repr(port_text)))
    return host or default_host, int(port_text)


def unreadable(kind: str, where: str) -> str:
    """The one line that says a server's message could not be read (`where`: the field)."""
    return _("The server sent a message this client cannot read ({kind}: {where}).").format(
        kind=kind[:40], where=where[:80])


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[A.AnyAnswer]] = {}
        self.on_push: Callable[[A.AnyAnswer], None] | None = None
        self.on_lost: Callable[[], None] | None = None
        self.on_unreadable: Callable[[str], None] | None = None  # told, once a type, of a message we could not read
        self._unreadable: set[str] = set()
        self.closed = False
        self.name = ""
        self.guest = True  # False once the server said our name is ours (a claimed identity)
        self._task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, host: str, port: int, name: str, timeout: float = 10.0, key: PlayerKey | None = None,
                   old_secret: str | None = None, secret: str | None = None) -> Connection:
        """Connect and say hello; `key` proves (or first claims) the name by signing the
        server's challenge, `old_secret` (an older version's) moves a name it claimed to the
        key, and without a key we are a guest. `secret` is what clients before keys sent
        (the tests of old clients use it): it crosses the wire as it is."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, limit=P.MAX_CLIENT_LINE), timeout
        )
        conn = cls(reader, writer)
        hello: dict[str, Any] = {"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": name}
        if secret is not None:
            hello["secret"] = secret
        if key is not None:
            hello["key"] = key.public
        vouch = vouch_from_env()  # from the gateway that runs us, if one does; a guest's too (its address)
        if vouch is not None:
            hello["vouch"] = vouch
        welcome = await conn.request(hello, timeout)
        if key is not None and isinstance(welcome, A.Challenge):
            welcome = await conn.request(conn._proof(key, name, welcome, old_secret), timeout)
        if not isinstance(welcome, A.Welcome):
            await conn.close()
            raise ServerRefused(unreadable(welcome.wire_type, "$.type"))
        conn._keepalive = asyncio.get_running_loop().create_task(conn._ping())
        conn.name = P.clean_name(welcome.name, name)
        conn.guest = welcome.identity is None or welcome.identity.kind != "claimed"
        return conn

    def _proof(self, key: PlayerKey, name: str, challenge: A.Challenge, old_secret: str | None) -> dict[str, Any]:
        """Our signature for this server, as we reached it, and its challenge (proof.py)."""
        server = proof.endpoint(self.writer.get_extra_info("peername")) or "?"
        signed = proof.message(server, challenge.challenge, fold(P.clean_name(name)), key.public)
        answer: dict[str, Any] = {"type": "prove", "signature": key.sign(signed)}
        if challenge.old and old_secret is not None:  # asked for: the name is claimed by a secret
            answer["old"] = proof.secret_proof(old_secret, signed)
        return answer

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                try:  # the boundary: nothing raw, and nothing of the wrong type, gets past it
                    msg = A.read_answer(line)
                except A.Unreadable as exc:
                    self._cannot_read(exc)
                    continue
                if msg is None:  # a type we do not know: a newer server's
                    continue
                fut = self._waiting.pop(msg.id, None) if isinstance(msg.id, int) else None
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                    continue
                if isinstance(msg, A.Error) and msg.fatal:
                    self.last_error = msg.spoken()
                if self.on_push is not None:
                    try:
                        self.on_push(msg)
                    except Exception:
                        import logging

                        logging.getLogger("dominoes_tui.net").exception("push handler failed")
        except (ConnectionError, ValueError, asyncio.LimitOverrunError):
            pass
        finally:
            self.closed = True
            if self._keepalive is not None:
                self._keepalive.cancel()
            for fut in self._waiting.values():
                if not fut.done():
                    fut.set_exception(ConnectionLost(getattr(self, "last_error", None) or _("the connection was lost")))
            self._waiting.clear()
            if self.on_lost is not None:
                try:
                    self.on_lost()
                except Exception:  # noqa: BLE001 - the owner's handler may raise anything; the reader ends regardless
                    pass

    last_error: str | None = None
    _keepalive: asyncio.Task[None] | None = None

    def _cannot_read(self, exc: A.Unreadable) -> None:
        """A message we cannot read: the request it answers fails saying so; a push is
        ignored, and said once a type (a broken server may send many)."""
        text = unreadable(exc.kind, exc.where)
        fut = self._waiting.pop(exc.msg_id, None) if isinstance(exc.msg_id, int) else None
        if fut is not None and not fut.done():
            fut.set_exception(ServerRefused(text, say=UNREADABLE))
            return
        if exc.kind in self._unreadable or self.on_unreadable is None:
            return
        self._unreadable.add(exc.kind)
        self.on_unreadable(text)

    async def _ping(self) -> None:
        """A ping a minute: the server hangs up on a connection silent for longer than its
        idle timeout (docs/PROTOCOL.md), and a person watching a table sends nothing else."""
        while not self.closed:
            await asyncio.sleep(PING_EVERY)
            try:
                self.send({"type": "ping"})
            except (ConnectionError, RuntimeError):
                return

    def send(self, msg: dict[str, Any]) -> None:
        if self.closed:
            raise ConnectionLost(self.last_error or _("not connected"))
        self.writer.write(P.encode(msg))

    async def request(self, msg: dict[str, Any], timeout: float = 10.0) -> A.AnyAnswer:
        """Send and wait for the answer; ServerRefused if the server says no (or sends an
        answer we cannot read)."""
        msg_id = next(self._ids)
        fut: asyncio.Future[A.AnyAnswer] = asyncio.get_running_loop().create_future()
        self._waiting[msg_id] = fut
        self.send({**msg, "id": msg_id})
        try:
            answer = await asyncio.wait_for(fut, timeout)
        finally:
            self._waiting.pop(msg_id, None)
        if isinstance(answer, (A.Refused, A.Error)):
            raise ServerRefused(answer.spoken(fallback=_("refused")), answer.say)
        return answer

    async def close(self) -> None:
        self.on_lost = None
        self.closed = True
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        except Exception:  # noqa: BLE001 - a socket already gone may fail to close any way; it is closed either way
            pass
        if self._keepalive is not None:
            self._keepalive.cancel()
        self._task.cancel()
        try:
            await self._task
        except BaseException:  # noqa: BLE001 - the reader task was cancelled just above: its end is expected
            pass
