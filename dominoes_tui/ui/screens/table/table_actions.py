"""The table's display actions: scoresheet, help, hint, speed, pips, memory aid, the
round's log, big tiles and the theme (a layer of TableScreen, see table_state.py)."""
from __future__ import annotations

from ....i18n import _, pgettext
from ....table.local import SPEEDS, LocalTable
from .table_words import TableWords

SPEED_ORDER = list(SPEEDS)


def speed_word(speed: str) -> str:
    """A bot speed by name, as the notice says it."""
    words = {"instant": pgettext("speed", "instant"), "normal": pgettext("speed", "normal"), "slow": pgettext("speed", "slow")}
    return words.get(speed, speed)


class TableDisplayActions(TableWords):
    """What the keys that change the display, not the match, do."""

    def action_scoresheet(self) -> None:
        from ..scoresheet import ScoresheetScreen

        self.app.push_screen(ScoresheetScreen(self.client.rounds(), self.client.config, self.client.seats, self.view_))

    def action_help(self) -> None:
        from ..help import HelpScreen

        self.app.push_screen(HelpScreen(self.client.config.variant))

    def action_speed(self) -> None:
        self.prefs.speed = SPEED_ORDER[(SPEED_ORDER.index(self.prefs.speed) + 1) % len(SPEED_ORDER)]
        if isinstance(self.client, LocalTable):  # a hosted table's pace is the host's
            self.client.bot_delay = SPEEDS[self.prefs.speed]
        self.notify(_("Bot speed: {speed}").format(speed=speed_word(self.prefs.speed)), timeout=2)
        self.redraw()

    def action_pips(self) -> None:
        self.prefs.pips = not self.prefs.pips
        self.redraw()

    def action_memory(self) -> None:
        self.prefs.show_lacks = not self.prefs.show_lacks
        if self.prefs.show_lacks:
            self.notify(_("Memory aid on: numbers each seat lacks are shown"), timeout=2)
        else:
            self.notify(_("Memory aid off"), timeout=2)
        self.redraw()

    def action_hint(self) -> None:
        from ..replay.replay_analysis import on_a_server
        from .hints import hint, hint_line, weigh_in_background

        advice = hint(self.view_)
        if advice is None:
            return
        move, reason = advice
        self.selected = self.view_.hand.index(move.tile) if move.tile in self.view_.hand else self.selected
        self.end_cursor = None
        self.hint_text = hint_line(move, reason)
        self.redraw()
        # then each move's win chance (ui/screens/table/hints.py); on a server, behind its live tables
        weigh_in_background(self, self.view_, self.hint_text, hosted=on_a_server(self.app))

    def action_round_log(self) -> None:
        from .round_log import RoundLogScreen

        view = self.view_
        self.app.push_screen(RoundLogScreen(self.log_lines(view), _("Round {n}: every move").format(n=view.round)))

    def action_big(self) -> None:
        order = ["auto", "on", "off"]
        self.prefs.projector = order[(order.index(self.prefs.projector) + 1) % len(order)]
        if self.prefs.projector == "auto":
            said = _("Big tiles: auto (from 160×48)")
        else:
            said = _("Big tiles: on") if self.prefs.projector == "on" else _("Big tiles: off")
        self.notify(said, timeout=2)
        self._heights = None
        self.redraw()
        # the hand, prompt and status take other heights only at the next layout: fit the
        # chain and the log again then, or the hand is pushed off the screen until a move
        self.call_after_refresh(self.redraw)

    def action_theme(self) -> None:
        from ...choices import THEMES

        self.prefs.theme = "light" if self.prefs.theme == "dark" else "dark"
        self.app.theme = THEMES[self.prefs.theme]
