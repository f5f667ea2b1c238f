"""A full-screen command (play, join, board) needs a terminal: keys to read and a screen
to draw on. Without one (`dominoes join … | head`, `dominoes board > out`, `dominoes
play < /dev/null`) Textual wrote screen codes nobody saw, never ended and kept a core
busy; it now says so in one line and ends. A browser's session has a driver of its own
(textual-serve sets TEXTUAL_DRIVER) and no terminal to ask for."""
from __future__ import annotations

import os
import sys

from ..i18n import _


def no_terminal(command: str) -> int | None:
    """2, said on stderr, when `dominoes COMMAND` has no terminal to run in; else None."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        return None
    print(f"dominoes {command}".rstrip() + ": " + _("this runs full-screen and needs a terminal for its input and its output; "
                                      "start it in a terminal, without a pipe or a redirection"), file=sys.stderr)
    return 2


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream is not None and stream.isatty())  # type: ignore[attr-defined]
    except (ValueError, OSError):  # closed
        return False
