"""The footer of every screen, in the language in use.

Keys are declared on classes (`BINDINGS`), before any language is chosen, so their
descriptions are marked with `N_()` and stay English there; the footer translates each
one as it shows it, and so follows a change of language at once."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ... import i18n
from ...i18n import N_, _

# Textual's own words for the command palette's key, so that the catalog has them
TEXTUAL_WORDS = (N_("palette"), N_("Open the command palette"))


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else widget.description
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
                if not widget.has_class("-command-palette"):  # the one key Textual leaves compact
                    self._born_as_footer(widget)
            yield widget

    def _born_as_footer(self, key: FooterKey) -> None:
        """A key bound to this footer's compactness starts as compact as the footer is.
        Textual's key starts compact and is told the footer's value when mounted: two
        restylings of the key, one at its first watch and one at the change, each matching
        the whole stylesheet against it. They were a tenth of the app's time in a match, as
        the footer is built again at every change of keys."""
        key.set_reactive(FooterKey.compact, self.compact)
        key.set_class(self.compact, "-compact", update=False)

    _shown: tuple[object, ...] | None = None  # what the keys were built from, last time

    def bindings_changed(self, screen: Screen) -> None:
        """Show the keys whether or not the app has the focus. Textual's footer waits
        for the focus, and a browser tab starts without it (textual's web driver says
        so at its start): the projector board, with nothing to focus and a tab nobody
        clicks, showed an empty footer for good.

        Textual signals a change of bindings at every move, focus and redraw (about 900
        times in one short match), and building the keys again mounts and styles each
        of them: they are built again only when what they show has changed."""
        self._bindings_ready = True
        if not (self.is_attached and screen is self.screen):
            return
        shown = self._showing(screen)
        if shown == self._shown:
            return
        self._shown = shown
        self.call_after_refresh(self.recompose)

    def _showing(self, screen: Screen) -> tuple[object, ...]:
        """Everything compose reads: each shown key's binding (and the palette's, shown or
        not), whether it may be pressed and its tooltip, in the language in use
        (descriptions and key names are translated). Keys that are not shown come and go
        with the turn (the hand's numbers, the ends) and change nothing here."""
        palette = screen.app.COMMAND_PALETTE_BINDING
        keys = tuple((key, b.action, b.description, b.key_display, b.tooltip, b.group, enabled, tooltip)
                     for key, (_node, b, enabled, tooltip) in screen.active_bindings.items()
                     if b.show or key == palette)
        return (i18n.language(), self.show_command_palette, self.compact, keys)
