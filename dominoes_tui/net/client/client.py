"""A client's end of the table protocol: one connection, requests with answers, pushes.

`Connection.request(msg)` sends a message with an "id" and waits for the answer that
carries the same id. Everything else the server sends (states, table and lobby
updates) goes to `on_push`, a callable the current owner sets (the lobby screen, then
the remote table). Used by the app, the tests and the load check alike.
"""
from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from ...i18n import _
from ..gateways.vouch import vouch_from_env
from ..host.names import fold
from ..wire import proof
from ..wire import protocol as P
from ..wire.proof import PlayerKey
from ..wire.says import spoken

PING_EVERY = 60.0


class ConnectionLost(ConnectionError):
    """The server went away (or hung up on us)."""


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


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.on_push: Callable[[dict[str, Any]], None] | None = None
        self.on_lost: Callable[[], None] | None = None
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
        if key is not None and welcome.get("type") == "challenge":
            welcome = await conn.request(conn._proof(key, name, welcome, old_secret), timeout)
        conn._keepalive = asyncio.get_running_loop().create_task(conn._ping())
        conn.name = P.clean_name(welcome.get("name"), name)
        identity = welcome.get("identity")
        conn.guest = not (isinstance(identity, dict) and identity.get("kind") == "claimed")
        return conn

    def _proof(self, key: PlayerKey, name: str, challenge: dict[str, Any], old_secret: str | None) -> dict[str, Any]:
        """Our signature for this server, as we reached it, and its challenge (proof.py)."""
        server = proof.endpoint(self.writer.get_extra_info("peername")) or "?"
        signed = proof.message(server, str(challenge.get("challenge")), fold(P.clean_name(name)), key.public)
        answer: dict[str, Any] = {"type": "prove", "signature": key.sign(signed)}
        if challenge.get("old") is True and old_secret is not None:  # asked for: the name is claimed by a secret
            answer["old"] = proof.old_proof(old_secret, signed)
        return answer

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                try:
                    msg = P.plain_message(P.decode(line))  # the boundary: nothing raw gets past it
                except P.ProtocolError:
                    continue
                fut = self._waiting.pop(msg.get("id"), None) if isinstance(msg.get("id"), int) else None
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                    continue
                if msg.get("type") == "error" and msg.get("fatal"):
                    self.last_error = spoken(msg)
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

    async def request(self, msg: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send and wait for the answer; ServerRefused if the server says no."""
        msg_id = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[msg_id] = fut
        self.send({**msg, "id": msg_id})
        try:
            answer = await asyncio.wait_for(fut, timeout)
        finally:
            self._waiting.pop(msg_id, None)
        if answer.get("type") in ("refused", "error"):
            raise ServerRefused(spoken(answer, fallback=_("refused")), answer.get("say"))
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
