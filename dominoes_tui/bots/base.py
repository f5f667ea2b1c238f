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
