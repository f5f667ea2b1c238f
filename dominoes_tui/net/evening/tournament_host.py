"""The server's side of a club evening: the `tournament_*` requests, opening each round's
tables, sending everyone to their seat, and keeping the evening on disk (its round clock
is round_clock.py).

It holds at most one evening at a time; who organizes it is organizers.py.

What one client may make the server do for the others is bounded: each connection's
changes (register, withdraw, …) are rate-limited, and the `tournament` pushes to the
clients following the evening are coalesced (at most one every PUSH_EVERY seconds). The
evening's public state is built (and encoded) once per push, not once per request: a
register or withdraw is answered with the push that follows it, and a question in
between is answered with the state last pushed.
The server calls `table_finished` whenever a table's match ends and `request` for the
messages below.
"""
from __future__ import annotations

import json
import logging
import random
import secrets
import time
import weakref
from pathlib import Path
from typing import Any, Protocol

import msgspec

from ...engine import MATCH_OVER
from ...i18n import _, told
from ...i18n.os_words import os_words
from ...tournament import TournamentError
from ..host.connection import Conn, Refused
from ..host.console import evening_words, tell
from ..host.names import NameRegister
from ..host.pacing import Allowance, Coalesced
from ..host.storage import write_private
from ..tables.table import Slot, Table, TableHost
from ..wire import protocol as P
from ..wire import requests as R
from ..wire import says as S
from .evening import (
    ENTRANTS_PER_ADDRESS,
    GUEST_OWNER,
    GUESTS_PER_ADDRESS,
    OVER,
    PLAYING,
    REGISTERING,
    Evening,
    EveningSettings,
    TablePlan,
)
from .evening_puzzle import EveningPuzzle
from .organizers import Organizers
from .puzzle_search import PuzzleSearch
from .round_clock import RoundClock


class EveningServer(TableHost, Protocol):
    """What the tournament host needs of the server (server.py imports this module),
    besides what its tables need."""

    data_dir: Path | None
    tables: dict[str, Table]
    conns: set[Conn]
    bot_delay: float
    names: NameRegister

    def new_code(self) -> str: ...
    def _spawn(self, table: Table) -> None: ...

log = logging.getLogger("dominoes_tui.net")

REQUESTS = {"tournament", "tournament_open", "tournament_register", "tournament_withdraw", "tournament_start",
            "tournament_close", "tournament_organize"}
ARRIVAL = 20.0  # seconds a person has to reach a new table before a stand-in plays for them
PUSH_EVERY = 0.25  # seconds between `tournament` pushes, at most
CHANGE_BURST, CHANGE_EVERY = 6, 2.0  # changes one connection may make at once, then one every 2 s


class TournamentHost:
    def __init__(self, server: EveningServer, organizers: set[str] | None = None) -> None:
        self.server = server
        self.organizers = Organizers(organizers)  # set up in load()
        self.arrival = ARRIVAL
        self.entrants_per_address, self.guests_per_address = ENTRANTS_PER_ADDRESS, GUESTS_PER_ADDRESS
        self.evening: Evening | None = None
        self.clock = RoundClock(lambda: self.evening, server.tables)
        self.path = server.data_dir / "tournament.json" if server.data_dir else None
        self._guests: weakref.WeakKeyDictionary[Conn, str] = weakref.WeakKeyDictionary()  # guest conn -> its owner key
        self._allowance = Allowance(CHANGE_BURST, 1 / CHANGE_EVERY, store=weakref.WeakKeyDictionary())
        self.followers: weakref.WeakSet[Conn] = weakref.WeakSet()  # connections that asked about the evening
        self._pusher = Coalesced(PUSH_EVERY, self._push)
        self._unsaved = False
        self._public: dict[str, Any] | None = None  # public() as last built: at the last push, or an organizer's change
        self._head: bytes | None = None  # its encoding, the start of every `tournament` message
        self._answers: list[tuple[Conn, Any]] = []  # changes answered by the next push: (connection, message id)
        self.puzzle = EveningPuzzle()  # the puzzle of the evening on the board, from its finished matches ...
        self.puzzle_search = PuzzleSearch(self.puzzle.found)  # ... harvested in a worker behind the tables
        self.puzzle.searching = lambda: not self.puzzle_search.idle

    # -- requests -------------------------------------------------------------------------
    def request(self, conn: Conn, wish: R.Request) -> None:
        """Do what `wish` asks and answer it (now, or with the next push); Refused if not."""
        kind, msg_id = R.kind_of(wish), wish.id
        self.may_ask(conn, kind)
        try:
            if isinstance(wish, R.TournamentOrganize):
                self.organizers.prove(conn, wish.secret, wish.proof)
                self._answer(conn, msg_id)
                return
            if isinstance(wish, R.TournamentOpen):
                self._open(conn, wish.settings)
            elif kind == "tournament_register":
                evening = self._need()
                evening.entrants_per_address, evening.guests_per_address = self.entrants_per_address, self.guests_per_address
                evening.newcomer_share = self.server.limits.newcomer_share
                self._forget_gone_guests(evening)
                evening.register(conn.name, conn.identity.key, self.owner_of(conn), conn.address)
            elif isinstance(wish, R.TournamentWithdraw):
                self._withdraw(conn, wish.name)
            elif kind == "tournament_start":
                self._organizer(conn)
                evening = self._need()
                self._forget_gone_guests(evening)
                try:
                    plans = evening.start()
                except TournamentError as exc:  # the host sees why the evening has not begun, too
                    tell(log, _("{name} asked to start the tournament: {reason}").format(name=conn.name, reason=told(exc)))
                    raise
                self.open_tables(plans)
                self.clock.arm()
            elif kind == "tournament_close":
                self._organizer(conn)
                self._need().state = OVER
                self.clock.disarm()
        except TournamentError as exc:
            raise Refused.again(exc) from None
        if kind == "tournament":
            self._answer(conn, msg_id)
            return
        self._allowance.spend(conn)
        urgent = kind not in ("tournament_register", "tournament_withdraw")
        self.changed(urgent=urgent)
        if urgent:  # an organizer's step: answered at once, with the evening as it now is
            self._built()
            self._answer(conn, msg_id)
        else:  # anyone's: answered by the push, which builds the evening once for all of them
            self._answers.append((conn, msg_id))

    def may_ask(self, conn: Conn, kind: str) -> None:
        """Refused unless `conn` may ask `kind` now: what is checked before the request's fields."""
        self.followers.add(conn)
        if kind != "tournament" and self._allowance.left(conn) < 1:
            # every change is pushed to everyone following the evening: a storm from one
            # client must not become everyone's work (a refused request costs nothing)
            raise Refused(S.TOO_FAST, seconds=f"{CHANGE_EVERY:g}")
        if kind == "tournament_open":
            self._may_open(conn)
        elif kind == "tournament_withdraw":
            self._need()

    def _need(self) -> Evening:
        if self.evening is None or (self.evening.state == OVER):
            raise Refused(S.NO_TOURNAMENT)
        return self.evening

    @property
    def organizer_secret(self) -> str:
        return self.organizers.secret

    def is_organizer(self, conn: Conn) -> bool:
        return self.organizers.holds(conn, self.server.names)

    def _organizer(self, conn: Conn) -> None:
        if not self.is_organizer(conn):
            raise Refused(S.ORGANIZERS_ONLY)

    def _may_open(self, conn: Conn) -> None:
        if not self.is_organizer(conn):
            raise Refused(S.ORGANIZERS_OPEN)
        if self.evening is not None and self.evening.state != OVER:
            raise Refused(S.TOURNAMENT_OPEN)

    def _open(self, conn: Conn, wished: R.TournamentSettings) -> None:
        settings = EveningSettings.from_json(msgspec.to_builtins(wished))  # the values checked there
        self.evening = Evening.open(settings, conn.name, random.SystemRandom().randrange(2**31))
        self.puzzle.reset()
        tell(log, _("{name} opens a tournament: {settings}").format(name=conn.name, settings=evening_words(settings)))

    def _withdraw(self, conn: Conn, name: str | None) -> None:
        """One's own entry; with `name`, an organizer withdraws someone."""
        evening = self._need()
        if name is not None:
            self._organizer(conn)
            evening.withdraw(name)
            return
        mine = evening.entry_of(self.owner_of(conn))
        if mine is None:
            raise Refused(S.NOT_ENTERED)
        evening.withdraw(mine)

    # -- who is who -----------------------------------------------------------------------
    def owner_of(self, conn: Conn) -> str:
        """The key an entry belongs to: the claimed identity, or this one guest connection."""
        key = conn.identity.key
        if key is not None:
            return key
        guest = self._guests.get(conn)
        if guest is None:
            guest = self._guests[conn] = GUEST_OWNER + secrets.token_hex(8)
        return guest

    def _forget_gone_guests(self, evening: Evening) -> None:
        """A guest's entry lasts as long as its connection (nobody can come back as that
        guest): before the start it goes; after, it is withdrawn, kept in the standings but
        not paired again (its seats would only be a stand-in's, sent to nobody)."""
        if evening.state == OVER:
            return
        live = {self._guests[c] for c in self.server.conns if c in self._guests and not c.closed}
        for name, owner in list(evening.owners.items()):
            if owner.startswith(GUEST_OWNER) and owner not in live:
                if evening.state == REGISTERING:
                    evening.forget(name)
                elif name not in evening.tournament.withdrawn:
                    evening.withdraw(name)

    def names_in_use(self) -> set[str]:
        """Entrants' names: a guest saying one of them gets a name of its own at hello."""
        if self.evening is None or self.evening.state == OVER:
            return set()
        return set(self.evening.tournament.entrants)

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
            table = Table(server, server.new_code(), plan.config, slots, None, server.bot_delay)
            server.tables[table.code] = table
            server._spawn(table)
            table.start()
            evening.opened(plan, table.code)
            tell(log, _("Tournament round {round}: table {n} is {code}").format(round=plan.round, n=plan.table, code=table.code))
        for person, ticket in evening.tickets.items():
            for c in self._conns_of(person):
                c.send({"type": "seated", **ticket.to_json()})

    def table_finished(self, table: Table) -> None:
        evening = self.evening
        if evening is None or evening.state != PLAYING or table.match is None or table.match.phase != MATCH_OVER:
            return
        if evening.table_of_code(table.code) is None:
            return
        self._forget_gone_guests(evening)  # before the next round is paired
        self.puzzle_search.match_over(table, evening.tournament.current.number if evening.tournament.current else 0)
        plans = evening.finished(table.code, list(table.match.scores))
        if plans or evening.state == OVER:  # between two rounds, or after the last: the board's puzzle
            self.puzzle.round_over()
        if plans:
            self.open_tables(plans)
            self.clock.arm()
        elif evening.state == OVER:
            self.clock.disarm()
        self.changed()

    # -- telling --------------------------------------------------------------------------
    def _conns_of(self, name: str) -> list[Conn]:
        """The connections of the identity that entered `name` (never of another who says it)."""
        owner = self.evening.owners.get(name) if self.evening is not None else None
        if owner is None:
            return []
        return [c for c in self.server.conns
                if c.hello and not c.closed and (c.identity.key or self._guests.get(c)) == owner]

    def public(self) -> dict[str, Any] | None:
        """The evening as last pushed (built now if it never was)."""
        if self.evening is None:
            return None
        if self._public is None:
            self._built()
        return self._public

    def _built(self) -> bytes:
        """Build the evening's public state now; its encoding, the head of a `tournament` message."""
        self._public = {**self.evening.public(), "round_deadline": self.clock.deadline} if self.evening else None
        self._head = b'{"type":"tournament","tournament":' + json.dumps(self._public, separators=(",", ":")).encode("utf-8")
        return self._head

    def _message(self, conn: Conn, msg_id: Any = None) -> bytes:
        """A `tournament` message for `conn`: the shared head, its own part (and the id it answers)."""
        head = self._head if self._head is not None and self._public is not None else self._built()
        tail = b',"id":' + json.dumps(msg_id).encode("utf-8") if msg_id is not None else b""
        return head + b',"you":' + P.encode(self._you(conn))[:-1] + tail + b"}\n"

    def _answer(self, conn: Conn, msg_id: Any) -> None:
        conn.send_bytes(self._message(conn, msg_id))

    def _you(self, conn: Conn) -> dict[str, Any]:
        e = self.evening
        mine = e.entry_of(self.owner_of(conn)) if e is not None else None
        ticket = e.tickets.get(mine) if e is not None and mine is not None else None
        rnd = e.tournament.current if e is not None else None
        return {"entered": e is not None and mine is not None and mine not in e.tournament.withdrawn,
                "seat": ticket.to_json() if ticket else None, "organizer": self.is_organizer(conn),
                # the round this person sits out, so the client can say so wherever they are
                "bye": rnd.number if rnd is not None and mine is not None and mine in rnd.byes else None}

    def changed(self, urgent: bool = True) -> None:
        """Tell those following the evening, at most every PUSH_EVERY seconds; `urgent`
        saves at once (a round opened), else with the push (a registration)."""
        if urgent:
            self.save()
        else:
            self._unsaved = True
        self._pusher.due()

    def _push(self) -> None:
        if self._unsaved:
            self._unsaved = False
            self.save()
        self._built()  # once for every follower and every change answered here
        answers, self._answers = self._answers, []
        for c in list(self.followers):
            if c.hello and not c.closed and c in self.server.conns:
                c.send_bytes(self._message(c))
        for c, msg_id in answers:
            if not c.closed and c in self.server.conns:
                c.send_bytes(self._message(c, msg_id))

    # -- saving ---------------------------------------------------------------------------
    def save(self) -> None:
        if self.path is None or self.evening is None:
            return
        try:
            write_private(self.path, json.dumps(self.evening.to_json()))  # it holds seat tokens: 0600
        except OSError as exc:
            tell(log, _("Cannot save the tournament: {reason}").format(reason=os_words(exc)), logging.WARNING)

    def load(self) -> None:
        """The organizer secret and pinned organizers; the evening of the last run, if any
        (a file that cannot be read is kept aside)."""
        self.organizers.set_up(self.server.names, self.server.data_dir)
        if self.path is None or not self.path.exists():
            return
        try:
            self.evening = Evening.from_json(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, TournamentError) as exc:
            aside = self.path.with_name(f"tournament-broken-{int(time.time())}.json")
            tell(log, _("Cannot read the tournament back ({reason}); it is kept as {file}").format(
                reason=os_words(exc) if isinstance(exc, OSError) else exc, file=aside.name), logging.WARNING)
            try:
                self.path.replace(aside)
            except OSError:
                pass
            return

    def tables_back(self) -> None:
        """Said once the last run's tables are back (server.py): a table of the round
        being played that neither came back nor has its result counts as unfinished."""
        evening = self.evening
        rnd = evening.tournament.current if evening is not None else None
        if evening is None or rnd is None or evening.state != PLAYING:
            return
        for number, code in evening.codes.items():
            if code not in self.server.tables and number not in rnd.results:
                tell(log, _("Tournament table {code} did not come back; it counts as unfinished").format(code=code),
                     logging.WARNING)

    @property
    def registering(self) -> bool:
        return self.evening is not None and self.evening.state == REGISTERING
