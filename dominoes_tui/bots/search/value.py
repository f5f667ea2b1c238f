"""What a finished round is worth to each side: its chance of winning the match.

Points are not the aim, matches are. A finished round is settled by the engine's round
core (`engine.round_end.settle`: its points, play points, a match won in play, the
verdict) on top of the scores the view shows; if that ends the match the value is 1 for
a winner, 0 for a loser, shared on a tie. Otherwise the rest of the match is treated as a random
walk: the rounds still to come are about the closest side's room to the target over
`pace` (a round's points toward the goal), and each moves a lead by about `spread`
points, so a side's lead over a rival survives with the normal chance of lead /
(spread · √rounds left). With two sides that is the value; with more, each side's
chances against every rival are multiplied and the sides' shares normalised, so the
values are chances that add up to one. Early in a match a few points hardly matter and
a big round matters a lot; near the target every point that decides who gets there
first counts, and nothing else does: near the end of a match, the score decides what a
good move is.

Kozel turns it round: totals are penalties, the match ends when someone reaches the
limit, and the lowest total wins, so a side's lead is how far it is below its rival.

The two constants of a table are fitted to the outcomes of hard playing hard
(`python -m bench analysis --fit`, bench/README.md): the chance the model gives the side
that went on to win is as high as it can be made, over every round's end. A fit is kept
only where the bots play no worse with it (All Fives did not).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from ...engine.round import Round
from ...engine.round_end import settle
from ...engine.variants import TableConfig

# (pace, spread): each variant's fitted ones are its own (engine/rules/, value_model)
DEFAULT_MODEL = (22.0, 22.0)  # a table not fitted


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class MatchValue:
    """Maps a round's end to a value in [0, 1] per side, for one decision's scores."""

    def __init__(self, config: TableConfig, scores: Sequence[int], constants: tuple[float, float] | None = None) -> None:
        """`constants`: (pace, spread) in place of the table's fitted ones (the fit tries them)."""
        self.config = config
        self.scores = list(scores)
        self.target = config.target
        self.kozel = config.rules.penalties
        self.pace, self.spread = constants or config.rules.value_model.get(config.players, DEFAULT_MODEL)
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

    def of_scores(self, after: list[int]) -> list[float]:
        verdict = self.config.rules.verdict(self.config, after)
        return self._of_verdict(after, verdict.over, verdict.winner)

    def _of_verdict(self, after: list[int], over: bool, winner: int | list[int] | None) -> list[float]:
        if over:
            winners = winner if isinstance(winner, list) else ([] if winner is None else [winner])
            if not winners:
                return [0.5] * self.sides
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.sides)]
        room = [self.target - s for s in after]
        # Kozel: lower is better; elsewhere nearer the target
        goodness = [-s for s in after] if self.kozel else [-r for r in room]
        width = self.spread * math.sqrt(max(1.0, min(room) / self.pace))
        if self.sides == 2:
            first = _phi((goodness[0] - goodness[1]) / width)
            return [first, 1.0 - first]
        shares = []
        for s in range(self.sides):
            share = 1.0
            for r in range(self.sides):
                if r != s:
                    share *= _phi((goodness[s] - goodness[r]) / width)
            shares.append(share)
        total = sum(shares)
        return [x / total for x in shares] if total > 0.0 else [1.0 / self.sides] * self.sides
