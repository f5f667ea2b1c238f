"""Quick match: people wait in a queue for a variant and table size; the server makes the
table as soon as enough are waiting, or, once someone's chosen wait is over and everyone
waiting for that table allowed it, fills the empty seats with bots. The lobby is told how
many are online and searching (`presence`).

Each searcher may change their variant, size or wait at any time by asking again; a
connection that closes leaves the queue.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from dataclasses import dataclass
from typing import Any, Protocol

from msgspec import UnsetType

from ...engine import DEFAULT_VARIANT, MATCH_OVER, VARIANTS, make_config
from ...i18n import _
from ..host.connection import Conn, Refused
from ..host.console import tell
from ..tables.table import Slot, Table, TableHost
from ..wire import requests as R
from ..wire import says as S

log = logging.getLogger("dominoes_tui.net")

REQUESTS = {"quick_match", "quick_cancel"}
MAX_SEARCHING = 500
ARRIVAL = 20.0  # seconds a person has to reach the new table before a stand-in plays for them
QUICK_TURN_TIME = 30.0  # a quick match is strangers: a turn clock even when the host set none


class QuickServer(TableHost, Protocol):
    """What quick matching needs of the server (server.py imports this module), besides
    what its tables need."""

    tables: dict[str, Table]
    conns: set[Conn]
    bot_delay: float

    def new_code(self) -> str: ...
    def _running_made_by(self, address: str) -> int: ...
    def _spawn(self, table: Table) -> None: ...


@dataclass
class Searcher:
    conn: Conn
    variant: str
    players: int
    bots: bool
    wait: float
    since: float  # time.monotonic() when they started waiting

    def to_json(self, now: float) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players, "bots": self.bots, "wait": self.wait,
                "waited": round(now - self.since, 1)}


class QuickMatch:
    def __init__(self, server: QuickServer) -> None:
        self.server = server
        self.queue: list[Searcher] = []
        self._timer: asyncio.TimerHandle | None = None
        self._telling = False
        self.listeners: weakref.WeakSet[Conn] = weakref.WeakSet()  # lobby clients that asked for the list

    def listen(self, conn: Conn) -> None:
        """Presence is pushed only to clients that showed a lobby (asked for `list`): a
        client that said nothing more than hello is told nothing it did not ask for."""
        self.listeners.add(conn)

    def request(self, conn: Conn, wish: R.QuickMatch | R.QuickCancel) -> dict[str, Any]:
        if isinstance(wish, R.QuickCancel):
            self.queue = [s for s in self.queue if s.conn is not conn]
            self.changed()
            return {"type": "searching", "search": None, **self.presence()}
        self.may_search(conn)
        variant = DEFAULT_VARIANT if isinstance(wish.variant, UnsetType) else wish.variant
        if variant not in VARIANTS:
            raise Refused(S.UNKNOWN_VARIANT, variant=repr(variant), allowed=", ".join(VARIANTS))
        players = VARIANTS[variant].players[0] if isinstance(wish.players, UnsetType) else wish.players
        if players not in VARIANTS[variant].players:
            raise Refused(S.PLAYED_BY, variant=VARIANTS[variant].title, counts=", ".join(map(str, VARIANTS[variant].players)))
        bots = wish.bots
        wait = R.QUICK_WAIT_DEFAULT if isinstance(wish.wait, UnsetType) else wish.wait
        if not R.QUICK_WAIT_MIN <= wait <= R.QUICK_WAIT_MAX:
            raise Refused(S.QUICK_WAIT, low=f"{R.QUICK_WAIT_MIN:g}", high=f"{R.QUICK_WAIT_MAX:g}")
        me = Searcher(conn, variant, players, bots, float(wait), time.monotonic())
        self.queue.append(me)
        self.listen(conn)
        self.match_up()
        self.changed()
        still = me in self.queue
        return {"type": "searching", "search": me.to_json(time.monotonic()) if still else None, **self.presence()}

    def may_search(self, conn: Conn) -> None:
        """Out of the queue, and Refused unless the connection may search now (checked
        before the request's fields)."""
        self.queue = [s for s in self.queue if s.conn is not conn]
        if conn.table is not None:
            raise Refused(S.LEAVE_FIRST)
        # a quick match with bots is a table its searcher made: the same limits as `create`
        lim = self.server.limits
        conn.created = [t for t in conn.created if t.code in self.server.tables and t.phase != MATCH_OVER]
        if len(conn.created) >= lim.tables_per_conn:
            raise Refused(S.TABLES_PER_CONN, count=len(conn.created), limit=lim.tables_per_conn)
        if self.server._running_made_by(conn.address) >= lim.tables_per_address:
            raise Refused(S.TABLES_PER_ADDRESS, limit=lim.tables_per_address)
        if len(self.queue) >= MAX_SEARCHING:
            raise Refused(S.TOO_MANY_SEARCHING)

    # -- making tables ----------------------------------------------------------------------
    def match_up(self) -> None:
        """Make every table the queue allows now, then wake up when the next wait ends."""
        self.queue = [s for s in self.queue if not s.conn.closed and s.conn.table is None]
        now = time.monotonic()
        groups: dict[tuple[str, int], list[Searcher]] = {}
        for s in self.queue:
            groups.setdefault((s.variant, s.players), []).append(s)
        for (variant, players), group in groups.items():
            if len(self.server.tables) >= self.server.limits.max_tables:
                break  # the server is full: everyone waits on
            while len(group) >= players:
                self._make(variant, players, group[:players])
                group = group[players:]
            if group and all(s.bots for s in group) and any(now - s.since >= s.wait for s in group):
                self._make(variant, players, group)
        self._arm(now)

    def _arm(self, now: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        pending = [s.since + s.wait - now for s in self.queue if s.bots]
        if pending:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._timer = loop.call_later(max(0.05, min(pending)), self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.match_up()
        self.changed()

    def _make(self, variant: str, players: int, people: list[Searcher]) -> None:
        server = self.server
        config = make_config(variant, players)
        arrive_by = time.time() + ARRIVAL
        slots = [Slot(s.conn.name, "human", None, secrets.token_urlsafe(18), None, arrive_by, identity=s.conn.identity.key)
                 for s in people]
        for i in range(len(people), players):
            slots.append(Slot(f"Bot {i + 1}", "bot", server.default_level))
        # seed None: a secret deal from the OS, as at every hosted table that is not practice
        table = Table(server, server.new_code(), config, slots, None, server.bot_delay)
        # one who never moves must not hold a stranger: the host's clock, else QUICK_TURN_TIME
        table.own_clock = server.limits.turn_time or QUICK_TURN_TIME
        server.tables[table.code] = table
        table.made_by = people[0].conn.address  # counted against the first searcher's limits
        people[0].conn.created.append(table)
        server._spawn(table)
        table.start()
        names = ", ".join(s.conn.name for s in people)
        tell(log, _("A match found: table {code} for {names}").format(code=table.code, names=names))
        for i, s in enumerate(people):
            self.queue.remove(s)
            s.conn.send({"type": "seated", "quick": True, "round": 0, "table": 0, "seat": i,
                         "code": table.code, "token": slots[i].token})
        server.lobby_changed()

    # -- telling ----------------------------------------------------------------------------
    def presence(self) -> dict[str, Any]:
        searching: dict[str, int] = {}
        for s in self.queue:
            key = f"{s.variant} {s.players}p"
            searching[key] = searching.get(key, 0) + 1
        online = sum(1 for c in self.server.conns if c.hello and not c.board)
        return {"online": online, "searching": searching}

    def changed(self) -> None:
        """Tell the lobby, at most five times a second (a flood of connections must not
        make the server send each of them every other's arrival)."""
        if self._telling:
            return
        try:
            asyncio.get_running_loop().call_later(0.2, self._tell)
        except RuntimeError:
            return
        self._telling = True

    def _tell(self) -> None:
        self._telling = False
        msg = {"type": "presence", **self.presence()}
        for c in list(self.listeners):
            if not c.closed and c.table is None:
                c.send(msg)
