"""A bot's turn at a table people watch, local or hosted: ask the bot for its move on
its view, pace it so a person can follow, and play it, or the first legal move if the
bot crashed or answered an illegal one (a bot's bug must never end a person's match).

The table says how to ask (a thread, a worker process), how long a move takes at least,
whether the turn is still the bot's after the wait (the table may have closed, the
person may be back) and where a fallback is said (the notes, the server's log).
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from ..engine import Match, Move, PlayerView, view_for
from ..i18n import _, told

Ask = Callable[[PlayerView], Awaitable[Move]]


async def bot_turn(
    match: Match, seat: int, ask: Ask, *, name: str, pace: float,
    still_due: Callable[[], bool], say: Callable[[str], None],
) -> bool:
    """Play `seat`'s move as its bot chooses it; False (nothing played) when the turn
    stopped being the bot's while it thought or waited."""
    started = time.monotonic()
    view = view_for(match, seat)
    try:
        move = await ask(view)
    except Exception as exc:  # noqa: BLE001 - any bug of the bot's; not CancelledError: a table that closes stops the turn
        say(_("{name} failed to choose ({reason}); it played its first legal move").format(name=name, reason=told(exc)))
        move = view.legal[0]
    rest = pace - (time.monotonic() - started)
    if rest > 0:
        await asyncio.sleep(rest)
    if not still_due():
        return False
    legal = match.legal_moves()
    if move not in legal:
        say(_("{name} chose an illegal move {move}; it played its first legal move").format(name=name, move=told(move)))
        move = legal[0]
    match.apply(move, seat)
    return True
