"""How far a loss estimated by playouts may be off: the part of its margin that more guesses
would not shrink.

A guess with more tiles in play than the search solves exactly (pimc.solve_at) is played
by the playout policy down to that size first, and the policy's slips shift every value
of that guess: a bias, the same on every guess of the same deal, so the guesses' standard
error does not see it. `python -m bench bias` measures it against the yardstick of each
guess solved exactly to its end: by how many tiles in play lie above the cut-off
(`above`), the 95th percentile of |estimated loss − exact loss| over the candidates of
positions from medium bots' rounds (bench/README.md, "how far the playouts are off").
A position at or below the cut-off is solved on every guess: no bias.
"""
from __future__ import annotations

from ...engine.rules import VARIANTS, find_variant

# Each variant's measured bias, by player count, is its own (engine/rules/, playout_bias):
# the 95th percentile for above = 1, 2, ...; beyond the last, the last. Draw 2p and All
# Fives 2p: 40 rounds, 40 guesses a position, seed 1 (2026-12-03), never less than nearer
# the cut-off. A table not measured: the largest of the measured ones at the same distance.


def playout_bias(variant: str, players: int, above: int) -> float:
    """The bias bound of a loss judged with `above` tiles in play above the cut-off."""
    if above <= 0:
        return 0.0
    own = find_variant(variant).playout_bias.get(players)
    rows = [own] if own is not None else [row for v in VARIANTS.values() for row in v.playout_bias.values()]
    return max((row[min(above, len(row)) - 1] for row in rows if row), default=0.0)
