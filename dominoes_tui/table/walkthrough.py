"""The first-game walk-through: a short Draw round with a fixed deal against a bot that
plays a fixed order, so every step the walk-through explains comes up (an end choice,
a forced draw for the person and for the bot). The person's own choices stay free.
"""
from __future__ import annotations

import random

from ..engine import Deal, Match, Move, PlayerView, Seat, make_config, parse_tile
from .local import LocalTable

PERSON = ["5-3", "3-6", "0-4", "2-2"]
BOT = ["5-5", "5-1", "6-6", "0-3"]
# top first: the person draws 0-2 then 1-4; the bot then draws 3-4; then 4-6 for the person
BONEYARD = ["0-2", "1-4", "3-4", "4-6"]
TARGET = 1  # one round is the whole match


class ScriptedBot:
    """Plays the first tile of its list that fits (on the first end it fits), else the
    first legal move: the walk-through's bot does what the lines say it does."""

    level = "easy"

    def __init__(self, order: list[str], name: str = "Bot 2") -> None:
        self.order = [parse_tile(t) for t in order]
        self.name = name

    def choose(self, view: PlayerView) -> Move:
        for tile in self.order:
            moves = [m for m in view.legal if m.tile == tile]
            if moves:
                return moves[0]
        return view.legal[0]

    def close(self) -> None:
        pass


def walkthrough_deal() -> Deal:
    # compared as tiles, not as text: "5-3" is the tile 3-5 (as text it was not, and 3-5
    # and 1-5 lay in a hand and in the boneyard at once: "boneyard 22" with 8 tiles dealt)
    used = {parse_tile(t) for t in PERSON + BOT + BONEYARD}
    rest = [tile for a in range(7) for b in range(a, 7) if (tile := parse_tile(f"{a}-{b}")) not in used]
    return Deal(
        hands=[[parse_tile(t) for t in PERSON], [parse_tile(t) for t in BOT]],
        boneyard=[parse_tile(t) for t in BONEYARD] + rest,
        leader=1,
    )


def walkthrough_table(bot_delay: float = 0.7) -> LocalTable:
    """A table for the walk-through; it is never saved (nothing to resume)."""
    config = make_config("draw", 2, TARGET, {})
    match = Match(config, random.Random(0), [Seat("You", "human"), Seat("Bot 2", "bot", "easy")], 0)
    match.begin_round(walkthrough_deal())
    return LocalTable(match, {1: ScriptedBot(BOT)}, save_to=None, bot_delay=bot_delay)
