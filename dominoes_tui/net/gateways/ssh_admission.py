"""Who the SSH gateway lets in, and how many (OpenSSH's per-source limits and
`MaxStartups` are the model).

Every count is kept per address as guesses.address_key counts it (an IPv6 address by
its /64) and in total, and each total keeps room for addresses that hold none of it yet
(limits.may_take): SSH connections at once, connections still logging in (each costs a
key exchange: a flood of them must not keep a real login waiting), and the games they
run (ssh_gateway.py counts those). A connection that finds no room is closed at once,
before any key exchange, so the gateway never runs out of open files: the connections
also stay `FD_RESERVE` open files below the process's limit. New names a key claims by
logging in are budgeted per address too: fresh keys from one address are not fresh
people.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..host.guesses import PerHour
from ..host.limits import may_take, open_file_room

MAX_CONNECTIONS = 256  # SSH connections at once (never more than the open-file limit allows)
CONNECTIONS_PER_ADDRESS = 16
MAX_STARTUPS = 32  # connections not logged in yet, at once
STARTUPS_PER_ADDRESS = 4
NEWCOMER_SHARE = 0.125  # of each total, kept for addresses holding none of it yet
NAMES_PER_ADDRESS = 10  # new names one address may claim in an hour, whatever keys it brings
FD_RESERVE = 64  # open files kept free for the games' terminals and the gateway's own files
ACCEPT_BACKLOG = 32  # connections accepted at once: a burst stays well inside FD_RESERVE
FILES_PER_SESSION = 3  # a game's terminal, its process, and a spare while it starts


@dataclass(frozen=True)
class Admission:
    max_connections: int = MAX_CONNECTIONS
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    max_startups: int = MAX_STARTUPS
    startups_per_address: int = STARTUPS_PER_ADDRESS
    newcomer_share: float = NEWCOMER_SHARE
    names_per_address: int = NAMES_PER_ADDRESS


class Doorman:
    """The connections at the gateway: where each came from and whether it logged in."""

    def __init__(self, admission: Admission | None = None, sessions: int = 0) -> None:
        self.admission = admission or Admission()
        self.sessions = sessions  # the gateway's most games at once: their files are kept free too
        self.room = self.admission.max_connections
        self.session_room = sessions  # games at once the open files allow (start)
        self._open: dict[int, tuple[str, bool]] = {}  # id of the connection -> (its address key, logged in)
        self._names = PerHour()

    def start(self) -> None:
        """Fit the connections and the games to the open-file limit (raised first as far
        as it goes): where it is too low for both, they share the files there are."""
        most, games = self.admission.max_connections, FILES_PER_SESSION * self.sessions
        files = open_file_room(most + games, FD_RESERVE)
        self.room = max(1, min(most, files * most // (most + games)))
        self.session_room = max(1, min(self.sessions, (files - self.room) // FILES_PER_SESSION))

    def arrive(self, conn: object, source: str) -> bool:
        """A new connection from `source`: True if it may stay (and is counted from now)."""
        a = self.admission
        mine = [done for s, done in self._open.values() if s == source]
        starting = sum(1 for _s, done in self._open.values() if not done)
        if not may_take(len(mine), len(self._open), self.room, a.connections_per_address, a.newcomer_share):
            return False
        if not may_take(mine.count(False), starting, a.max_startups, a.startups_per_address, a.newcomer_share):
            return False
        self._open[id(conn)] = (source, False)
        return True

    def logged_in(self, conn: object) -> None:
        held = self._open.get(id(conn))
        if held is not None:
            self._open[id(conn)] = (held[0], True)

    def left(self, conn: object) -> None:
        self._open.pop(id(conn), None)

    def may_claim_name(self, source: str) -> bool:
        """Whether `source` may claim one more name this hour; counted when it may."""
        if self._names.spent(source) >= self.admission.names_per_address:
            return False
        self._names.add(source, 1)
        return True
