"""The match just played, opened in the replay viewer and analysed (the match-end
screen's `a`)."""
from __future__ import annotations

from typing import Any

from ....i18n import _


def played_here(screen: Any) -> Any:
    """The match under `screen` when it was played in this process (its whole log is
    here), else None: a hosted match is the server's, and `a` is not offered for it."""
    from ....table.local import LocalTable
    from .table_face import PresenterFace

    table = next((s for s in reversed(screen.app.screen_stack) if isinstance(s, PresenterFace)), None)
    client = table.client if table is not None else None
    return client if isinstance(client, LocalTable) else None


def analyse_this_match(screen: Any, learn: bool = False) -> None:
    """From the match-end screen (`a`): the match just played, in the replay viewer, its
    analysis started at once (or the kept one shown); `learn` (`l`): then learn from the
    mistakes in it. Only a match played in this
    process has its whole log here; a hosted one is the server's."""
    from ....engine import dumps
    from ..replay.replay import ReplayScreen
    from ..replay.replay_shelf import KeptShelf
    from ..replay.replay_steps import ReplaySteps

    client = played_here(screen)
    if client is None:  # `a` is not offered then (MatchEndScreen.check_action); a key bound by hand
        screen.notify(_("A hosted match is analysed from the club records (r), where its server keeps it."),
                      timeout=6)
        return
    steps = ReplaySteps.from_text(dumps(client.match.events))
    # the records keep it beside the match just recorded; a match they did not take, in the data folder
    shelf = KeptShelf() if getattr(screen.app, "KEEPS_SAVES", False) else None
    screen.app.push_screen(ReplayScreen(steps, getattr(screen.app, "prefs", None), title=_("this match"),
                                        shelf=shelf, analyse=True, learn=learn))
