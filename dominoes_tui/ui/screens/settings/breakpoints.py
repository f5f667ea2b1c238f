"""What spares a screen's first frame a restyle of every widget on it.

The breakpoint classes a screen gets on its first resize are given to it before it
mounts: Textual adds a screen's size classes (-narrow/-wide, -short/-tall/-roomy) on the resize
that follows mounting, and any class change restyles every widget on the screen: for the
settings form that was one more full restyle before the first frame. Given up front,
the first resize finds nothing to change.
"""
from __future__ import annotations

from textual import events
from textual.screen import Screen


def _matching(dimension: int, breakpoints: list[tuple[int, str]]) -> str | None:
    # as Textual chooses: the largest threshold the dimension reaches
    for threshold, name in sorted(breakpoints, reverse=True):
        if dimension >= threshold:
            return name
    return None


def preset_breakpoints(screen: Screen) -> None:
    """Give `screen` the size classes the app's current size means (call before it mounts)."""
    app = screen.app
    horizontal = (app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None
                  else screen.HORIZONTAL_BREAKPOINTS) or []
    vertical = (app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None
                else screen.VERTICAL_BREAKPOINTS) or []
    width, height = app.size
    names = [_matching(width, list(horizontal)), _matching(height, list(vertical))]
    screen.add_class(*(name for name in names if name))


class StyledOnMount(Screen):
    """A screen whose first showing does not restyle it: Textual restyles every widget of
    a screen each time it is shown (a screen shown again may have missed a change of
    theme), but on the first showing each widget was styled a moment before, as it
    mounted. For the settings form that second pass was a fifth of its first frame."""

    _shown_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls every class's handler in turn, this one before Screen's
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
