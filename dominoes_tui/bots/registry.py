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

from ..i18n import N_, _
from ..i18n.os_words import os_words
from .base import Bot
from .easy import EasyBot, RandomBot
from .heaviest import HeaviestBot
from .medium import MediumBot

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

# A level as a person reads it (settings, seat titles, lists); the spec stays English.
LEVEL_WORDS = {"easy": N_("easy"), "random": N_("random"), "medium": N_("medium"), "hard": N_("hard"),
               "heaviest": N_("heaviest first"), "expert": N_("expert"), "cmd": N_("program")}

CMD_PREFIX = "cmd:"


class BotSpecError(ValueError):
    """An unknown level or a bad `cmd:` spec."""


def level_names() -> list[str]:
    return list(LEVELS)


def level_word(level: str | None) -> str:
    """A level's name in the language in use ("easy" -> "leicht"); a timed spec
    (`hard:500`) and anything unknown are shown as they are."""
    if not level:
        return ""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def make_bot(spec: str, rng: random.Random, name: str | None = None) -> Bot:
    """A bot for `spec`, drawing its random choices from `rng`."""
    spec = spec.strip()
    if spec.startswith(CMD_PREFIX):
        from .external import ExternalBot

        try:
            argv = shlex.split(spec[len(CMD_PREFIX):])
        except ValueError as exc:
            raise BotSpecError(_("bad command in {spec!r}: {reason}").format(spec=spec, reason=exc)) from None
        if not argv:
            raise BotSpecError(_("cmd: needs a program, as in cmd:python3 mybot.py"))
        try:
            return ExternalBot(argv, name=name or argv[0])
        except OSError as exc:
            raise BotSpecError(_("cannot start {program!r}: {reason}").format(
                program=argv[0], reason=os_words(exc))) from None
    level, sep, arg = spec.partition(":")
    if level in TIMED:
        think_ms: float | None = None
        if sep:
            try:
                think_ms = float(arg)
            except ValueError:
                raise BotSpecError(_("{level}:MS takes a think time in milliseconds, not {value!r}").format(
                    level=level, value=arg)) from None
        return TIMED[level](rng, name or level.capitalize(), think_ms)
    if spec not in LEVELS:
        allowed = ", ".join([*LEVELS, "hard:MS", "expert:MS", "cmd:PROGRAM ARGS"])
        raise BotSpecError(_("unknown bot level {spec!r}; allowed: {allowed}").format(spec=spec, allowed=allowed))
    return LEVELS[spec](rng, name or spec.capitalize())
