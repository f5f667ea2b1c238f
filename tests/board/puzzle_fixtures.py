"""A puzzle of the evening harvested from a real (seeded) match, as the server's worker
sends it, and an evening of matches to go with it."""
from __future__ import annotations

import random
from functools import cache

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.engine import dumps, make_config
from dominoes_tui.engine.gamelog import parse_lines
from dominoes_tui.net.evening.evening_puzzle import Found
from dominoes_tui.net.evening.puzzle_worker import found
from dominoes_tui.training.harvest import harvest_admitted

NAMES = ["Ana", "Ben"]


@cache
def match_log(seed: int = 2) -> str:
    """A random-bot match of Draw to 30 (seed 2: one with proved puzzles)."""
    config = make_config("draw", 2, 30)
    bots = [make_bot("random", random.Random(seed * 10 + s), NAMES[s]) for s in range(2)]
    return dumps(play_match(config, bots, seed).match.events)


@cache
def _harvested(seed: int, names: tuple[str, ...]) -> list[dict[str, object]]:
    return [found(p, a, list(names)) for p, a in harvest_admitted(parse_lines(match_log(seed)), seed, most=2)]


def harvested(seed: int = 2, names: tuple[str, ...] = tuple(NAMES), table: str = "KXMP", round_no: int = 1) -> list[Found]:
    return [Found(f["puzzle"], float(f["clear"]), f["position"], table, round_no)  # type: ignore[arg-type]
            for f in _harvested(seed, names)]


ANSWER_FIELDS = {"answer", "solved", "theme"}  # what the board holds back until the minute is up


class Clock:
    """A clock a test turns by hand (the board's minute without a minute's wait)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
