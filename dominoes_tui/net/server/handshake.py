"""The server's side of a connection's opening, beyond the hello itself (server.py): the
challenge a hello with a key gets and the check of its `prove` (proof.py, names.py);
and the log of messages the server failed on, bounded so that no client can fill the
disk with it."""
from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...i18n import _
from ..host.connection import Conn
from ..host.console import tell
from ..host.names import Budget, Identity, NameRegister, fold
from ..records.finished import PerHour
from ..wire import proof
from ..wire import protocol as P
from ..wire.requests import Prove

log = logging.getLogger("dominoes_tui.net")

LOG_FAILURES = 100  # lines an hour about messages the server failed on (then silence until the hour is over)


@dataclass(frozen=True)
class Proving:
    """A hello with a key, waiting for its `prove`: what the signature must cover."""

    name: str
    key: str
    signed: bytes  # proof.message for this server's address and this connection's challenge
    budget: Budget  # who a new claim is counted against


def challenge(conn: Conn, names: NameRegister, name: str, key: str, budget: Budget) -> dict[str, Any]:
    """The answer to a hello with a key: a challenge for this connection only, to be
    signed with the address the server accepted it on."""
    here = proof.endpoint(conn.writer.get_extra_info("sockname")) or "?"
    words = secrets.token_urlsafe(24)
    conn.proving = Proving(name, key, proof.message(here, words, fold(name), key), budget)
    return {"type": "challenge", "challenge": words, "old": names.needs_old_proof(name, key)}


def proved(conn: Conn, names: NameRegister, prove: Prove, in_use: Callable[[str], bool]) -> Identity:
    """Who the `prove` after our challenge shows the connection to be."""
    proving: Proving = conn.proving
    conn.proving = None
    return names.prove(proving.name, proving.key, proving.signed, prove.signature, prove.old,
                       proving.budget, in_use)


def welcome(conn: Conn, identity: Identity) -> dict[str, Any]:
    """The end of the opening: the connection is `identity` from now on."""
    conn.identity, conn.name, conn.hello = identity, identity.name, True
    return {"type": "welcome", "protocol": P.PROTOCOL_VERSION, "name": conn.name, "identity": identity.to_json()}


class FailureLog:
    """One line for a message the server failed on, a traceback once an hour for each
    kind of failure, and at most LOG_FAILURES lines an hour in all."""

    def __init__(self, per_hour: int = LOG_FAILURES) -> None:
        self.per_hour = per_hour
        self._spent = PerHour()

    def note(self, address: str, exc: BaseException) -> None:
        if self._spent.spent("lines") >= self.per_hour:
            return
        self._spent.add("lines", 1)
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        where = (type(exc).__name__, tb.tb_frame.f_code.co_filename if tb else "", tb.tb_lineno if tb else 0)
        if not self._spent.spent(where):
            self._spent.add(where, 1)
            tell(log, _("Handling a message from {address} failed").format(address=address), logging.ERROR,
                 trace=exc)
        else:
            tell(log, _("Handling a message from {address} failed: {kind}: {reason}").format(
                address=address, kind=type(exc).__name__, reason=str(exc)[:200]),
                logging.ERROR)
