"""All Fives: a spinner, and points whenever the ends count a multiple of 5 (docs/RULES.md §3.3, FIVES-*)."""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import N_
from ..leads import Hands
from ..options import FIRST_LEAD, RESERVE, OptionSpec
from ..scoring import RoundOutcome, no_winner, round5, winner_and_others, won
from .base import Table, Variant


class AllFives(Variant):
    name = "allfives"
    title = N_("All Fives")
    summary = N_("The first double spins four ways; score whenever the ends add to 5s.")
    rules_text = N_("""\
**All Fives** (2 to 4 players). 7 tiles each with two players, 5 with three or four.

- The first double on the table is the **spinner**: it opens to its left and right,
  and once both have a tile, also up and down.
- After every tile you lay, add up the open ends (a double at an end counts both
  halves; the spinner counts itself while a side is empty). If the count is a
  multiple of 5, you score it at once.
- Stuck? You draw until a tile fits, then play it; with the boneyard empty you pass.
- The round winner also gets the others' pips, rounded to the nearest 5.
- First to the target (default 150) with the single highest total wins.
""")
    players = (2, 3, 4)
    hand_size = {2: 7, 3: 5, 4: 5}
    draws = True
    spinner = True
    counts_fives = True
    # Declarative: the options this variant offers, each its own words and range (alike in shape only)
    options = (
        FIRST_LEAD,
        RESERVE,
        OptionSpec("target_score", N_("points that win the match"), minimum=1, maximum=1000, default=150,
                   label=N_("target score")),
        OptionSpec("fives_win_mid_round", N_("reaching the target by scoring in play wins at once"),
                   ("off", "on"), default="off", label=N_("fives win mid round"),
                   words=(("off", N_("off")), ("on", N_("on")))),
    )
    target_presets = (100, 150, 200, 250)
    # The fit's best for 2 players (10, 24) lies on a flat ridge (log-loss a round end 0.4219,
    # these 0.4259), and hard with it won only 38 % against hard with these (bench/README.md)
    value_model = {2: (30.0, 30.0), 3: (30.0, 30.0), 4: (30.0, 30.0)}
    # 2 players, 40 rounds, 40 guesses a position, seed 1 (2026-12-03)
    playout_bias = {2: (0.035, 0.044, 0.066, 0.066, 0.104, 0.104, 0.201, 0.201, 0.201, 0.201, 0.201, 0.201)}

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        """FIVES-9: the winner adds the others' pips rounded to the nearest five."""
        w, _pips, terms = winner_and_others(pips, went_out)
        if w is None:
            return no_winner(len(hands))
        return won(w, round5(sum(p for _, p in terms)), terms, len(hands))
