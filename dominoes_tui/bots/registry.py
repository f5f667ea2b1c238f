"""Turn a level name (as typed after --bots or in the settings) into a bot.

Specs: `easy` (alias `random`), `medium`, `hard` (the search with 200 ms a move; also
`hard:MS`, a think time in milliseconds, `hard:0` without a clock), `expert` (a second a
move; also `expert:MS`), `heaviest` (the benchmark's "heaviest tile first" yardstick),
and `cmd:PROGRAM ARGS` for an outside program speaking docs/BOT_PROTOCOL.md. search/ is
loaded only when asked for, unless it was compiled (bots/__init__ then loads the build to
check it). The research yardsticks (the flat sampler, the sees-all player) are no levels:
they live in the checkout's bench/, which seats them itself.
"""
from __future__ import annotations

import random
import shlex
from collections.abc import Callable

from .base import Bot
from .easy import EasyBot
from .heaviest import HeaviestBot
from .medium import MediumBot
from .random_bot import RandomBot

BotFactory = Callable[[random.Random, str], Bot]


def _hard(rng: random.Random, name: str, think_ms: float | None = None) -> Bot:
    from .search import HARD_CLOCKLESS_GUESSES, HARD_THINK_MS, SearchBot  # the expert's search, hard's budget

    budget = HARD_THINK_MS if think_ms is None else think_ms
    if budget > 0:
        return SearchBot(rng, name, think_ms=budget, level="hard")
    return SearchBot(rng, name, think_ms=None, max_iterations=HARD_CLOCKLESS_GUESSES, level="hard",
                     solve_ms=HARD_THINK_MS)


def _expert(rng: random.Random, name: str, think_ms: float | None = None) -> Bot:
    from .search import EXPERT_THINK_MS, SearchBot  # information-set search

    return SearchBot(rng, name, think_ms=EXPERT_THINK_MS if think_ms is None else think_ms)


# The levels that think against a clock, and take `LEVEL:MS` (a budget in milliseconds).
TIMED: dict[str, Callable[[random.Random, str, float | None], Bot]] = {
    "hard": _hard, "expert": _expert}

LEVELS: dict[str, BotFactory] = {
    "easy": lambda rng, name: EasyBot(rng, name),
    "random": lambda rng, name: RandomBot(rng, name),
    "medium": lambda rng, name: MediumBot(rng, name),
    "hard": lambda rng, name: _hard(rng, name),
    "heaviest": lambda rng, name: HeaviestBot(rng, name),
    "expert": lambda rng, name: _expert(rng, name),
}

CMD_PREFIX = "cmd:"


class BotSpecError(ValueError):
    """An unknown level or a bad `cmd:` spec."""


def level_names() -> list[str]:
    return list(LEVELS)


def make_bot(spec: str, rng: random.Random, name: str | None = None) -> Bot:
    """A bot for `spec`, drawing its random choices from `rng`."""
    spec = spec.strip()
    if spec.startswith(CMD_PREFIX):
        from .external import ExternalBot

        try:
            argv = shlex.split(spec[len(CMD_PREFIX):])
        except ValueError as exc:
            raise BotSpecError(f"bad command in {spec!r}: {exc}") from None
        if not argv:
            raise BotSpecError("cmd: needs a program, as in cmd:python3 mybot.py")
        try:
            return ExternalBot(argv, name=name or argv[0])
        except OSError as exc:
            raise BotSpecError(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None
    level, sep, arg = spec.partition(":")
    if level in TIMED:
        think_ms: float | None = None
        if sep:
            try:
                think_ms = float(arg)
            except ValueError:
                raise BotSpecError(f"{level}:MS takes a think time in milliseconds, not {arg!r}") from None
        return TIMED[level](rng, name or level.capitalize(), think_ms)
    if spec not in LEVELS:
        allowed = ", ".join([*LEVELS, "hard:MS", "expert:MS", "cmd:PROGRAM ARGS"])
        raise BotSpecError(f"unknown bot level {spec!r}; allowed: {allowed}")
    return LEVELS[spec](rng, name or spec.capitalize())
