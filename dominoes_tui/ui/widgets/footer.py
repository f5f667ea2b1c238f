"""The footer of every screen, in the language in use.

Keys are declared on classes (`BINDINGS`), before any language is chosen, so their
descriptions are marked with `N_()` and stay English there; the footer translates each
one as it shows it, and so follows a change of language at once."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

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
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        """Show the keys whether or not the app has the focus. Textual's footer waits
        for the focus, and a browser tab starts without it (textual's web driver says
        so at its start): the projector board, with nothing to focus and a tab nobody
        clicks, showed an empty footer for good."""
        self._bindings_ready = True
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)
