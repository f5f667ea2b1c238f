"""Puzzles from bots playing each other: every variant at every player count it allows.

A task is one table and one match seed: the match is played by the bots (TABLE_BOTS),
then harvested (harvest.py). The same seed gives the same match and the same puzzles on
every machine, so a starter set can be made again from its command line.
"""
from __future__ import annotations

from ..bots import make_bot
from ..bots.arena import result_of
from ..bots.runner import play_match
from ..engine import VARIANTS, make_config
from ..engine.gamelog import parse_lines
from ..engine.seeds import seeded
from .harvest import harvest
from .puzzle import Puzzle

Table = tuple[str, int]  # variant, players
TABLE_BOTS = "medium"  # quick to play, and slips enough for positions with a clear answer
PER_MATCH = 2


def tables(variant: str | None = None) -> list[Table]:
    """Every (variant, players) the program plays, or those of one variant."""
    return [(v.name, n) for v in VARIANTS.values() if variant in (None, v.name) for n in v.players]


def selfplay_puzzles(task: tuple[str, int, int], guesses: int | None = None) -> list[Puzzle]:
    """One bot match of the task's table played and harvested."""
    variant, players, match_seed = task
    config = make_config(variant, players)
    bots = [make_bot(TABLE_BOTS, seeded(match_seed, seat), f"{TABLE_BOTS} {seat + 1}") for seat in range(players)]
    try:
        run = play_match(config, bots, match_seed)
    finally:
        for bot in bots:
            bot.close()
    log = result_of(run, keep_log=True).log
    assert log is not None
    lines = parse_lines(log)
    if guesses is None:
        return harvest(lines, match_seed, most=PER_MATCH)
    return harvest(lines, match_seed, most=PER_MATCH, guesses=guesses)
