"""What a finished round is worth to each side: its chance of winning the match.

Points are not the aim, matches are. A finished round is settled by the engine's round
core (`engine.round_end.settle`: its points, play points, a match won in play, the
verdict) on top of the scores the view shows; if that ends the match the value is 1 for
a winner, 0 for a loser, shared on a tie. Otherwise the rest of the match is treated as a random
walk of rounds worth about `ROUND_POINTS` each: a side's value is the normal chance that
its lead over its closest rival survives the rounds still to come. Early in a match a
few points hardly matter and a big round matters a lot; near the target every point
that decides who gets there first counts, and nothing else does: near the end of a
match, the score decides what a good move is.

Kozel turns it round: totals are penalties, the match ends when someone reaches the
limit, and the lowest total wins, so a side's lead is how far it is below its rival.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from ...engine.round import Round
from ...engine.round_end import settle
from ...engine.scoring import match_verdict
from ...engine.variants import TableConfig

# A typical round's points per variant (measured roughly from medium-bot matches).
ROUND_POINTS = {"partner": 40.0, "allfives": 30.0, "kozel": 20.0}
DEFAULT_ROUND_POINTS = 22.0


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class MatchValue:
    """Maps a round's end to a value in [0, 1] per side, for one decision's scores."""

    def __init__(self, config: TableConfig, scores: Sequence[int]) -> None:
        self.config = config
        self.scores = list(scores)
        self.target = config.target
        self.kozel = config.rules.penalties
        self.round_points = ROUND_POINTS.get(config.variant, DEFAULT_ROUND_POINTS)
        self.teams = config.teams is not None
        self.sides = 2 if self.teams else config.players
        # finished rounds met before (many lines of a search end alike), by how they ended
        self._finished: dict[tuple[object, ...], list[float]] = {}

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def of_state(self, state: Round) -> list[float]:
        """Every side's value of a finished round (its stakes are this decision's scores)."""
        key = (state.went_out, state.blocker, state.capicu, state.won_in_play, tuple(state.masks),
               tuple(state.play_points))
        known = self._finished.get(key)
        if known is None:
            settled = settle(self.config, state)
            known = self._finished[key] = self._of_verdict(settled.scores, settled.verdict.over, settled.verdict.winner)
        return known

    def of_hand_winner(self, winner: int | None, points: int) -> list[float]:
        """Partner: the value once side `winner` (None: a tied block) scores `points`."""
        after = list(self.scores)
        if winner is not None:
            after[winner] += points
        return self.of_scores(after)

    def of_scores(self, after: list[int]) -> list[float]:
        verdict = match_verdict(self.config, after)
        return self._of_verdict(after, verdict.over, verdict.winner)

    def _of_verdict(self, after: list[int], over: bool, winner: int | list[int] | None) -> list[float]:
        if over:
            winners = winner if isinstance(winner, list) else ([] if winner is None else [winner])
            if not winners:
                return [0.5] * self.sides
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.sides)]
        if self.kozel:
            # lower is better; rounds left until someone reaches the limit
            room = [self.target - s for s in after]
            goodness = [-s for s in after]
            left = max(1.0, min(room) / self.round_points)
        else:
            room = [self.target - s for s in after]
            goodness = [-r for r in room]
            left = max(1.0, min(room) / self.round_points)
        spread = self.round_points * math.sqrt(left)
        values = []
        for s in range(self.sides):
            rival = max(g for i, g in enumerate(goodness) if i != s)
            values.append(_phi((goodness[s] - rival) / spread))
        return values
