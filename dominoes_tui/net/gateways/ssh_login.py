"""One SSH connection's login at the gateway: which key (if any) it proved, from where,
and whether it is let in (ssh_admission.py) and may start a game (ssh_gateway.py runs it).

Needs the optional extra `asyncssh`.
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Set as AbstractSet
from typing import Protocol

import asyncssh

from ...i18n import _
from ..host.console import tell
from ..host.guesses import Guesses, address_key
from ..host.limits import may_take
from .ssh_admission import Doorman
from .ssh_names import KeyRegister

log = logging.getLogger("dominoes_tui.ssh")


class Session(Protocol):
    fingerprint: str | None
    source: str


class LoginHost(Protocol):
    """What a login asks of its gateway (ssh_gateway.py, which imports this module)."""

    password: str | None
    keys_only: bool
    keys: KeyRegister
    wrong_passwords: Guesses
    doorman: Doorman
    max_sessions: int
    sessions_per_key: int
    sessions_per_address: int

    @property
    def sessions(self) -> AbstractSet[Session]: ...

    def session(self, fingerprint: str | None, address: str) -> asyncssh.SSHServerSession[bytes]: ...


class GatewayServer(asyncssh.SSHServer):
    """One SSH connection's login: which key (if any) it proved, and from where."""

    def __init__(self, gateway: LoginHost) -> None:
        self.gateway = gateway
        self.fingerprint: str | None = None  # the key the client proved, once it did
        self.address = "?"
        self.source = "?"  # the address as every limit counts it (an IPv6 address by its /64)

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.source = address_key(self.address)
        if not self.gateway.doorman.arrive(self, self.source):  # no room: closed before any key exchange
            conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gateway.doorman.left(self)

    def auth_completed(self) -> None:
        self.gateway.doorman.logged_in(self)

    def begin_auth(self, username: str) -> bool:
        return True  # always authenticate: a key is an identity, even where everyone is welcome

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint()
        # With a shared password, a key the gateway does not know must show the password
        # (OpenSSH then falls back to it, and the login is a guest's)
        if self.gateway.password is not None and not self.gateway.keys.knows_key(fingerprint):
            return False
        self.fingerprint = fingerprint  # asyncssh checks the signature after this; no session without it
        return True

    def password_auth_supported(self) -> bool:
        return self.gateway.password is not None and not self.gateway.keys_only

    async def validate_password(self, username: str, password: str) -> bool:
        """The shared password; an address that keeps getting it wrong waits (guesses.py),
        and while it waits nothing it sends is even compared."""
        self.fingerprint = None
        gw = self.gateway
        if gw.wrong_passwords.wait(self.address):
            return False
        expected = gw.password or ""
        if secrets.compare_digest(password.encode("utf-8"), expected.encode("utf-8")):
            return True
        gw.wrong_passwords.wrong(self.address)
        tell(log, _("A wrong password from {address}").format(address=self.address))
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.gateway.password is None and not self.gateway.keys_only  # no key, no password: a guest

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.fingerprint = None
        return True  # nothing to ask: the guest is in

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        gw = self.gateway
        if len(gw.sessions) >= gw.max_sessions:
            return False
        mine = sum(1 for s in gw.sessions if s.source == self.source)
        most = min(gw.max_sessions, gw.doorman.session_room)
        if not may_take(mine, len(gw.sessions), most, gw.sessions_per_address, gw.doorman.admission.newcomer_share):
            return False
        same_key = sum(1 for s in gw.sessions if s.fingerprint == self.fingerprint)
        if self.fingerprint is not None and same_key >= gw.sessions_per_key:
            return False
        return gw.session(self.fingerprint, self.address)
