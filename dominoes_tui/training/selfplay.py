"""Puzzles from bots playing each other: every variant at every player count it allows,
each to its default target and to its shortest ones.

A task is one table and one match seed: the match is played by the bots (TABLE_BOTS),
then harvested (harvest.py). The same seed gives the same match and the same puzzles on
every machine, so a starter set can be made again from its command line.

Why short targets: a puzzle's answer must be clearly best in the chance of winning the
match, and early in a long match one round moves that chance little (All Fives to 150,
Block to 100: one move is rarely 15 points better there). Where the target is the
option's own minimum, or its lowest preset, a round or two decide the match, so what
is played in the round matters, as it does near the end of any match. The target is an
option like any other: it is written into the log's match_start, so the puzzle's
options and the import's replay hold it.
"""
from __future__ import annotations

from ..bots import make_bot
from ..bots.arena import result_of
from ..bots.runner import play_match
from ..engine import VARIANTS, make_config
from ..engine.gamelog import parse_lines
from ..engine.options import OPTIONS, target_option
from ..engine.seeds import seeded
from .harvest import Lines, harvest
from .puzzle import Puzzle

Table = tuple[str, int, int | None]  # variant, players, target (None: the variant's default)
TABLE_BOTS = "medium"  # quick to play, and slips enough for positions with a clear answer
PER_MATCH = 2


def short_targets(variant: str, players: int) -> list[int]:
    """The target option's lowest allowed value and its lowest preset, where shorter than
    the default (a target of 1: the first round that scores decides the match)."""
    spec = next(s for s in OPTIONS[variant] if s.name == target_option(variant))
    lowest = spec.choices[0] if spec.choices else spec.minimum
    presets = VARIANTS[variant].target_presets
    default = make_config(variant, players).target
    return sorted({t for t in (lowest, min(presets, default=None)) if isinstance(t, int) and t < default})


def tables(variant: str | list[str] | None = None) -> list[Table]:
    """Every (variant, players, target) the bots play for puzzles, or those of the variant
    (or variants) named: the default target first, then the short ones."""
    chosen = [variant] if isinstance(variant, str) else variant
    return [(v.name, n, target) for v in VARIANTS.values() if chosen is None or v.name in chosen
            for n in v.players for target in (None, *short_targets(v.name, n))]


def bot_match(task: tuple[str, int, int | None, int]) -> Lines:
    """The parsed log of the task's table (variant, players, target, seed) played by the bots."""
    variant, players, target, match_seed = task
    config = make_config(variant, players, target)
    bots = [make_bot(TABLE_BOTS, seeded(match_seed, seat), f"{TABLE_BOTS} {seat + 1}") for seat in range(players)]
    try:
        run = play_match(config, bots, match_seed)
    finally:
        for bot in bots:
            bot.close()
    log = result_of(run, keep_log=True).log
    assert log is not None
    return parse_lines(log)


def selfplay_puzzles(task: tuple[str, int, int | None, int], guesses: int | None = None) -> list[Puzzle]:
    """One bot match of the task's table played and harvested."""
    lines = bot_match(task)
    if guesses is None:
        return harvest(lines, task[3], most=PER_MATCH)
    return harvest(lines, task[3], most=PER_MATCH, guesses=guesses)
