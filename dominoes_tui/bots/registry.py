"""Turn a level name (as typed after --bots or in the settings) into a bot."""
from __future__ import annotations

import random
from typing import Callable

from .base import Bot
from .random_bot import RandomBot

BotFactory = Callable[[random.Random, str], Bot]

LEVELS: dict[str, BotFactory] = {
    "random": lambda rng, name: RandomBot(rng, name),
}


class BotSpecError(ValueError):
    """An unknown level or a bad `cmd:` spec."""


def level_names() -> list[str]:
    return list(LEVELS)


def make_bot(spec: str, rng: random.Random, name: str | None = None) -> Bot:
    """A bot for `spec` (a level name), drawing its random choices from `rng`."""
    spec = spec.strip()
    if spec not in LEVELS:
        raise BotSpecError(f"unknown bot level {spec!r}; allowed: {', '.join(LEVELS)}")
    bot = LEVELS[spec](rng, name or spec.capitalize())
    return bot
