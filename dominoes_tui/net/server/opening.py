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

import msgspec

from ..evening.tournament_host import TournamentHost
from ..gateways.vouch import read_vouch
from ..host.connection import Conn
from ..host.limits import Limits, may_take
from ..host.names import Budget, NameRegister, fold
from ..wire import proof
from ..wire import protocol as P
from ..wire import requests as R
from ..wire import says as S
from ..wire.requests import Malformed
from .handshake import challenge, proved, welcome
from .malformed import refusal
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

    def opening(self, conn: Conn, request: R.AnyRequest | Malformed) -> dict[str, Any] | None:
        """The answer to a message before the welcome: a hello, or the prove after our
        challenge (None: none, the connection ends)."""
        kind = request.kind if isinstance(request, Malformed) else R.kind_of(request)
        if kind == "prove" and conn.proving is None:
            raise P.ProtocolError(S.NO_CHALLENGE)
        if kind not in ("hello", "prove") or (kind == "hello" and conn.proving is not None):
            raise P.ProtocolError(S.HELLO_FIRST if kind != "hello" else S.HELLO_TWICE)
        if isinstance(request, Malformed):
            if request.field == "protocol":
                self._other_protocol(conn, request.value)
                return None
            raise refusal(conn, request)
        if isinstance(request, R.Hello):
            answer = self.hello(conn, request)
        else:
            assert isinstance(request, R.Prove)
            answer = welcome(conn, proved(conn, self.names, request, self._in_use()))
        if answer is not None and conn.hello:
            self.quick.changed()  # one more online
        return answer

    def _other_protocol(self, conn: Conn, version: object) -> None:
        why = S.said("reason", S.WRONG_PROTOCOL, version=P.PROTOCOL_VERSION, given=repr(version)[:40])
        conn.send({"type": "error", **why, "fatal": True})
        conn.closed = True

    def hello(self, conn: Conn, hello: R.Hello) -> dict[str, Any] | None:
        """Who the connection is (names.py), or the challenge a key must sign first; None
        when it speaks another protocol or its address has no room."""
        if hello.protocol != P.PROTOCOL_VERSION:
            self._other_protocol(conn, hello.protocol)
            return None
        secret, key = hello.secret, hello.key
        if key is not None and not proof.well_formed_key(key):
            raise P.ProtocolError(S.BAD_KEY)
        name = P.clean_name(hello.name)
        vouched = read_vouch(self.gateway_key, msgspec.to_builtins(hello.vouch))
        if vouched.address is not None and vouched.address != conn.address:
            # a gateway's member: every per-address limit counts where he really came from (vouch.py)
            no_room = self._no_room(vouched.address, len(self.conns) + len(self._closing) - 1)
            if no_room is not None:
                conn.send({"type": "error", **S.said("reason", no_room), "fatal": True})
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
