"""Bot-only matches without a screen: the match runner (bots/runner.py) under the names
the table layer has always offered."""
from __future__ import annotations

from ..bots.runner import MatchRun, play_match, play_matches
from ..engine.seeds import derive_seeds

MatchReport = MatchRun  # the older name of one played match

__all__ = ["MatchReport", "MatchRun", "derive_seeds", "play_match", "play_matches"]
