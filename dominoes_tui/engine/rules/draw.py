"""Draw: match the ends, draw from the boneyard when stuck (docs/RULES.md §3.1, DRAW-*)."""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import N_
from ..leads import Hands
from ..options import BLOCKED, FIRST_LEAD, RESERVE, OptionSpec
from ..scoring import RoundOutcome, no_winner, winner_and_others, won
from .base import Table, Variant


def draw_target(players: int) -> int:
    return 100 if players == 2 else 61


TARGET = OptionSpec("target_score", N_("points that win the match"), minimum=1, maximum=1000,
                    default_for=draw_target, label=N_("target score"))


class Draw(Variant):
    name = "draw"
    title = N_("Draw")
    summary = N_("Match the ends; draw from the boneyard when stuck; lowest hand scores the rest.")
    rules_text = N_("""\
**Draw** (2 to 4 players). 7 tiles each (6 with four players); the rest is the boneyard.

- Round 1 is led by lot with any tile; later the last winner leads.
- Stuck? You draw from the boneyard by yourself until a tile fits, and must then
  play it. With the boneyard empty you pass.
- The round ends when someone plays their last tile (domino), or when nobody can
  play (blocked): then the lowest hand wins, and a tie scores nothing.
- The winner scores everyone else's pips minus their own.
- First to the target with the single highest total wins the match.
""")
    players = (2, 3, 4)
    hand_size = {2: 7, 3: 7, 4: 6}
    draws = True
    options: tuple[OptionSpec, ...] = (FIRST_LEAD, RESERVE, BLOCKED, TARGET)
    target_presets = (61, 100, 150)
    value_model = {2: (19.38, 44.69)}
    playout_bias = {2: (0.0, 0.116, 0.116, 0.116, 0.116, 0.116, 0.116, 0.116, 0.179, 0.179, 0.180, 0.180)}

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        """DRAW-8 (also Block): the winner takes the others' pips minus their own."""
        w, pips, terms = winner_and_others(pips, went_out)
        if w is None:
            return no_winner(len(hands))
        points = sum(p for _, p in terms)
        if went_out is None and config.option("blocked_points") == "loser_pips":
            pass
        elif pips[w]:
            terms.append((w, -pips[w]))
            points -= pips[w]
        return won(w, points, terms, len(hands))
