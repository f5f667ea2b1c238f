"""A match's phases: before its first deal, a round in play, between rounds, over.

A StrEnum: each member is its word, so it compares, hashes and serialises (views, the
protocol) exactly as the plain string did."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    NEW = "new"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


NEW, PLAYING, ROUND_OVER, MATCH_OVER = Phase.NEW, Phase.PLAYING, Phase.ROUND_OVER, Phase.MATCH_OVER
