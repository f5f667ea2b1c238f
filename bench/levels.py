"""Bot specs for the studies: the program's levels, plus two research yardsticks.

`flat` (the flat sampler, bench/flat.py, the hard level before the search) takes a budget
like hard, `flat:MS`. `base:LEVEL` or `base:LEVEL:MS` seats a level of another build of the
program, the one whose `dominoes` command $DOMINOES_BASELINE names (a checkout of an
earlier commit, installed in a venv of its own), through the bot protocol
(docs/BOT_PROTOCOL.md): today's build against yesterday's, each in its own process. The
program itself never offers or accepts either. Every other spec is the program's own
(dominoes_tui/bots/registry.py).
"""
from __future__ import annotations

import os
import random

from dominoes_tui.bots import make_bot as make_level
from dominoes_tui.bots.base import Bot
from dominoes_tui.bots.registry import BotSpecError

FLAT = "flat"
BASE = "base"


def make_bot(spec: str, rng: random.Random, name: str | None = None) -> Bot:
    """A bot for `spec`: `flat` or `flat:MS`, `base:LEVEL[:MS]`, or any spec the program takes."""
    level, sep, arg = spec.strip().partition(":")
    if level == BASE:
        return _baseline(arg, rng, name)
    if level != FLAT:
        return make_level(spec, rng, name)
    from bench.flat import DEFAULT_THINK_MS, FlatBot

    think_ms = DEFAULT_THINK_MS
    if sep:
        try:
            think_ms = float(arg)
        except ValueError:
            raise BotSpecError(f"flat:MS takes a think time in milliseconds, not {arg!r}") from None
    return FlatBot(rng, name or "Flat", think_ms=think_ms)


def _baseline(spec: str, rng: random.Random, name: str | None) -> Bot:
    from dominoes_tui.bots.external import ExternalBot

    program = os.environ.get("DOMINOES_BASELINE")
    if not program:
        raise BotSpecError("base:LEVEL needs DOMINOES_BASELINE: the `dominoes` program of the build to play")
    level, sep, ms = spec.partition(":")
    argv = [program, "bot", "--lang", "en", "--level", level, "--seed", str(rng.randrange(2**31))]
    if sep:
        argv += ["--think-ms", ms]
    bot: Bot = ExternalBot(argv, name or f"base {level}")
    return bot
