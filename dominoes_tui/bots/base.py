"""What every bot is: something that reads a PlayerView and answers a legal move."""
from __future__ import annotations

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


def stop_thinking(bot: Bot) -> None:
    """Tell a bot that thinks in the background (the search levels) that its move is no
    longer wanted; bots without a `cancel()` finish on their own."""
    cancel = getattr(bot, "cancel", None)
    if callable(cancel):
        cancel()
