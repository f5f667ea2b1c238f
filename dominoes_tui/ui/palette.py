"""The command palette (ctrl+p, Strg+P) in the language in use.

At the table it offers the game's own actions (the scoresheet, help, a hint, bot speed,
pips, the memory aid, the theme, big tiles and the round's log); on any other screen the
keys its footer shows; everywhere, last, Quit. Each command names the key that does the
same.

Of Textual's own commands only Quit is kept, in the game's words: its key panel, theme
list and screenshot notice speak English, and the game has its own help (?) and theme
(w). Its search field and its "no matches" line are said in the language too.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.widgets.option_list import Option

from ..i18n import N_, _
from .key_names import key_name

if TYPE_CHECKING:
    from .screens.table.table import TableScreen

# (the command, what it does, the table screen's action, its key)
TABLE_COMMANDS = [
    (N_("Scoresheet"), N_("every round's points so far"), "scoresheet", "s"),
    (N_("Help: rules and keys"), N_("the rules of this variant and every key"), "help", "question_mark"),
    (N_("Hint"), N_("a move at once with its reason, then every move's chance to win a moment later"), "hint", "h"),
    (N_("Bot speed"), N_("instant, normal or slow bot moves"), "speed", "t"),
    (N_("Pips or digits"), N_("how the tiles show their numbers"), "pips", "p"),
    (N_("Memory aid"), N_("show the numbers each player has shown they lack"), "memory", "m"),
    (N_("Theme: light or dark"), N_("light for a bright room or a projector"), "theme", "w"),
    (N_("Big tiles"), N_("double-size tiles for a projector: auto, on, off"), "big", "b"),
    (N_("Round log"), N_("every move of this round"), "round_log", "g"),
]


def with_key(help_text: str, key: str) -> str:
    return _("{help} ({key})").format(help=help_text, key=key_name(key))


Command = tuple[str, str, Callable[[], object]]  # the name, what it does, what runs it


class GameCommands(Provider):
    """The palette's one source, so its order is the game's: the table's actions (or the
    screen's keys), then Quit."""

    def _table(self, screen: TableScreen) -> Iterator[Command]:
        for name, help_text, action, key in TABLE_COMMANDS:
            if screen.check_action(action, ()) is not False:
                yield _(name), with_key(_(help_text), key), partial(self.app.call_later, screen.run_action, action)

    def _screen(self) -> Iterator[Command]:
        """Off the table: the keys the screen's footer shows, by their words."""
        seen: set[str] = set()
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not (binding.show and binding.description and active.enabled) or binding.action in seen:
                continue
            if binding.action in ("command_palette", "app.command_palette", "quit", "app.quit"):
                continue
            seen.add(binding.action)
            help_text = with_key(_(binding.tooltip), key) if binding.tooltip else _("key {key}").format(key=key_name(key))
            yield _(binding.description), help_text, partial(self.app.run_action, binding.action, active.node)

    def _commands(self) -> Iterator[Command]:
        from .screens.table.table import TableScreen

        screen = self.screen
        yield from self._table(screen) if isinstance(screen, TableScreen) else self._screen()
        yield _("Quit"), with_key(_("leave the game; a match under way is saved and offered next time"), "ctrl+q"), \
            partial(self.app.run_action, "app.quit")

    async def discover(self) -> Hits:
        for name, help_text, run in self._commands():
            yield DiscoveryHit(name, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, run in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), run, help=help_text)


class Palette(CommandPalette):
    """Textual's palette with its two sentences in the language in use."""

    def __init__(self) -> None:
        super().__init__(placeholder=_("Search for commands…"), id="--command-palette")

    # Textual (8.x) writes its "No matches found" line in this private method; the same
    # steps, in the language. tests/i18n/test_palette.py fails if Textual changes it.
    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(_("No matches found"), style="not bold")), disabled=True,
                           id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
