"""Round robin by the circle method: everyone meets everyone once per cycle."""
from __future__ import annotations

from collections.abc import Sequence


def cycle(entrants: Sequence[str]) -> list[list[tuple[str | None, str | None]]]:
    """The rounds of one cycle; None in a pair is the bye (an odd count)."""
    players: list[str | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    rounds = []
    for r in range(n - 1):
        pairs = [(players[i], players[n - 1 - i]) for i in range(n // 2)]
        if r % 2:  # the fixed player alternates seats
            pairs[0] = (pairs[0][1], pairs[0][0])
        rounds.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def round_pairs(entrants: Sequence[str], number: int) -> list[tuple[str | None, str | None]]:
    """The pairs of round `number` (1-based); a second cycle swaps every pair's seats."""
    rounds = cycle(entrants)
    pairs = rounds[(number - 1) % len(rounds)]
    if ((number - 1) // len(rounds)) % 2:
        pairs = [(b, a) for a, b in pairs]
    return pairs


def cycle_length(count: int) -> int:
    return count - 1 if count % 2 == 0 else count
