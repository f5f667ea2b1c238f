"""The rules of the current variant in plain words, and every key."""
from __future__ import annotations

import hashlib
import weakref
from collections.abc import Sequence

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ...i18n import N_, language
from ..help_text import KEYS_HEAD, help_markdown
from ..key_help import key_rows, keys_markdown
from ..table_keys import TABLE_BINDINGS
from ..widgets.footer import Footer
from ..widgets.too_small import TooSmall


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", N_("Close")),
        Binding("down,j", "scroll(1)", N_("Scroll down"), show=False),
        Binding("up,k", "scroll(-1)", N_("Scroll up"), show=False),
        Binding("pagedown,space", "scroll(10)", N_("Page down")),
        Binding("pageup", "scroll(-10)", N_("Page up"), show=False),
        Binding("end", "edge(True)", N_("To the end"), show=False),
        Binding("home", "edge(False)", N_("To the top"), show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 1fr; max-width: 100; height: 1fr; border: round $accent; background: $surface; padding: 0 1; }
    """

    def __init__(self, variant: str, keys: Sequence[Binding | tuple[str, ...]] = TABLE_BINDINGS,
                 keys_head: str = KEYS_HEAD, tail: str = "") -> None:
        """`keys`: the bindings of the screen it helps with (the table's, or the replay
        viewer's), listed under `keys_head` (marked with N_); `tail`: more of that
        screen's own, already in the reader's words."""
        super().__init__()
        self.variant = variant
        self.keys = [b for b in keys if isinstance(b, Binding)]
        self.keys_head = keys_head
        self.tail = tail

    def key_table(self) -> str:
        """Every key of the screen and the app, from their bindings."""
        return key_table(self.app, self.keys)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self.variant, self.key_table(), self.keys_head) + self.tail)
        yield TooSmall()
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_edge(self, end: bool) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        (scroll.scroll_end if end else scroll.scroll_home)(animate=False)


def key_table(app: App[object], keys: Sequence[Binding]) -> str:
    """Every key of a screen (`keys`) and of the app, from their bindings."""
    app_keys = [b for b in app.BINDINGS if isinstance(b, Binding)]
    if app.ENABLE_COMMAND_PALETTE:
        app_keys.insert(0, Binding(app.COMMAND_PALETTE_BINDING, "command_palette", N_("Palette"),
                                   tooltip=N_("the command palette: every action above by name")))
    return keys_markdown(key_rows([*keys, *app_keys]))


# The helps an app keeps made, so that ? shows one again instead of making it anew: its
# Markdown is some 130 widgets, and styling them took half a second at every ? (showing a
# kept one again, a fifth of a second). A few: one a screen that has a help, in each
# language the person has switched to; the oldest not showing goes first.
KEPT_HELPS = 6
_kept: weakref.WeakKeyDictionary[App[object], list[str]] = weakref.WeakKeyDictionary()


def open_help(app: App[object], variant: str, keys: Sequence[Binding | tuple[str, ...]] = TABLE_BINDINGS,
              keys_head: str = KEYS_HEAD, tail: str = "") -> None:
    """Show the help (HelpScreen's arguments), at its top: the one this app made for the
    same words before, if it has kept it."""
    bindings = [b for b in keys if isinstance(b, Binding)]
    words = help_markdown(variant, key_table(app, bindings), keys_head) + tail
    name = "help:" + hashlib.sha256(f"{language()}\0{words}".encode()).hexdigest()
    kept = _kept.setdefault(app, [])
    if name in kept and app.get_screen(name) in app.screen_stack:
        # up already, under what covers it now (a round's summary over the help): a screen
        # may stand in the stack once (twice, the one behind draws itself for ever)
        app.push_screen(HelpScreen(variant, keys, keys_head, tail))
        return
    if name in kept:
        kept.remove(name)
        screen = app.get_screen(name)
        if screen.is_mounted:
            screen.query_one("#help", VerticalScroll).scroll_home(animate=False)
    else:
        showing = set(app.screen_stack)
        for old in [old for old in kept if app.get_screen(old) not in showing][: max(0, len(kept) + 1 - KEPT_HELPS)]:
            kept.remove(old)
            gone = app.get_screen(old)
            app.uninstall_screen(old)
            gone.remove()  # an installed screen is never removed when it is popped
        app.install_screen(HelpScreen(variant, keys, keys_head, tail), name)
    kept.append(name)
    app.push_screen(name)
