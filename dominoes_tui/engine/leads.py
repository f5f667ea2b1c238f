"""Who leads a round and with what (COM-8, DRAW-4, PARTNER-3, KOZEL-4, DUEL-4)."""
from __future__ import annotations

import random
from collections.abc import Sequence

from .tiles import Tile, heaviness, lightness
from .variants import TableConfig

Hands = Sequence[Sequence[Tile]]


def _holder(hands: Hands, tile: Tile) -> int:
    return next(i for i, h in enumerate(hands) if tile in h)


def highest_double(hands: Hands) -> tuple[int, Tile]:
    """COM-8 HIGHEST_DOUBLE: 6-6 > … > 0-0; without doubles the heaviest tile."""
    doubles = [t for h in hands for t in h if t.is_double]
    best = max(doubles) if doubles else max((t for h in hands for t in h), key=heaviness)
    return _holder(hands, best), best


def lowest_double(hands: Hands) -> tuple[int, Tile]:
    """COM-8 LOWEST_DOUBLE: 1-1 < … < 6-6, then 0-0; without doubles the lightest tile."""
    doubles = [t for h in hands for t in h if t.is_double]
    if doubles:
        best = min(doubles, key=lambda t: (t.low == 0, t.low))
    else:
        best = min((t for h in hands for t in h), key=lightness)
    return _holder(hands, best), best


def first_round_lead(config: TableConfig, hands: Hands, rng: random.Random) -> tuple[int, Tile | None]:
    """Round 1: the leader, and the tile the leader must lead (None: any tile)."""
    if config.variant == "partner":
        if config.option("partner_lead_rule") == "plaza":
            return _holder(hands, Tile(6, 6)), Tile(6, 6)  # PARTNER-3: 6-6 is always dealt
        return rng.randrange(config.players), None
    procedure = config.option("first_lead")
    if procedure == "HIGHEST_DOUBLE":
        return highest_double(hands)
    if procedure == "LOWEST_DOUBLE":
        return lowest_double(hands)
    return rng.randrange(config.players), None


def next_leader(
    config: TableConfig, leader: int, winner_seat: int | None, went_out: int | None, blocker: int | None
) -> int:
    """The leader of the next round, from how this one ended (any tile may be led)."""
    n = config.players
    variant = config.variant
    if variant == "partner":
        if config.option("partner_lead_rule") == "fid":
            return (leader + 1) % n
        return went_out if went_out is not None else blocker  # type: ignore[return-value]
    if variant == "kozel":
        if went_out is not None:
            return went_out
        if winner_seat is not None and config.option("kozel_fish_lead") == "winner":
            return winner_seat
        return blocker  # type: ignore[return-value]
    if variant == "duel":
        return winner_seat if winner_seat is not None else blocker  # type: ignore[return-value]
    # Draw, Block, All Fives (DRAW-4)
    return winner_seat if winner_seat is not None else (leader + 1) % n
