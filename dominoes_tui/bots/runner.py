"""The match runner: a whole match among bots, played to its end without a table.

Every caller that plays bots alone goes through `play_match`: `dominoes simulate` and
`dominoes tournament`, the benchmarks, the golden logs. The match RNG deals (seeded by
the match seed) and each bot has its own, so a match is the same whoever plays it.

A bot that reads nothing but the legal moves (it says so with `legal_only = True` and a
`choose_legal` method) is handed just those, not a whole view: such bots play a whole
match in about a millisecond. The others get a view each turn, whose round history the
engine extends rather than rebuilds (engine/view.py).

A caller that wants to see or time every decision passes its own `step` (who is to act
→ the move), usually wrapping `asking(bots)`; a step ends the match early by raising
StopMatch (a bench that has its figures, a run asked to stop).
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import PLAYING, Match, Move, Seat, TableConfig, view_for
from ..engine.seeds import derive_seeds
from .base import Bot

Step = Callable[[Match, int], Move]  # (match, seat to act) -> that seat's move


class StopMatch(Exception):
    """Raised by a step: the match ends where it is, unfinished."""


@dataclass
class MatchRun:
    """A match played by `play_match`: the match itself, the wall time its play took,
    the bots' notes (what went wrong with them), and whether a step stopped it early."""

    match: Match
    seconds: float
    notes: list[str] = field(default_factory=list)
    stopped: bool = False


def asking(bots: Sequence[Bot]) -> Step:
    """The plain step: the seat's bot chooses, from the legal moves alone if that is all
    it reads, else from its view."""
    quick = [getattr(bot, "legal_only", False) for bot in bots]
    if all(quick):  # the common case of long simulations: no test at every move
        picks = [bot.choose_legal for bot in bots]  # type: ignore[attr-defined]
        return lambda match, seat: picks[seat](match.legal_moves())
    chooses = [bot.choose for bot in bots]

    def ask(match: Match, seat: int) -> Move:
        if quick[seat]:
            return bots[seat].choose_legal(match.legal_moves())  # type: ignore[attr-defined]
        return chooses[seat](view_for(match, seat))

    return ask


def stoppable(step: Step, stop_asked: Callable[[], bool], look_every: float = 0.05) -> Step:
    """`step`, that raises StopMatch at the next move once `stop_asked()` (at most every
    `look_every` seconds: a process-shared event costs a lock to read, too much at every
    move), so a long match of slow bots does not hold a stopped run up."""
    looked = [time.monotonic()]

    def checked(match: Match, seat: int) -> Move:
        now = time.monotonic()
        if now - looked[0] >= look_every:
            looked[0] = now
            if stop_asked():
                raise StopMatch
        return step(match, seat)

    return checked


def play_round(match: Match, step: Step) -> None:
    """Play the round in progress to its end, every move from `step`."""
    while match.phase == PLAYING:
        seat = match.to_act
        match.apply(step(match, seat), seat)


def play_match(config: TableConfig, bots: Sequence[Bot], seed: int, step: Step | None = None) -> MatchRun:
    """One whole match; every seat is a bot. `step` (default: `asking(bots)`) gives each
    move; a StopMatch it raises ends the match unfinished (`stopped`)."""
    seats = [Seat(bot.name, "bot", bot.level) for bot in bots]
    match = Match(config, random.Random(seed), seats, seed)
    step = step or asking(bots)
    stopped = False
    started = time.perf_counter()
    try:
        while not match.is_over:
            match.begin_round()
            play_round(match, step)
    except StopMatch:
        stopped = True
    seconds = time.perf_counter() - started
    return MatchRun(match, seconds, [note for bot in bots for note in getattr(bot, "notes", [])], stopped)


def play_matches(
    config: TableConfig, make_bots: Callable[[int], Sequence[Bot]], count: int, seed: int,
) -> list[MatchRun]:
    """`count` matches, each from its own seed drawn from `seed` (engine/seeds.py), with
    bots made for it by `make_bots(match_seed)` and closed after it."""
    runs = []
    for match_seed in derive_seeds(seed, count):
        bots = make_bots(match_seed)
        try:
            runs.append(play_match(config, bots, match_seed))
        finally:
            for bot in bots:
                bot.close()
    return runs
