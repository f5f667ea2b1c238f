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
from dataclasses import dataclass

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


TimedFactory = Callable[[random.Random, str, float | None], Bot]


@dataclass(frozen=True)
class Level:
    """A bot level, known in this one place: its spec, its word as a person reads it, how
    it is made, and where a person is offered it."""

    name: str  # the spec, as typed after --bots, in settings and in logs
    word: str  # marked with N_(): shown through _() (settings, seat titles, lists)
    make: BotFactory
    timed: TimedFactory | None = None  # thinks against a clock, and takes `LEVEL:MS`
    strength: int = 0  # a person's choices climb in this order, weakest first
    alias_of: str | None = None  # another name for a level offered already: accepted, not listed twice


# In the order level_names() gives them; the first is the fallback seat of a table.
LEVELS: tuple[Level, ...] = (
    Level("easy", N_("easy"), lambda rng, name: EasyBot(rng, name), strength=0),
    Level("random", N_("random"), lambda rng, name: RandomBot(rng, name), strength=0, alias_of="easy"),
    Level("medium", N_("medium"), lambda rng, name: MediumBot(rng, name), strength=2),
    Level("hard", N_("hard"), lambda rng, name: _hard(rng, name), _hard, strength=3),
    Level("heaviest", N_("heaviest first"), lambda rng, name: HeaviestBot(rng, name), strength=1),
    Level("expert", N_("expert"), lambda rng, name: _expert(rng, name), _expert, strength=4),
)
BY_NAME = {level.name: level for level in LEVELS}
CMD_WORD = N_("program")  # a `cmd:` seat, an outside program

CMD_PREFIX = "cmd:"


class BotSpecError(ValueError):
    """An unknown level or a bad `cmd:` spec."""


def level_names() -> list[str]:
    return [level.name for level in LEVELS]


def offered_levels() -> list[str]:
    """The bot levels a person is offered (settings, help): each level once, weakest first,
    so that stepping through a seat's choices climbs in strength."""
    return [level.name for level in sorted(LEVELS, key=lambda level: level.strength) if level.alias_of is None]


def offered_as(level: str) -> str:
    """The level a person is shown for `level`: an alias as the level it names."""
    known = BY_NAME.get(level)
    return known.alias_of if known is not None and known.alias_of else level


def level_word(level: str | None) -> str:
    """A level's name in the language in use ("easy" -> "leicht"); a timed spec
    (`hard:500`) and anything unknown are shown as they are."""
    if not level:
        return ""
    if level == "cmd":  # a seat's kind where an outside program plays (`cmd:PROGRAM`)
        return _(CMD_WORD)
    return _(BY_NAME[level].word) if level in BY_NAME else level


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
    timed = BY_NAME[level].timed if level in BY_NAME else None
    if timed is not None:
        think_ms: float | None = None
        if sep:
            try:
                think_ms = float(arg)
            except ValueError:
                raise BotSpecError(_("{level}:MS takes a think time in milliseconds, not {value!r}").format(
                    level=level, value=arg)) from None
        return timed(rng, name or level.capitalize(), think_ms)
    if spec not in BY_NAME:
        allowed = ", ".join([*BY_NAME, *(f"{lvl.name}:MS" for lvl in LEVELS if lvl.timed), "cmd:PROGRAM ARGS"])
        raise BotSpecError(_("unknown bot level {spec!r}; allowed: {allowed}").format(spec=spec, allowed=allowed))
    return BY_NAME[spec].make(rng, name or spec.capitalize())
