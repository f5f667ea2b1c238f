"""A person's session with one table server, in plain Python: the connection (opened
with the proof of the name), the table this person plays at or watches, the seats'
tokens, and taking the seat back after the connection dropped. It knows no screen: the
app (ui/remote_app.py) shows what happens and asks the person; this keeps who is where.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from ..wire import answers as A
from ..wire import proof
from ..wire import says as S
from . import tokens
from .client import Connection, ConnectionLost, ServerRefused, unreadable
from .remote_table import RemoteTable

RECONNECT_TRIES = 30
RECONNECT_PAUSE = 2.0


# the refusals that say a seat's token is no good (a server older than `say` sends none)
TOKEN_REFUSALS = (S.TOKEN_NO_SEAT, S.AWAY_TOO_LONG)


class Session:
    """One person's session with the server at `host`:`port` under `name`. `on_push` and
    `on_lost` go to every connection it opens (what the server pushes; a dropped line)."""

    def __init__(self, host: str, port: int, name: str, keep_tokens: bool = True,
                 organizer_secret: str | None = None) -> None:
        self.host, self.port, self.name = host, port, name
        self.keep_tokens = keep_tokens  # False: tokens live in this process only (a guest's session)
        self.organizer_secret = organizer_secret  # the server's, when this is an organizer's client
        self.conn: Connection | None = None
        self.seat: int | None = None
        self.creator = False
        self.pending: A.Sat | None = None  # a joined answer, until the table starts
        self.early: list[A.State] = []  # states that came before we were ready for them
        self.table_code: str | None = None  # the table we play or watch
        self.on_push: Callable[[A.AnyAnswer], None] | None = None
        self.on_lost: Callable[[], None] | None = None
        self._tokens: dict[str, str] = {}

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    # -- who we are --------------------------------------------------------------------------
    def proof(self) -> dict[str, Any]:
        """What proves our name to this server: our key, and an older version's secret that
        moves a name it claimed here to the key (nothing for shared logins: a guest)."""
        if not self.keep_tokens:
            return {}
        return {"key": tokens.identity_key(), "old_secret": tokens.old_identity_secret()}

    def token_for(self, code: str) -> str | None:
        if code in self._tokens:
            return self._tokens[code]
        return tokens.get(self.host, self.port, code, self.name) if self.keep_tokens else None

    def keep_token(self, code: str, token: str) -> None:
        self._tokens[code] = token
        if self.keep_tokens:
            tokens.put(self.host, self.port, code, self.name, token)

    def drop_token(self, code: str) -> None:
        self._tokens.pop(code, None)
        if self.keep_tokens:
            tokens.forget(self.host, self.port, code, self.name)

    # -- the connection ----------------------------------------------------------------------
    async def open(self) -> Connection:
        """A new connection, our name proved; it becomes the session's. Raises what
        `Connection.open` raises (TimeoutError, OSError, ConnectionLost, ServerRefused)."""
        conn = await Connection.open(self.host, self.port, self.name, **self.proof())
        self.conn = conn
        self.listen()
        return conn

    def listen(self) -> None:
        """The session's connection reports to the session's handlers again (a table's
        client had them while it was open)."""
        if self.conn is not None:
            self.conn.on_push = self.on_push
            self.conn.on_lost = self.on_lost

    def lost(self) -> None:
        self.conn = None

    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> A.AnyAnswer:
        """Sit at table `code`: with a seat's token (its person back), else at `seat` or
        any free one. A token the server says is no good is forgotten and the join made
        as anyone's; any other refusal keeps it and is raised: the seat is still the
        token's (the address waits after wrong codes, a limit), and dropped it would be
        lost for good, since sitting down without it is refused once the table started.
        Raises ServerRefused, TimeoutError or ConnectionLost."""
        if self.conn is None:
            raise ConnectionLost
        msg: dict[str, Any] = {"type": "join", "code": code, "name": self.name}
        if token:
            msg["token"] = token
        elif seat is not None:
            msg["seat"] = seat
        try:
            return await self.conn.request(msg)
        except ServerRefused as exc:
            if not token or (exc.say is not None and exc.say not in TOKEN_REFUSALS):
                raise
        self.drop_token(code)
        return await self.conn.request({"type": "join", "code": code, "name": self.name})

    async def organize(self, conn: Connection) -> ServerRefused | None:
        """An organizer's client shows the server its organizer secret on every connection;
        the server's refusal, if it refused."""
        if self.organizer_secret is None:
            return None
        try:
            # bound to the server as we reached it: a stranger's server learns nothing it can use
            server = proof.endpoint(conn.writer.get_extra_info("peername")) or "?"
            shown = proof.secret_proof(self.organizer_secret, proof.organizer_message(server))
            await conn.request({"type": "tournament_organize", "proof": shown})
        except ServerRefused as exc:
            return exc
        except (TimeoutError, ConnectionLost):
            pass
        return None

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.on_lost = None
            await self.conn.close()

    # -- where we sit ------------------------------------------------------------------------
    def sit(self, answer: A.Sat) -> tuple[bool, A.State | None]:
        """The server's answer to a join or a watch taken in: whether the table opens now,
        and the state that came for it before the answer (None: the answer has its state).
        A table that has not started waits, its answer kept as `pending`."""
        code = answer.code
        if answer.token:
            self.keep_token(code, answer.token)
        self.seat = answer.seat if not isinstance(answer, A.Watching) else None
        self.creator = answer.creator
        if answer.state is not None:
            return True, None
        early = [m for m in self.early if m.code == code]
        if early:
            return True, early[-1]
        self.pending = answer
        self.early.clear()
        return False, None

    def came(self, state: A.State) -> A.Sat | None:
        """A state the server pushed, kept until its table opens; the answer we wait with
        when it is the first state of the table we wait at (it has started)."""
        self.early.append(state)
        if self.pending is not None and state.code == self.pending.code:
            return self.pending
        return None

    def waits_at(self, code: object) -> bool:
        return self.pending is not None and code == self.pending.code

    def table(self, answer: A.Sat, state: A.State | None) -> RemoteTable:
        """The table that opens now, with anything newer that came before it was ready."""
        assert self.conn is not None
        self.pending = None
        client = RemoteTable(self.conn, answer, state)
        for msg in self.early:
            if msg.code == client.code and msg.seq > client.seq:
                client._push(msg)
        self.early.clear()
        self.table_code = client.code
        return client

    def left(self) -> None:
        """Up from the table (or the waiting room)."""
        self.pending, self.table_code, self.seat, self.creator = None, None, None, False

    async def take_back(self, code: str, opened: Callable[[Connection], Awaitable[None]]) -> A.Sat | None:
        """The seat (or the spectator's chair) at table `code` taken back after the
        connection dropped: a new connection every RECONNECT_PAUSE seconds, at most
        RECONNECT_TRIES times, `opened` told of each. The server's answer, or None when the
        server did not come back; its refusal is raised (ServerRefused)."""
        watching = self.seat is None
        for _try in range(RECONNECT_TRIES):
            await asyncio.sleep(RECONNECT_PAUSE)
            try:
                conn = await self.open()
            except (TimeoutError, OSError, ConnectionLost, ServerRefused):
                continue
            await opened(conn)
            token = self.token_for(code)
            msg = {"type": "watch", "code": code} if watching or not token else {"type": "join", "code": code, "token": token}
            try:
                answer = await conn.request(msg)
            except (TimeoutError, ConnectionLost):
                continue
            if isinstance(answer, A.Sat):
                return answer
            raise ServerRefused(unreadable(answer.wire_type, "$.type"))
        return None
