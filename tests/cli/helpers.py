"""Helpers shared by the tests of this folder."""
from __future__ import annotations

from dominoes_tui.engine import dumps
from tests.bots.helpers import first_rounds


def events() -> list[dict]:
    return [dict(e) for e in first_rounds("draw", 2, seed=3).events]


def with_first_play(change) -> str:
    evs = events()
    play = next(e for e in evs if e["event"] == "play")
    change(play)
    return dumps(evs)
