"""Bot-only matches without a screen, for `dominoes simulate` and the benchmark."""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..engine import PLAYING, Match, Seat, TableConfig, view_for


@dataclass
class MatchReport:
    match: Match
    seconds: float
    notes: list[str] = field(default_factory=list)


def derive_seeds(seed: int, count: int) -> list[int]:
    """Independent per-match seeds from one run seed, so a run is reproducible."""
    master = random.Random(seed)
    return [master.randrange(2**31) for _ in range(count)]


def play_match(config: TableConfig, bots: Sequence[Bot], seed: int) -> MatchReport:
    """Play one whole match; every seat is a bot. The match RNG deals, the bots have their own."""
    seats = [Seat(bot.name, "bot", bot.level) for bot in bots]
    match = Match(config, random.Random(seed), seats, seed)
    started = time.perf_counter()
    while not match.is_over:
        match.begin_round()
        while match.phase == PLAYING:
            seat = match.to_act
            match.apply(bots[seat].choose(view_for(match, seat)), seat)
    notes = [note for bot in bots for note in getattr(bot, "notes", [])]
    return MatchReport(match, time.perf_counter() - started, notes)


def play_matches(
    config: TableConfig,
    make_bots: Callable[[int], Sequence[Bot]],
    count: int,
    seed: int,
) -> list[MatchReport]:
    reports = []
    for match_seed in derive_seeds(seed, count):
        bots = make_bots(match_seed)
        try:
            reports.append(play_match(config, bots, match_seed))
        finally:
            for bot in bots:
                bot.close()
    return reports
