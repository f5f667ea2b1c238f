"""The replay's Home and End say where they go, in German too: Home read "Pos1: Starten"
(the settings' "Start a match" word) in the help."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.ui.screens.replay.replay import ReplayScreen


def _described(key: str) -> str:
    return next(i18n._(b.description) for b in ReplayScreen.BINDINGS if key in b.key.split(","))


def test_home_and_end_in_the_replay_are_the_first_and_last_position() -> None:
    assert (_described("home"), _described("end")) == ("To the start", "To the end")
    i18n.use("de")
    assert (_described("home"), _described("end")) == ("Zum Anfang", "Zum Ende")
