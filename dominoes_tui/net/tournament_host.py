"""The server's side of a club evening: the `tournament_*` requests, opening each round's
tables, sending everyone to their seat, the round clock, and keeping the evening on disk.

It holds at most one evening at a time. Who may open one: the names given to
`dominoes host --organizers` (anyone when none are given). The server calls
`table_finished` whenever a table's match ends and `request` for the messages below.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from pathlib import Path
from typing import Any, Protocol

from ..engine import MATCH_OVER
from ..tournament import TournamentError
from .connection import Conn, Refused
from .evening import OVER, PLAYING, REGISTERING, Evening, EveningSettings, TablePlan
from .storage import write_private
from .table import Slot, Table



class EveningServer(Protocol):
    """What the tournament host needs of the server (server.py imports this module)."""

    data_dir: Path | None
    tables: dict[str, Table]
    conns: set[Conn]
    bot_delay: float

    def new_code(self) -> str: ...
    def _spawn(self, table: Table) -> None: ...

log = logging.getLogger("dominoes_tui.net")

REQUESTS = {"tournament", "tournament_open", "tournament_register", "tournament_withdraw", "tournament_start",
            "tournament_close"}
ARRIVAL = 20.0  # seconds a person has to reach a new table before a stand-in plays for them
CLOCK_BOT_DELAY = 0.2  # how fast bots finish a table once the round clock has run out


class TournamentHost:
    def __init__(self, server: EveningServer, organizers: set[str] | None = None) -> None:
        self.server = server
        self.organizers = set(organizers or ())
        self.arrival = ARRIVAL
        self.evening: Evening | None = None
        self.round_deadline: float | None = None  # time.time() when the round clock runs out
        self._clock: asyncio.TimerHandle | None = None
        self.path = server.data_dir / "tournament.json" if server.data_dir else None

    # -- requests -------------------------------------------------------------------------
    def request(self, conn: Conn, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        try:
            if kind == "tournament_open":
                self._open(conn, data)
            elif kind == "tournament_register":
                self._need().register(conn.name, conn.identity.key)
            elif kind == "tournament_withdraw":
                self._need().withdraw(conn.name)
            elif kind == "tournament_start":
                self._organizer(conn)
                self.open_tables(self._need().start())
                self._arm_clock()
            elif kind == "tournament_close":
                self._organizer(conn)
                self._need().state = OVER
                self._disarm_clock()
        except TournamentError as exc:
            raise Refused(str(exc)) from None
        if kind != "tournament":
            self.changed()
        return self.status_for(conn)

    def _need(self) -> Evening:
        if self.evening is None or (self.evening.state == OVER):
            raise Refused("no tournament is open")
        return self.evening

    def is_organizer(self, conn: Conn) -> bool:
        """Named organizers must have proved their name (a claimed name, names.py): a guest
        who merely says "Ana" is not Ana."""
        if self.organizers:
            return conn.identity.claimed and conn.name in self.organizers
        return self.evening is None or conn.name == self.evening.organizer

    def _organizer(self, conn: Conn) -> None:
        if self.organizers and not self.is_organizer(conn):
            raise Refused("only the evening's organizers may do that")
        if not self.organizers and self.evening is not None and conn.name != self.evening.organizer:
            raise Refused(f"only {self.evening.organizer}, who opened the tournament, may do that")

    def _open(self, conn: Conn, data: dict[str, Any]) -> None:
        if self.organizers and not self.is_organizer(conn):
            raise Refused("only the evening's organizers may open a tournament")
        if self.evening is not None and self.evening.state != OVER:
            raise Refused("a tournament is open already")
        settings = EveningSettings.from_json(data.get("settings"))
        self.evening = Evening.open(settings, conn.name, random.SystemRandom().randrange(2**31))
        log.info("%s opens a tournament: %s", conn.name, settings)

    # -- tables ---------------------------------------------------------------------------
    def open_tables(self, plans: list[TablePlan]) -> None:
        evening = self.evening
        assert evening is not None
        arrive_by = time.time() + self.arrival
        for plan in plans:
            slots = [Slot(name, kind, level, token, None, arrive_by if kind == "human" else None,
                          identity=evening.identities.get(name) if kind == "human" else None)
                     for name, kind, level, token in plan.seats]
            server = self.server
            # seed None: a secret deal from the OS, as at every hosted table that is not practice
            table = Table(server, server.new_code(), plan.config, slots, None, server.bot_delay)  # type: ignore[arg-type]
            server.tables[table.code] = table
            server._spawn(table)
            table.start()
            evening.opened(plan, table.code)
            log.info("tournament round %d, table %d is %s", plan.round, plan.table, table.code)
        for person, ticket in evening.tickets.items():
            for c in self._conns_of(person):
                c.send({"type": "seated", **ticket.to_json()})

    def table_finished(self, table: Table) -> None:
        evening = self.evening
        if evening is None or evening.state != PLAYING or table.match is None or table.match.phase != MATCH_OVER:
            return
        if evening.table_of_code(table.code) is None:
            return
        plans = evening.finished(table.code, list(table.match.scores))
        if plans:
            self.open_tables(plans)
            self._arm_clock()
        elif evening.state == OVER:
            self._disarm_clock()
        self.changed()

    # -- the round clock ------------------------------------------------------------------
    def _arm_clock(self) -> None:
        self._disarm_clock()
        evening = self.evening
        if evening is None or evening.settings.round_minutes is None or evening.state != PLAYING:
            return
        seconds = evening.settings.round_minutes * 60
        self.round_deadline = time.time() + seconds
        self._clock = asyncio.get_running_loop().call_later(seconds, self.clock_ran_out)

    def _disarm_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
        self._clock, self.round_deadline = None, None

    def clock_ran_out(self) -> None:
        """Bots finish every table of the round still being played."""
        self._clock = None
        evening = self.evening
        if evening is None or evening.state != PLAYING:
            return
        for code in evening.codes.values():
            table = self.server.tables.get(code)
            if table is None or table.match is None or table.match.phase == MATCH_OVER:
                continue
            for slot in table.slots:
                if slot.kind == "human":
                    slot.kind, slot.level = "bot", evening.settings.bot_level
            table.bot_delay = CLOCK_BOT_DELAY
            table.tell("The round clock has run out: bots finish this match.")
            table.wake.set()
            table.broadcast_table()
        log.info("tournament round %d: the clock ran out; bots finish it", evening.tournament.current.number if evening.tournament.current else 0)

    # -- telling --------------------------------------------------------------------------
    def _conns_of(self, name: str) -> list[Conn]:
        return [c for c in self.server.conns if c.hello and c.name == name]

    def public(self) -> dict[str, Any] | None:
        if self.evening is None:
            return None
        data = self.evening.public()
        data["round_deadline"] = self.round_deadline
        return data

    def status_for(self, conn: Conn) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "tournament", "tournament": self.public()}
        e = self.evening
        if e is not None:
            ticket = e.tickets.get(conn.name)
            msg["you"] = {"entered": conn.name in e.tournament.entrants and conn.name not in e.tournament.withdrawn,
                          "seat": ticket.to_json() if ticket else None,
                          "organizer": self.is_organizer(conn)}
        return msg

    def changed(self) -> None:
        self.save()
        for c in list(self.server.conns):
            if c.hello:
                c.send(self.status_for(c))

    # -- saving ---------------------------------------------------------------------------
    def save(self) -> None:
        if self.path is None or self.evening is None:
            return
        try:
            write_private(self.path, json.dumps(self.evening.to_json()))  # it holds seat tokens: 0600
        except OSError as exc:
            log.warning("cannot save the tournament: %s", exc)

    def load(self) -> None:
        """The evening of the last run, if any; a file that cannot be read is kept aside."""
        if self.path is None or not self.path.exists():
            return
        try:
            self.evening = Evening.from_json(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, TournamentError) as exc:
            aside = self.path.with_name(f"tournament-broken-{int(time.time())}.json")
            log.warning("cannot read the tournament back (%s); it is kept as %s", exc, aside.name)
            try:
                self.path.replace(aside)
            except OSError:
                pass
            return
        # tables that finished while the server was down are filed already: look at what is left
        if self.evening.state == PLAYING:
            for code in list(self.evening.codes.values()):
                if code not in self.server.tables:
                    log.warning("tournament table %s did not come back; it counts as unfinished", code)

    @property
    def registering(self) -> bool:
        return self.evening is not None and self.evening.state == REGISTERING
