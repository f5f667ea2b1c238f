"""The club evening in the hosted client: the tournament's state, registering, and (for
organizers) opening and starting it; and being taken to one's seat every round.

`EveningFollower` is the app's side: it keeps the last `tournament` message and, when
the person is in the lobby and the server has given them a seat, joins it. At a table
the table's own screen has the connection; a seat of the next round is taken on the way
back to the lobby (after the match-end screen).
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping
from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from ....engine import VARIANTS
from ....i18n import N_, _, ngettext
from ....net.client.client import Connection
from ....net.wire.answers import AnyAnswer, Sat
from ....net.wire.server_parts import Wire
from ....table.client import TableClient
from ....table.titles import variant_title
from ...widgets.footer import Footer
from .evening_form import OpenTournament
from .evening_words import format_words


class EveningApp(Protocol):
    """What the follower needs of the hosted app (remote_app.py, which imports this module)."""

    client: TableClient | None

    # the session's, read only (net/client/session.py)
    @property
    def pending(self) -> Sat | None: ...  # a joined answer, until the table starts
    @property
    def table_code(self) -> str | None: ...
    @property
    def conn(self) -> Connection | None: ...

    @property
    def screen(self) -> Screen[Any]: ...
    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...
    def do(self, work: Awaitable[Any]) -> None: ...
    def pop_screen(self) -> Any: ...
    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> None: ...
    async def _ask(self, msg: dict[str, Any]) -> AnyAnswer | None: ...


def plain(value: object, limit: int = 40) -> str:
    return "".join(ch for ch in str(value) if ch.isprintable())[:limit]



# seconds between tries at a seat refused for a while: soon at first (its stand-in starts
# playing 25 s after the pairing), then slower, few in all (each refusal counts among the
# mistakes a connection may make, which the server forgives one a minute)
RETRY_PAUSES = (1.0, 2.0, 4.0, 7.0, 12.0, 20.0, 35.0, 60.0)


class EveningFollower:
    def __init__(self, app: EveningApp) -> None:
        self.app = app
        self.tournament: dict[str, Any] | None = None
        self.you: dict[str, Any] = {}
        self._taken: set[str] = set()  # table codes we were sent to already
        self._announced: set[str] = set()  # ... or told of while at a table
        self._byes_told: set[int] = set()  # rounds this person sits out, said once each
        self.last_form: dict[str, Any] | None = None  # the organizer's last tournament settings

    def on_push(self, msg: Mapping[str, Any] | Wire) -> None:
        """A `tournament` or `seated` message (typed, as the connection read it: answers.py)."""
        if msg.get("type") == "tournament":
            self.tournament = msg.get("tournament")
            self.you = msg.get("you") or {}
        elif msg.get("type") == "seated":
            self.you = {**self.you, "seat": msg}
        screen = self.app.screen
        if isinstance(screen, EveningScreen):
            screen.redraw()
        lobby = getattr(self.app, "lobby", None)
        if lobby is not None and lobby.is_mounted:
            # its line about the evening; also after `refresh` on the way back from a table,
            # where pushes went to the table and the lobby's line was left stale
            lobby.redraw()
        self._tell_bye()
        self.maybe_go()

    def _tell_bye(self) -> None:
        """A bye has no table to be taken to: say it once, on whatever screen is up (often
        the last match's end, whose button says only "Back to the lobby")."""
        bye = self.you.get("bye")
        if not isinstance(bye, int) or bye in self._byes_told:
            return
        self._byes_told.add(bye)
        self._tell(self.aside())

    def lobby_line(self) -> str:
        """The evening in one line for the lobby, so nobody waits there wondering."""
        t, you = self.tournament, self.you
        if not t:
            return ""
        s = t["settings"]
        if t["state"] == "registering":
            if you.get("entered"):
                return _("Tournament: registration is open and you are entered; t shows who else.")
            return _("A tournament is open for registration: t, then r enters you.")
        if t["state"] == "over":
            return _("The tournament is over: t shows the final standings.")
        where = _("Tournament round {round} of {rounds}").format(round=t["round"], rounds=s["rounds"])
        if not you.get("entered"):
            return _("{where} is being played; t shows the standings.").format(where=where)
        if self.seat_waiting():
            return _("{where}: taking you to your table…").format(where=where)
        if t["round"] >= s["rounds"]:  # the last round: no next table, only the final standings
            return _("{where}, the last: the final standings come when every table is done; t shows them.").format(where=where)
        return _("{where}: you are taken to your table when the next round is paired; t shows the standings.").format(where=where)

    def seat_waiting(self) -> bool:
        """A seat this person has not been taken to yet (the next round is paired)."""
        seat = self.you.get("seat")
        return bool(seat and seat.get("code") and seat["code"] not in self._taken)

    def maybe_go(self) -> None:
        """Take the person to their seat of this round, once, when they are not at a table."""
        seat = self.you.get("seat")
        app = self.app
        if not seat or not seat.get("code") or seat["code"] in self._taken:
            return
        if app.client is not None or app.pending is not None or app.table_code is not None:
            self._announce(seat)  # at a table: the seat is taken on the way back to the lobby
            return
        self._taken.add(seat["code"])
        if self._over(seat["code"]):  # back after the match ended: its code would count as a wrong guess
            return
        where = _("Round {n}").format(n=seat["round"]) if seat.get("round") else _("Quick match")
        app.notify(_("{where}: your seat is at table {code}.").format(where=where, code=seat["code"]), timeout=6, markup=False)
        app.do(self._go(seat))

    def _announce(self, seat: dict[str, Any]) -> None:
        """Say once that the next table waits: its stand-in starts playing for an absent
        person soon, and the match-end screen that is up said only "Back to the lobby"."""
        if seat["code"] == self.app.table_code:  # sat down there by hand: nothing to announce
            self._taken.add(seat["code"])
            return
        if seat["code"] in self._announced:
            return
        self._announced.add(seat["code"])
        self._tell(self.aside())
        relabel = getattr(self.app.screen, "relabel", None)  # the match-end screen, when it is up
        if relabel is not None:
            relabel(_("To your next table"))

    def aside(self) -> str:
        """What a summary says of the evening while this person is at a table's end: the
        next seat waiting, else this round's bye; "" when nothing (screens/summary.py)."""
        seat = self.you.get("seat")
        if seat and self.seat_waiting():
            where = _("Round {n} is paired").format(n=seat["round"]) if seat.get("round") else _("A quick match is paired")
            return _("{where}: your seat is at table {code}; n at the end of this match takes you there.").format(
                where=where, code=plain(seat["code"], 12))
        bye, t = self.you.get("bye"), self.tournament
        if isinstance(bye, int) and not (t and t.get("state") == "over"):  # the round being played's
            return _("Round {n}: you have a bye and no table this round; it counts in the standings. "
                     "t shows them; the next round comes when every table is done.").format(n=bye)
        return ""

    def _tell(self, said: str) -> None:
        """In the summary that is up, where it hides nothing; at a table, in the summaries
        still to come (they ask `aside` when they open: a notice now would lie over the
        one about to open); elsewhere, a notice."""
        say = getattr(self.app.screen, "say_aside", None)
        if say is not None:
            say(said)
        elif said and self.app.table_code is None:
            self.app.notify(said, timeout=30, markup=False)

    def _over(self, code: str) -> bool:
        """The evening shows this round's table `code` finished."""
        tables = (self.tournament or {}).get("tables") or []
        return any(t.get("code") == code and t.get("scores") is not None for t in tables if isinstance(t, Mapping))

    def _still_to_take(self, seat: dict[str, Any]) -> bool:
        """The seat is still this person's to take, from the lobby, and its table is on."""
        app = self.app
        now = self.you.get("seat") or {}
        return (app.conn is not None and now.get("code") == seat["code"] and not self._over(seat["code"])
                and app.client is None and app.pending is None and app.table_code is None)

    async def _go(self, seat: dict[str, Any]) -> None:
        """Sit down at the seat; a refusal that keeps it (the address waits after wrong
        table codes, which other people at the same address may have given) is tried
        again, more slowly each time, while the seat waits: the stand-in plays it meanwhile."""
        app = self.app
        for pause in (0.0, *RETRY_PAUSES):
            await asyncio.sleep(pause)
            if not self._still_to_take(seat):
                return
            while isinstance(app.screen, (EveningScreen, OpenTournament)):
                await app.pop_screen()
            await app.join(seat["code"], token=seat["token"])

    async def refresh(self) -> None:
        if self.app.conn is None:
            return
        answer = await self.app._ask({"type": "tournament"})
        if answer is not None:
            self.on_push(answer)

    async def ask(self, kind: str, **fields: Any) -> None:
        answer = await self.app._ask({"type": kind, **fields})
        if answer is not None:
            self.on_push(answer)


def describe(t: dict[str, Any] | None, you: dict[str, Any]) -> Text:
    """The evening in words: what it is, where it stands, you, the round, the standings."""
    text = Text()
    if t is None:
        text.append(_("No tournament is open on this server.") + "\n", "bold")
        if you.get("organizer"):
            text.append(_("You organize here: o opens one."), "dim")
        else:
            text.append(_("The host's organizers open one (dominoes join --organizer)."), "dim")
        return text
    s = t["settings"]
    rules = variant_title(s["variant"]) if s["variant"] in VARIANTS else plain(s["variant"])
    if isinstance(s.get("target"), int):  # a club evening's target is often short of the variant's
        rules = _("{rules} to {target}").format(rules=rules, target=s["target"])
    about = ngettext("{rules}, {format}, {n} round", "{rules}, {format}, {n} rounds", s["rounds"])
    text.append(about.format(rules=rules, format=format_words(s["format"]), n=s["rounds"]), "bold")
    text.append(_(" · opened by {name}").format(name=plain(t["organizer"], 14)))
    if s.get("round_minutes"):
        text.append(_(" · round clock {minutes} min").format(minutes=f"{s['round_minutes']:g}"))
    text.append("\n")
    state = {"registering": _("Registration is open"), "playing": _("Round {n} is being played").format(n=t["round"]),
             "over": _("The tournament is over")}.get(t["state"], plain(t["state"]))
    text.append(state + ". ")
    if you.get("entered") and t["state"] == "over":
        text.append(_("You played in it. "), "bold")
    elif you.get("entered"):
        text.append(_("You are entered. "), "bold")
        seat = you.get("seat")
        if seat and t["state"] == "playing":
            text.append(_("Your seat: table {code}, seat {seat}. ").format(code=plain(seat.get("code", ""), 6),
                                                                          seat=seat["seat"] + 1))
    elif t["state"] != "over":
        text.append(_("Press r to enter. "))
    text.append("\n\n")
    if t["state"] == "registering":
        names = [plain(e["name"], 14) for e in t["entrants"] if not e["withdrawn"]]
        text.append(_("Entered ({n}): ").format(n=len(names)) + (", ".join(names) or _("nobody yet")) + "\n")
        return text
    if t["tables"]:
        text.append(_("Round {n}").format(n=t["round"]) + "\n", "bold")
        for tb in t["tables"]:
            sides = _(" v ").join(plain(" + ".join(side), 30) for side in tb["sides"])
            result = " - ".join(str(x) for x in tb["scores"]) if tb["scores"] else _("playing")
            text.append(f"  {tb['table']:>2}. {sides}  ({result})\n")
        for name in t["byes"]:
            text.append("      " + _("{name}: bye").format(name=plain(name, 14)) + "\n")
    text.append("\n" + _("Standings (points, opponents' points, difference)") + "\n", "bold")
    for row in t["standings"]:  # every row: the last of a big evening want to see theirs too (it scrolls)
        out = _(" (withdrawn)") if row["withdrawn"] else ""
        text.append(f"  {row['rank']:>3}. {plain(row['name'], 14):<14} {row['shown']:>5}"
                    f" {row['opponents_score']:>6g} {row['difference']:>7g}{out}\n")
    return text


class EveningScreen(Screen[None]):
    BINDINGS = [
        Binding("r", "register", N_("Enter")),
        Binding("w", "withdraw", N_("Withdraw")),
        Binding("o", "open", N_("Open one")),
        Binding("s", "start", N_("Start")),
        Binding("x", "close_evening", N_("Close")),
        Binding("escape", "back", N_("Lobby")),
    ]
    DEFAULT_CSS = """
    EveningScreen { layout: vertical; }
    #evening-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    #evening-scroll { height: 1fr; }
    #evening-body { height: auto; padding: 0 1; }
    """

    def __init__(self, follower: EveningFollower) -> None:
        super().__init__()
        self.follower = follower

    def compose(self) -> ComposeResult:
        yield Static(_("Tournament"), id="evening-title")
        with VerticalScroll(id="evening-scroll"):  # focused: ↑ ↓ PgUp PgDn Home End scroll a big evening
            yield Static(id="evening-body")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        self.follower.app.do(self.follower.refresh())

    def redraw(self) -> None:
        f = self.follower
        self.query_one("#evening-body", Static).update(describe(f.tournament, f.you))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        t, you = self.follower.tournament, self.follower.you
        live = t is not None and t["state"] != "over"
        if action == "register":
            return live and not you.get("entered")
        if action == "withdraw":
            return live and bool(you.get("entered"))
        if action == "open":
            return not live and bool(you.get("organizer"))
        if action in ("start", "close_evening"):
            registering = t is not None and t["state"] == "registering"
            return live and bool(you.get("organizer")) and (action == "close_evening" or registering)
        return True

    def action_register(self) -> None:
        self.follower.app.do(self.follower.ask("tournament_register"))

    def action_withdraw(self) -> None:
        self.follower.app.do(self.follower.ask("tournament_withdraw"))

    def action_start(self) -> None:
        self.follower.app.do(self.follower.ask("tournament_start"))

    def action_close_evening(self) -> None:
        self.follower.app.do(self.follower.ask("tournament_close"))

    def action_open(self) -> None:
        def chosen(settings: dict[str, Any] | None) -> None:
            if settings is not None:
                self.follower.last_form = settings  # a refused form comes back as it was, not blank
                self.follower.app.do(self.follower.ask("tournament_open", settings=settings))

        self.app.push_screen(OpenTournament(self.follower.last_form), chosen)

    def action_back(self) -> None:
        self.app.pop_screen()
