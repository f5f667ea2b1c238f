"""Quick match in the hosted client: the form (variant, table size, bots, how long to
wait) and what the lobby shows while searching: who is online and searching, and how
long this person has waited. The seat the server finds is taken like a tournament's
(screens/hosted/evening.py's follower joins it)."""
from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select

from ....engine import DEFAULT_VARIANT, VARIANTS
from ....i18n import N_, _, ngettext
from ....net.wire import requests as R
from ....net.wire.answers import AnyAnswer, Presence, Searching, Seated
from ....net.wire.server_parts import SearchWire


class QuickApp(Protocol):
    def do(self, work: Awaitable[Any]) -> None: ...
    async def _ask(self, msg: dict[str, Any]) -> AnyAnswer | None: ...


class QuickFollower:
    """Presence and this person's search, as the server last said."""

    def __init__(self, app: QuickApp) -> None:
        self.app = app
        self.online = 0
        self.searching_counts: dict[str, int] = {}
        self.mine: SearchWire | None = None
        self.since = 0.0  # time.monotonic() when our search started (as the server counted it)
        self.on_change: Callable[[], None] | None = None  # the lobby's redraw

    def on_push(self, msg: AnyAnswer) -> None:
        if isinstance(msg, Presence):  # `tables` and `searching` say it too
            self.online = msg.online
            self.searching_counts = dict(msg.searching)
        if isinstance(msg, Searching):
            self.mine = msg.search
            if self.mine is not None:
                self.since = time.monotonic() - self.mine.waited
        elif isinstance(msg, Seated) and msg.quick:
            self.mine = None
        if self.on_change is not None:
            self.on_change()

    def words(self) -> str:
        total = sum(self.searching_counts.values())
        return _("{online} online · {searching} searching").format(online=self.online, searching=total) if self.online else ""

    def status(self) -> str:
        if self.mine is None:
            return ""
        m = self.mine
        title = _(VARIANTS[m.variant].title) if m.variant in VARIANTS else m.variant
        waited = int(time.monotonic() - self.since)
        others = self.searching_counts.get(f"{m.variant} {m.players}p", 1) - 1
        then = (_("bots fill the table after {wait} s").format(wait=f"{m.wait:g}") if m.bots
                else _("waiting for people only"))
        searching = ngettext("{n} other searching", "{n} others searching", others).format(n=others)
        return _("Searching for a {variant} table of {players}: {waited} s so far, {searching}; {then}. "
                 "m changes it.").format(variant=title, players=m.players, waited=waited, searching=searching,
                                         then=then)

    async def search(self, wanted: dict[str, Any] | None) -> None:
        answer = await self.app._ask({"type": "quick_match", **wanted} if wanted else {"type": "quick_cancel"})
        if answer is not None:
            self.on_push(answer)


class QuickMatchScreen(ModalScreen["dict[str, Any] | str | None"]):
    """Dismisses the wanted search, "stop" to leave the queue, or None."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
    AUTO_FOCUS = "#quick-wait"  # Enter searches at once with what is shown
    DEFAULT_CSS = """
    QuickMatchScreen { align: center middle; }
    #quick-form { width: 60; height: auto; border: round $accent; padding: 0 1; }
    #quick-grid { grid-size: 2; grid-columns: 16 1fr; grid-rows: 1; grid-gutter: 0 1; height: auto; }
    #quick-buttons { height: 3; margin-top: 1; }
    """

    def __init__(self, current: Mapping[str, Any] | SearchWire | None) -> None:
        super().__init__()
        self.current = current or {"variant": DEFAULT_VARIANT, "players": 2, "bots": True, "wait": R.QUICK_WAIT_DEFAULT}

    def compose(self) -> ComposeResult:
        c = self.current
        with Vertical(id="quick-form"):
            with Grid(id="quick-grid"):
                yield Label(_("Variant"))
                yield Select([(_(v.title), k) for k, v in VARIANTS.items()], value=c["variant"], allow_blank=False, compact=True,
                             id="quick-variant")
                yield Label(_("Players"))
                yield Select([(str(n), n) for n in (2, 3, 4)], value=c["players"], allow_blank=False, compact=True,
                             id="quick-players")
                yield Label(_("Bots may fill"))
                yield Checkbox(_("after the wait"), c["bots"], compact=True, id="quick-bots")
                yield Label(_("Wait (seconds)"))
                yield Input(f"{c['wait']:g}", type="number", compact=True, id="quick-wait")
            with Horizontal(id="quick-buttons"):
                yield Button(_("Search"), variant="primary", id="quick-go")
                yield Button(_("Stop searching"), id="quick-stop")

    def on_mount(self) -> None:
        self.query_one("#quick-form").border_title = _("Quick match")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("stop" if event.button.id == "quick-stop" else self.wanted())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(self.wanted())

    def wanted(self) -> dict[str, Any]:
        variant = self.query_one("#quick-variant", Select).value
        chosen = self.query_one("#quick-players", Select).value
        players = chosen if isinstance(chosen, int) else 2
        allowed = VARIANTS[str(variant)].players
        if players not in allowed:  # Partner is four, Duel two: take the nearest the variant allows
            players = min(allowed, key=lambda n: abs(n - players))
        try:
            wait = float(self.query_one("#quick-wait", Input).value or R.QUICK_WAIT_DEFAULT)
        except ValueError:
            wait = R.QUICK_WAIT_DEFAULT
        return {"variant": variant, "players": players, "bots": self.query_one("#quick-bots", Checkbox).value,
                "wait": min(R.QUICK_WAIT_MAX, max(R.QUICK_WAIT_MIN, wait))}

    def action_cancel(self) -> None:
        self.dismiss(None)
