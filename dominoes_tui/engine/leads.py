"""Who holds the double that leads (COM-8); each variant says who leads its rounds (rules/)."""
from __future__ import annotations

from collections.abc import Sequence

from .tiles import Tile, heaviness, lightness

Hands = Sequence[Sequence[Tile]]


def holder(hands: Hands, tile: Tile) -> int:
    return next(i for i, h in enumerate(hands) if tile in h)


def highest_double(hands: Hands) -> tuple[int, Tile]:
    """COM-8 HIGHEST_DOUBLE: 6-6 > … > 0-0; without doubles the heaviest tile."""
    doubles = [t for h in hands for t in h if t.is_double]
    best = max(doubles) if doubles else max((t for h in hands for t in h), key=heaviness)
    return holder(hands, best), best


def lowest_double(hands: Hands) -> tuple[int, Tile]:
    """COM-8 LOWEST_DOUBLE: 1-1 < … < 6-6, then 0-0; without doubles the lightest tile."""
    doubles = [t for h in hands for t in h if t.is_double]
    if doubles:
        best = min(doubles, key=lambda t: (t.low == 0, t.low))
    else:
        best = min((t for h in hands for t in h), key=lightness)
    return holder(hands, best), best
