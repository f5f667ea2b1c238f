"""The command palette (ctrl+p) offers the game's own actions at the table: the
scoresheet, help, a hint, bot speed, pips, the memory aid, the theme, big tiles and the
round's log, each with the key that does the same."""
from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

# (what a person would search for, the help line, the table screen's action)
TABLE_COMMANDS = [
    ("Scoresheet", "every round's points so far (s)", "scoresheet"),
    ("Help: rules and keys", "the rules of this variant and every key (?)", "help"),
    ("Hint", "the move the medium bot would play, and why (h)", "hint"),
    ("Bot speed", "instant, normal or slow bot moves (t)", "speed"),
    ("Pips or digits", "how the tiles show their numbers (p)", "pips"),
    ("Memory aid", "show the numbers each player has shown they lack (m)", "memory"),
    ("Theme: light or dark", "light for a bright room or a projector (w)", "theme"),
    ("Big tiles", "double-size tiles for a projector: auto, on, off (b)", "big"),
    ("Round log", "every move of this round (g)", "round_log"),
]


class TableCommands(Provider):
    def _commands(self) -> list[tuple[str, str, str]]:
        from .screens.table import TableScreen

        screen = self.screen
        if not isinstance(screen, TableScreen):
            return []
        return [c for c in TABLE_COMMANDS if screen.check_action(c[2], ()) is not False]

    def _run(self, action: str) -> None:
        self.app.call_later(self.screen.run_action, action)

    async def discover(self) -> Hits:
        for name, help_text, action in self._commands():
            yield DiscoveryHit(name, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), partial(self._run, action), help=help_text)
