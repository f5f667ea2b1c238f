"""Every resource a stranger can make the table server spend, and its limit.

Each field is an option of `dominoes host` (the same name with dashes) and a row of the
limits table in docs/PROTOCOL.md; keep the three in step.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields


@dataclass
class Limits:
    max_conns: int = 1000  # connections at once, all addresses together (and never more than fd_reserve allows)
    # open files kept free for the server's own work (and a burst of accepts):
    # connections stop this far below its file limit
    fd_reserve: int = 256
    conns_per_address: int = 200  # connections at once from one address (a gateway's sessions share its address)
    handshake_timeout: float = 10.0  # seconds from connecting to `hello`
    idle_timeout: float = 300.0  # seconds without any message (clients ping every 60 s)
    max_tables: int = 500  # tables at once (waiting or playing)
    tables_per_conn: int = 5  # tables one connection made that still run (bot-only ones too)
    tables_per_address: int = 50  # the same, for all connections from one address
    waiting_timeout: float = 600.0  # seconds a table that never started lasts after its creator left
    max_unread: int = 1024 * 1024  # bytes waiting for a slow reader before it is dropped
    send_timeout: float = 10.0  # seconds a reply may wait for the client to read
    turn_time: float | None = None  # seconds a connected person has for a turn (None: no clock)
    bot_workers: int = 2  # processes bots think in
    bot_workers_per_address: int = 1  # of those, how many one address's tables may keep busy at once
    bot_timeout: float = 30.0  # seconds a bot may think before its seat plays the first legal move
    wrong_codes: int = 5  # table codes naming no table an address may give before it must wait (1 s, doubling to 300 s)
    practice: bool = False  # True: clients may give a `seed` (tables say "seeded practice table")
    # requests that build or push something for others (a list, a board, a watch or a leave,
    # the evening's) all of one address's connections may send: a burst, then so many a second
    work_burst: int = 40
    work_per_address: float = 10.0
    # of each server-wide cap (connections, an evening's entrants), the share kept for
    # addresses that hold none of it yet (may_take)
    newcomer_share: float = 0.1

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


def connection_room(limits: Limits) -> int:
    """Connections the server takes at once: `max_conns`, and always `fd_reserve` open
    files fewer than the process may hold, so its own files (logs, the records, the bots'
    pipes) and the accepting of a newcomer (told "the server is full") never fail."""
    return open_file_room(limits.max_conns, limits.fd_reserve)


def open_file_room(most: int, reserve: int) -> int:
    """How many of `most` (connections, each an open file) a process may hold while
    `reserve` open files stay free below its limit. The soft open-file limit is raised
    first, as far as the hard one allows, to fit."""
    want = most + reserve
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, ValueError, OSError):  # no such limit here (not a Unix)
        return most
    if soft == resource.RLIM_INFINITY:
        return most
    if soft < want:
        raised = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return max(1, min(most, soft - reserve))


def room_kept(cap: int, share: float) -> int:
    """How much of `cap` is kept for addresses that hold none of it yet (never all of it)."""
    return max(0, min(cap - 1, math.ceil(cap * share))) if share > 0 else 0


def may_take(mine: int, total: int, cap: int, per_address: int, share: float) -> bool:
    """Whether an address that holds `mine` of the `total` taken of a server-wide `cap`
    (connections, entrants, SSH sessions, browser tabs) may take one more: never past
    the cap or `per_address`, and the last `share` of the cap only by an address that
    holds none yet. A handful of addresses then cannot fill a cap while others wait:
    OpenSSH's MaxStartups keeps room for newcomers the same way. Addresses are counted
    as guesses.address_key counts them (an IPv6 address by its /64)."""
    if total >= cap or mine >= per_address:
        return False
    return mine == 0 or total < cap - room_kept(cap, share)
