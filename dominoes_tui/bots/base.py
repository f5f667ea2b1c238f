"""What every bot is: something that reads a PlayerView and answers a legal move."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine import Move, PlayerView


class Bot(Protocol):
    name: str
    level: str

    def choose(self, view: PlayerView) -> Move:
        """A move from `view.legal`; called only when it is the view's seat's turn."""
        ...

    def close(self) -> None:
        """Release anything the bot holds (an outside program, say)."""
        ...


class LegalOnlyBot:
    """A bot that reads nothing but the legal moves, so the match runner (bots/runner.py)
    hands it just those instead of a whole view: such bots play a match in about a
    millisecond. A level says how it picks in `choose_legal`."""

    level = ""
    legal_only = True

    def __init__(self, rng: random.Random | None = None, name: str = "") -> None:
        self.rng = rng or random.Random(0)
        self.name = name or self.level.capitalize()

    def choose(self, view: PlayerView) -> Move:
        return self.choose_legal(view.legal)

    def choose_legal(self, legal: Sequence[Move]) -> Move:
        raise NotImplementedError

    def close(self) -> None:
        pass


def stop_thinking(bot: Bot) -> None:
    """Tell a bot that thinks in the background (the search levels) that its move is no
    longer wanted; bots without a `cancel()` finish on their own."""
    cancel = getattr(bot, "cancel", None)
    if callable(cancel):
        cancel()
