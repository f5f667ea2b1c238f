"""Classic Duel: two players, 6-6 leads, pips decide a fish (docs/RULES.md §3.6, DUEL-*)."""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import N_
from ..leads import Hands
from ..options import BLOCKED, RESERVE, OptionSpec
from ..scoring import RoundOutcome, no_winner, sole_lowest, won
from ..tiles import Tile
from .base import Table, Variant

DOUBLE_BLANK = Tile(0, 0)


class Duel(Variant):
    # Declarative: this variant's name and words (every variant's class opens alike, in shape only)
    name = "duel"
    title = N_("Classic Duel")
    summary = N_("Two players, 6-6 leads, the stuck draw from the boneyard, pips decide a fish.")
    rules_text = N_("""\
**Classic Duel** (2 players). 7 tiles each; the other 14 are the boneyard.

- Round 1 is led by the highest double (6-6 first). Later the last winner leads.
- Stuck? Draw from the boneyard until a tile fits; with it empty you pass.
- A domino scores the loser's pips (a lone 0-0 counts 10). A fish (nobody can play)
  goes to the lower hand, scoring the difference; a tie scores nothing.
- First to the target wins.
""")
    players = (2,)
    hand_size = {2: 7}
    draws = True
    fish = True
    # Declarative: the options this variant offers, each its own words and range (alike in shape only)
    options = (
        OptionSpec("first_lead", N_("who leads round 1: the highest double (6-6 first) or the lowest"),
                   ("HIGHEST_DOUBLE", "LOWEST_DOUBLE"), default="HIGHEST_DOUBLE", label=N_("first lead")),
        RESERVE,
        BLOCKED,
        OptionSpec("target_score", N_("points that win the match"), (50, 100, 150, 200, 250, 300), default=100,
                   label=N_("target score")),
        OptionSpec("duel_lone_00", N_("a loser's hand of only 0-0 is worth 10, 25, or its pips (0)"),
                   ("pips", 10, 25), default=10, label=N_("duel lone 0-0"), words=(("pips", N_("its pips")),)),
    )

    def next_leader(self, config: Table, leader: int, winner_seat: int | None, went_out: int | None,
                    blocker: int | None) -> int:
        return winner_seat if winner_seat is not None else blocker  # type: ignore[return-value]

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        """DUEL-7/8: a domino takes the loser's hand value; a fish the difference (or loser's pips)."""
        terms: list[tuple[int | str, int]]
        if went_out is not None:
            w, loser = went_out, 1 - went_out
            hand = hands[loser]
            value = pips[loser]
            if len(hand) == 1 and hand[0] == DOUBLE_BLANK:
                lone = config.option("duel_lone_00")
                value = 0 if lone == "pips" else int(lone)
            terms = [(loser, value)]
        else:
            lowest = sole_lowest(pips)
            if lowest is None:
                return no_winner(2)
            w, loser = lowest, 1 - lowest
            terms = [(loser, pips[loser])]
            if config.option("blocked_points") == "difference":
                terms.append((w, -pips[w]))
        return won(w, sum(p for _, p in terms), terms, 2)
