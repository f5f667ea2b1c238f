"""Who organizes the club evening: only what the host set up, never a name someone says
or claims first.

- The organizer secret: made at the server's first start and kept in its data folder
  (`organizer-secret`, 0600; `dominoes host` prints it). A connection that sends it
  (`tournament_organize`) organizes; `dominoes join --organizer` on the host's machine
  reads the file itself.
- `dominoes host --organizers NAMES`: names that were claimed (names.py) when the server
  started, pinned to what proved that claim (its key, or its old secret): a name claimed
  only later, released and claimed again, or moved from its old secret to a key since
  (by whoever held the secret), carries no rights until the host starts the server
  again. A guest never organizes by name.
"""
from __future__ import annotations

import hmac
import logging
import secrets
import weakref
from pathlib import Path
from typing import Any

from ...i18n import _
from ...i18n.os_words import os_words
from ..host.connection import Conn, Refused
from ..host.console import tell
from ..host.names import NameRegister, credential, fold
from ..host.storage import write_private
from ..wire import proof
from ..wire import protocol as P
from ..wire import says as S

log = logging.getLogger("dominoes_tui.net")

SECRET_NAME = "organizer-secret"


class Organizers:
    def __init__(self, names: set[str] | None = None) -> None:
        self.names = set(names or ())  # as given to `dominoes host --organizers`
        # folded name -> what proved its claim when the server started (names.credential): a
        # claim that moved from its old secret to a key since carries no rights until a restart
        self.pinned: dict[str, str] = {}
        self.secret = ""  # made or read by set_up()
        self._proven: weakref.WeakSet[Conn] = weakref.WeakSet()  # connections that sent the secret

    def set_up(self, register: NameRegister, data_dir: Path | None) -> None:
        """Pin the named organizers' claims as they are now; read or make the secret."""
        for name in self.names:
            entry = register.claims.get(fold(name))
            if entry is None:
                tell(log, _("Organizer {name} has claimed no name here: they organize only with the organizer secret").format(
                    name=name), logging.WARNING)
            else:
                self.pinned[fold(name)] = credential(entry)
        where = data_dir / SECRET_NAME if data_dir is not None else None
        if where is not None:
            try:
                text = where.read_text(encoding="utf-8").strip()
                if 16 <= len(text) <= 256:
                    self.secret = text
                    return
            except OSError:
                pass
        self.secret = secrets.token_urlsafe(24)
        if where is not None:
            try:
                write_private(where, self.secret + "\n")
            except OSError as exc:
                tell(log, _("Cannot keep the organizer secret ({reason}): it holds until the server stops").format(
                    reason=os_words(exc)), logging.WARNING)

    def unpinned(self) -> list[str]:
        """Names given as organizers that carry no rights (nobody had claimed them)."""
        return sorted(n for n in self.names if fold(n) not in self.pinned)

    def prove(self, conn: Conn, secret: Any, bound: Any = None) -> None:
        """The secret shown, bound to the address this connection reached (proof.py), or
        as itself by a client older than that."""
        if not self.secret:
            raise Refused(S.WRONG_ORGANIZER_SECRET)
        if bound is not None:
            here = proof.endpoint(conn.writer.get_extra_info("sockname")) or "?"
            if not proof.secret_proof_holds(proof.secret_hash(self.secret), proof.organizer_message(here), bound):
                raise Refused(S.WRONG_ORGANIZER_SECRET)
        elif not isinstance(secret, str) or not P.same_secret(secret, self.secret):
            raise Refused(S.WRONG_ORGANIZER_SECRET)
        self._proven.add(conn)
        tell(log, _("{name} proved the organizer secret (from {address})").format(name=conn.name, address=conn.address))

    def holds(self, conn: Conn, register: NameRegister) -> bool:
        """The secret was shown on this connection, or its claimed name is pinned and is
        still the claim that was pinned."""
        if conn in self._proven:
            return True
        if not conn.identity.claimed:
            return False
        pinned = self.pinned.get(fold(conn.name))
        entry = register.claims.get(fold(conn.name))
        return pinned is not None and entry is not None and hmac.compare_digest(credential(entry), pinned)
