"""A connection's opening at the table server: whether there is room for one more from
its address, and who it is: the hello, and for a hello with a key the challenge and the
`prove` that follow it (handshake.py, proof.py, names.py).

A new name claim counts against every budget the hello brings (names.Budget): the
address; for a person an SSH gateway vouches for (vouch.py), the person and the
address he really came from, since fresh SSH keys make fresh persons but not fresh
addresses. So a stranger's server can borrow no name (a proof is bound to this server
and this connection) and one address claims few names, however many keys it makes.

`Opening` is part of the server, a mixin as seating.py's `Seating` is, so each part
stays small; it imports only what lies below it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..evening.tournament_host import TournamentHost
from ..gateways.vouch import read_vouch
from ..host.connection import Conn
from ..host.limits import Limits, may_take
from ..host.names import Budget, NameRegister, fold
from ..wire import proof
from ..wire import protocol as P
from ..wire import says as S
from .handshake import challenge, proved, welcome
from .quick_match import QuickMatch


class Opening:
    limits: Limits
    names: NameRegister
    conns: set[Conn]
    _closing: set[Conn]  # given up on, socket not closed yet: still counted against the limits
    conn_room: int
    gateway_key: bytes | None
    tournament_host: TournamentHost
    quick: QuickMatch

    def _from(self, address: str) -> int:
        return sum(1 for held in (self.conns, self._closing) for c in held if c.address == address)

    def _no_room(self, address: str, total: int) -> str | None:
        """Why one more connection from `address` is refused (None: it is not); `total`:
        the connections held besides it. The last share of the room is kept for addresses
        that hold none yet (limits.may_take)."""
        lim, mine = self.limits, self._from(address)
        if may_take(mine, total, self.conn_room, lim.conns_per_address, lim.newcomer_share):
            return None
        return S.TOO_MANY_FROM_ADDRESS if mine >= lim.conns_per_address else S.SERVER_FULL

    def opening(self, conn: Conn, kind: str, data: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to a message before the welcome: a hello, or the prove after our
        challenge (None: none, the connection ends)."""
        if kind == "prove" and conn.proving is None:
            raise P.ProtocolError(S.NO_CHALLENGE)
        if kind not in ("hello", "prove") or (kind == "hello" and conn.proving is not None):
            raise P.ProtocolError(S.HELLO_FIRST if kind != "hello" else S.HELLO_TWICE)
        answer = self.hello(conn, data) if kind == "hello" else welcome(conn, proved(conn, self.names, data, self._in_use()))
        if answer is not None and conn.hello:
            self.quick.changed()  # one more online
        return answer

    def hello(self, conn: Conn, data: dict[str, Any]) -> dict[str, Any] | None:
        """Who the connection is (names.py), or the challenge a key must sign first; None
        when it speaks another protocol or its address has no room."""
        version = data.get("protocol")
        if type(version) is not int or version != P.PROTOCOL_VERSION:
            why = S.said("reason", S.WRONG_PROTOCOL, version=P.PROTOCOL_VERSION, given=repr(version)[:40])
            conn.send({"type": "error", **why, "fatal": True})
            conn.closed = True
            return None
        secret = data.get("secret")
        if secret is not None and (not isinstance(secret, str) or not 16 <= len(secret) <= 256):
            raise P.ProtocolError(S.BAD_SECRET)
        key = data.get("key")
        if key is not None and not proof.well_formed_key(key):
            raise P.ProtocolError(S.BAD_KEY)
        name = P.clean_name(data.get("name"))
        vouched = read_vouch(self.gateway_key, data.get("vouch"))
        if vouched.address is not None and vouched.address != conn.address:
            # a gateway's member: every per-address limit counts where he really came from (vouch.py)
            refusal = self._no_room(vouched.address, len(self.conns) + len(self._closing) - 1)
            if refusal is not None:
                conn.send({"type": "error", **S.said("reason", refusal), "fatal": True})
                conn.closed = True
                return None
            conn.address = vouched.address
        person = vouched.person if secret is not None or key is not None else None
        budget: Budget = conn.address
        if person:
            budget = (f"person:{person}", conn.address) if vouched.address is not None else f"person:{person}"
        if key is not None:  # a proof the client signs for this server and this connection only (proof.py)
            return challenge(conn, self.names, name, key, budget)
        return welcome(conn, self.names.identify(name, secret, conn.address, self._in_use()))  # a secret claims nothing new

    def _in_use(self) -> Callable[[str], bool]:
        """Is a name said by someone online or entered in the evening (a guest takes another)?"""
        in_use = {fold(c.name) for c in self.conns if c.hello} | {fold(n) for n in self.tournament_host.names_in_use()}
        return lambda n: fold(n) in in_use
