"""A hosted club evening: one tournament, its registrations, and which table and seat
each person has in the round being played. No sockets and no clock here: the server's
tournament host (tournament_host.py) opens the tables this plans and reports back.

People are entered under their name, but an entry belongs to the identity that made it
(its `owner`: `name:Ana` for a claimed name, `guest:…` for one guest connection), never
to whoever says the same name later: only the owner's connections are told its seat,
and only the owner (or an organizer) withdraws it. One address may enter only so many
people, and fewer guests. With bots allowed, bot entrants fill a field that would leave
people sitting out or a table short; they stay in the standings like anyone.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ...bots import level_names
from ...engine import DEFAULT_VARIANT, ConfigError, TableConfig, make_config
from ...tournament import Entrant, Tournament, TournamentError, make_plan
from ...tournament.model import ROTATION, SWISS, Round
from ...tournament.seating import table_sizes
from ...tournament.standings import show
from ..host.limits import may_take, room_kept
from ..wire import says as S
from ..wire.says import Said

REGISTERING, PLAYING, OVER = "registering", "playing", "over"
MAX_ENTRANTS = 200
ENTRANTS_PER_ADDRESS = 32  # people one address may enter (a gateway's players all share its address)
GUESTS_PER_ADDRESS = 8  # of them, guests: a guest costs nothing to make, a claimed name is rate-limited
BOT_PREFIX = "Bot "
GUEST_OWNER = "guest:"  # an owner key held by one guest connection only


class EveningError(Said, TournamentError):
    """A TournamentError in one of says.py's templates, so a refusal can be translated."""


@dataclass(frozen=True)
class EveningSettings:
    variant: str = DEFAULT_VARIANT
    format: str = SWISS
    rounds: int = 3
    players: int | None = None
    target: int | None = None
    fill_bots: bool = True
    bot_level: str = "medium"
    round_minutes: float | None = None  # the round clock: after it, bots finish the round's tables

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: Any) -> EveningSettings:
        """Checked field by field: this comes from a client (or a file on disk)."""
        if not isinstance(data, dict):
            raise EveningError(S.SETTINGS_OBJECT)
        kinds: dict[str, tuple[type, ...]] = {
            "variant": (str,), "format": (str,), "rounds": (int,), "players": (int, type(None)),
            "target": (int, type(None)), "fill_bots": (bool,), "bot_level": (str,),
            "round_minutes": (int, float, type(None)),
        }
        given = {}
        for key, value in data.items():
            if key not in kinds:
                continue
            if type(value) not in kinds[key]:  # bool is no number here, nor a number a bool
                raise EveningError(S.SETTING_TYPE, key=repr(key)[:40])
            given[key] = value
        s = cls(**given)
        if s.bot_level not in level_names():
            raise EveningError(S.UNKNOWN_LEVEL, level=repr(s.bot_level)[:40], allowed=", ".join(level_names()))
        if s.round_minutes is not None and not 1 <= s.round_minutes <= 600:
            raise EveningError(S.ROUND_CLOCK_RANGE)
        return s


@dataclass
class Ticket:
    """A person's seat in the round being played."""

    round: int
    table: int
    seat: int
    token: str
    code: str = ""  # the server's table code, once the table is open

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class TablePlan:
    """A table the server should open: its rules and, per seat, who sits there."""

    round: int
    table: int
    config: TableConfig
    seats: tuple[tuple[str, str, str | None, str | None], ...]  # (name, "human"/"bot", level, token)


@dataclass
class Evening:
    settings: EveningSettings
    organizer: str
    tournament: Tournament
    state: str = REGISTERING
    bots: set[str] = field(default_factory=set)
    tickets: dict[str, Ticket] = field(default_factory=dict)  # person -> seat this round
    codes: dict[int, str] = field(default_factory=dict)  # table number -> code, this round
    recent: list[dict[str, Any]] = field(default_factory=list)  # finished tables, newest last
    identities: dict[str, str | None] = field(default_factory=dict)  # person -> names.Identity.key (None: a guest)
    owners: dict[str, str] = field(default_factory=dict)  # person -> the key that entered them (module doc)
    addresses: dict[str, str] = field(default_factory=dict)  # person -> the address they entered from
    entrants_per_address: int = ENTRANTS_PER_ADDRESS
    guests_per_address: int = GUESTS_PER_ADDRESS
    newcomer_share: float = 0.1  # of MAX_ENTRANTS, kept for addresses that entered nobody yet (limits.may_take)

    @classmethod
    def open(cls, settings: EveningSettings, organizer: str, seed: int) -> Evening:
        try:
            plan = make_plan(settings.variant, settings.format, settings.rounds, settings.players)
            if plan.fixed_pairs:
                raise EveningError(S.PARTNER_ROTATES)
            for size in plan.table_sizes:
                make_config(plan.variant, size, settings.target)
        except ConfigError as exc:
            raise EveningError(exc.phrase) from None
        return cls(settings, organizer, Tournament(plan, seed=seed))

    # -- people -------------------------------------------------------------------------
    def register(self, name: str, identity: str | None = None, owner: str | None = None, address: str = "?") -> None:
        """Enter `name` for `owner` (by default its identity, else the name itself: a local
        caller such as a test or the board's fixtures)."""
        owner = owner or identity or f"local:{name}"
        if self.state == OVER:
            raise EveningError(S.TOURNAMENT_OVER)
        if name.startswith(BOT_PREFIX):
            raise EveningError(S.BOT_NAMES, prefix=repr(BOT_PREFIX))
        mine = self.entry_of(owner)
        if mine is not None:
            if mine in self.tournament.withdrawn:
                self.tournament.rejoin(mine)
            return
        held = self.owners.get(name, "")
        if identity is not None and held.startswith(GUEST_OWNER) and not self.tournament.started:
            self.forget(name)  # a proven name beats a guest who only said it
        if name in self.tournament.entrants:
            raise EveningError(S.ENTERED_AS, name=name)
        if len(self.tournament.entrants) >= MAX_ENTRANTS:
            raise EveningError(S.TOURNAMENT_FULL, count=MAX_ENTRANTS)
        from_here = [n for n, a in self.addresses.items() if a == address]
        if len(from_here) >= self.entrants_per_address:
            raise EveningError(S.ADDRESS_ENTRANTS, count=len(from_here))
        if not may_take(len(from_here), len(self.tournament.entrants), MAX_ENTRANTS, self.entrants_per_address,
                        self.newcomer_share):
            raise EveningError(S.PLACES_KEPT, count=room_kept(MAX_ENTRANTS, self.newcomer_share))
        guests_here = sum(1 for n in from_here if self.owners.get(n, "").startswith(GUEST_OWNER))
        if owner.startswith(GUEST_OWNER) and guests_here >= self.guests_per_address:
            raise EveningError(S.ADDRESS_GUESTS, count=self.guests_per_address)
        self.tournament.add(Entrant(name))
        self.identities[name], self.owners[name], self.addresses[name] = identity, owner, address

    def entry_of(self, owner: str) -> str | None:
        """The name `owner` entered, if any."""
        for name, key in self.owners.items():
            if key == owner:
                return name
        return None

    def withdraw(self, name: str) -> None:
        if name not in self.tournament.entrants:
            raise EveningError(S.NOT_ENTERED)
        self.tournament.withdraw(name)

    def forget(self, name: str) -> None:
        """Before the start: the entry goes altogether (a guest whose connection went can
        never come back to it, so it would only take a place)."""
        if self.tournament.started or name not in self.tournament.entrants:
            return
        del self.tournament.entrants[name]
        self.tournament.withdrawn.discard(name)
        for book in (self.identities, self.owners, self.addresses):
            book.pop(name, None)

    # -- rounds -------------------------------------------------------------------------
    def start(self) -> list[TablePlan]:
        if self.state != REGISTERING:
            raise EveningError(S.TOURNAMENT_STARTED)
        people, least = len(self.tournament.active), self.least_people()
        if not people:  # bots would play an evening among themselves
            raise EveningError(S.NOBODY_ENTERED)
        if people < least:  # a table short, and nobody to fill it
            raise EveningError(S.TOO_FEW_ENTERED, count=people, least=least)
        if self.settings.fill_bots:
            self._fill()
        plans = self._next_round()
        self.state = PLAYING
        return plans

    def least_people(self) -> int:
        """The people an evening starts with: one where bots fill the tables, else as many
        as its smallest table seats."""
        return 1 if self.settings.fill_bots else self.tournament.plan.min_entrants

    def _fill(self) -> None:
        """Bot entrants so nobody sits out and every table is full (once, at the start)."""
        plan, count = self.tournament.plan, len(self.tournament.active)
        want = max(count, plan.min_entrants)
        if plan.two_sided:
            want += want % 2
        elif plan.teams:
            want += (-want) % 4
        elif want == 5:
            want = 6
        n = 1
        while len(self.tournament.active) < want:
            name = f"{BOT_PREFIX}{n}"
            n += 1
            if name not in self.tournament.entrants:
                self.tournament.add(Entrant(name))
                self.bots.add(name)

    def _next_round(self) -> list[TablePlan]:
        rnd = self.tournament.pair_next()
        self.tickets, self.codes = {}, {}
        return [self._table_plan(rnd, table.number) for table in rnd.tables]

    def _table_plan(self, rnd: Round, number: int) -> TablePlan:
        table = rnd.table(number)
        seats: list[tuple[str, str, str | None, str | None]] = []
        for i, (person, _entrant) in enumerate(self.tournament.seat_people(table)):
            if person in self.bots:
                seats.append((person, "bot", self.settings.bot_level, None))
            else:
                token = secrets.token_urlsafe(18)
                self.tickets[person] = Ticket(rnd.number, number, i, token)
                seats.append((person, "human", None, token))
        config = make_config(self.tournament.plan.variant, len(seats), self.settings.target)
        return TablePlan(rnd.number, number, config, tuple(seats))

    def opened(self, plan: TablePlan, code: str) -> None:
        self.codes[plan.table] = code
        for name, kind, _level, _token in plan.seats:
            if kind == "human":
                self.tickets[name].code = code

    def table_of_code(self, code: str) -> int | None:
        for number, c in self.codes.items():
            if c == code:
                return number
        return None

    def finished(self, code: str, scores: list[int]) -> list[TablePlan]:
        """A table of this round is over; the next round's tables once the round is complete."""
        number = self.table_of_code(code)
        rnd = self.tournament.current
        if number is None or rnd is None or number in rnd.results or self.state != PLAYING:
            return []
        self.tournament.record(rnd.number, number, scores)
        table = rnd.table(number)
        self.recent.append({"round": rnd.number, "table": number,
                            "sides": [list(s) for s in table.sides], "scores": list(scores)})
        del self.recent[:-12]
        if not rnd.complete:
            return []
        if self.tournament.is_over:
            self.state = OVER
            self.tickets = {}
            return []
        return self._next_round()

    # -- telling ------------------------------------------------------------------------
    def public(self) -> dict[str, Any]:
        """What everyone may know (no tokens)."""
        t = self.tournament
        rnd = t.current
        results = rnd.results if rnd else {}
        return {
            "state": self.state, "organizer": self.organizer, "settings": self.settings.to_json(),
            "title": f"{t.plan.variant} {t.plan.format}, {t.plan.rounds} rounds",
            "round": rnd.number if rnd else 0,
            "entrants": [{"name": n, "bot": n in self.bots, "withdrawn": n in t.withdrawn} for n in t.entrants],
            "tables": [
                {"table": tb.number, "code": self.codes.get(tb.number), "sides": [list(s) for s in tb.sides],
                 "scores": list(results[tb.number]) if tb.number in results else None}
                for tb in (rnd.tables if rnd else [])
            ],
            "byes": list(rnd.byes) if rnd else [],
            "standings": [{**s.to_json(), "shown": show(s.points), "bot": s.name in self.bots} for s in t.standings()],
            "recent": list(self.recent),
            "table_sizes": self._sizes_preview(),
        }

    def _sizes_preview(self) -> list[int]:
        try:
            if self.tournament.plan.format != ROTATION:
                return []
            return table_sizes(self.tournament.plan, len(self.tournament.active))[0]
        except TournamentError:
            return []

    # -- saving -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_json(), "organizer": self.organizer, "state": self.state,
            "tournament": self.tournament.to_json(), "bots": sorted(self.bots),
            "tickets": {k: v.to_json() for k, v in self.tickets.items()},
            "codes": {str(k): v for k, v in self.codes.items()}, "recent": self.recent,
            "identities": self.identities, "owners": self.owners, "addresses": self.addresses,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evening:
        evening = cls._read(data)
        for name, identity in evening.identities.items():  # a file from before owners: claimed names own theirs
            if identity is not None:
                evening.owners.setdefault(name, identity)
        return evening

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Evening:
        return cls(
            EveningSettings.from_json(data["settings"]), str(data["organizer"]),
            Tournament.from_json(data["tournament"]), str(data["state"]), {str(b) for b in data.get("bots", [])},
            {str(k): Ticket(**v) for k, v in data.get("tickets", {}).items()},
            {int(k): str(v) for k, v in data.get("codes", {}).items()}, list(data.get("recent", [])),
            {str(k): (str(v) if v is not None else None) for k, v in data.get("identities", {}).items()},
            {str(k): str(v) for k, v in data.get("owners", {}).items()},
            {str(k): str(v) for k, v in data.get("addresses", {}).items()},
        )
