"""Bot specs for the studies: the program's levels, plus the research yardstick `flat`.

`flat` (the flat sampler, bench/flat.py, the hard level before the search) takes a budget
like hard, `flat:MS`; the program itself never offers or accepts it. Every other spec is
the program's own (dominoes_tui/bots/registry.py).
"""
from __future__ import annotations

import random

from dominoes_tui.bots import make_bot as make_level
from dominoes_tui.bots.base import Bot
from dominoes_tui.bots.registry import BotSpecError

FLAT = "flat"


def make_bot(spec: str, rng: random.Random, name: str | None = None) -> Bot:
    """A bot for `spec`: `flat` or `flat:MS`, or any spec the program takes."""
    level, sep, arg = spec.strip().partition(":")
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
