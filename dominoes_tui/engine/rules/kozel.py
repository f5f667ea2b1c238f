"""Kozel, the Russian goat: leftover pips are penalties, and 101 loses (docs/RULES.md §3.5, KOZEL-*)."""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import N_
from ..leads import Hands
from ..options import RESERVE, OptionSpec
from ..scoring import NOT_OVER, MatchVerdict, RoundOutcome, no_winner, one_or_list, sole_lowest
from ..tiles import Tile, hand_pips
from .base import Table, Variant

DOUBLE_BLANK, DOUBLE_SIX = Tile(0, 0), Tile(6, 6)


def penalty(config: Table, hand: Sequence[Tile]) -> int:
    """KOZEL-8: a lone 0-0 or lone 6-6 has a special value, otherwise the pips."""
    if len(hand) == 1 and hand[0] == DOUBLE_BLANK:
        return int(config.option("kozel_lone_00"))
    if len(hand) == 1 and hand[0] == DOUBLE_SIX:
        return int(config.option("kozel_lone_66"))
    return hand_pips(hand)


class Kozel(Variant):
    name = "kozel"
    title = N_("Kozel")
    summary = N_("The Russian goat: leftover pips are penalties; 101 loses.")
    rules_text = N_("""\
**Kozel** (2 to 4 players, the Russian "goat"). 7 tiles each; points are penalties.

- Round 1 is led by the lowest double (1-1 first; 0-0 only if nobody has another).
- Stuck? Draw from the boneyard until a tile fits; with it empty you pass.
- The player who goes out records nothing; everyone else records their pips
  (a lone 0-0 counts 25, a lone 6-6 counts 20). While your account is empty, less
  than 13 is not recorded.
- When someone reaches 101 the match ends: the highest total is the **Kozel** and
  loses; the lowest total wins.
""")
    players = (2, 3, 4)
    hand_size = {2: 7, 3: 7, 4: 7}
    draws = True
    penalties = True
    fish = True
    # Declarative: the options this variant offers, each its own words and range (alike in shape only)
    options = (
        OptionSpec("first_lead", N_("who leads round 1: the lowest double (1-1 first) or the highest"),
                   ("LOWEST_DOUBLE", "HIGHEST_DOUBLE"), default="LOWEST_DOUBLE", label=N_("first lead")),
        RESERVE,
        OptionSpec("kozel_limit", N_("penalty total that loses the match"), minimum=1, maximum=1000, default=101,
                   label=N_("kozel limit")),
        OptionSpec("kozel_threshold", N_("smallest penalty that is recorded"), minimum=0, maximum=30, default=13,
                   label=N_("kozel threshold")),
        OptionSpec("kozel_threshold_mode", N_("the threshold applies only to an empty account, or every round"),
                   ("opening", "every_round"), default="opening", label=N_("kozel threshold mode"),
                   words=(("opening", N_("opening only")), ("every_round", N_("every round")))),
        OptionSpec("kozel_lone_00", N_("penalty for a hand of only 0-0"), minimum=0, maximum=100, default=25,
                   label=N_("kozel lone 0-0")),
        OptionSpec("kozel_lone_66", N_("penalty for a hand of only 6-6"), minimum=0, maximum=100, default=20,
                   label=N_("kozel lone 6-6")),
        OptionSpec("kozel_fish_lead", N_("who leads after a fish with a winner: the winner or the blocker"),
                   ("winner", "blocker"), default="winner", label=N_("kozel fish lead"),
                   words=(("winner", N_("winner")), ("blocker", N_("blocker")))),
    )
    target_option = "kozel_limit"
    target_presets = (51, 101, 151)
    value_model = {2: (20.0, 20.0), 3: (20.0, 20.0), 4: (20.0, 20.0)}
    # bench/play_style_fit.py --variant kozel --players 3 --deals 200 --seed 11 (hard, 200 ms)
    line_style = {3: (1.010, 1.016, 1.818, 0.673, 1.452, 2.832)}

    def next_leader(self, config: Table, leader: int, winner_seat: int | None, went_out: int | None,
                    blocker: int | None) -> int:
        if went_out is not None:
            return went_out
        if winner_seat is not None and config.option("kozel_fish_lead") == "winner":
            return winner_seat
        return blocker  # type: ignore[return-value]

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        """KOZEL-7/8/9: everyone but the winner records a penalty, subject to the threshold."""
        n = len(hands)
        w = went_out if went_out is not None else sole_lowest(pips)
        if w is None:
            return no_winner(n, [0] * n)
        threshold = int(config.option("kozel_threshold"))
        opening = config.option("kozel_threshold_mode") == "opening"
        penalties = [0] * n
        terms: list[tuple[int | str, int]] = []
        for i, hand in enumerate(hands):
            if i == w:
                continue
            k = penalty(config, hand)
            if k >= threshold or (opening and scores[i] > 0):
                penalties[i] = k
            terms.append((i, penalties[i]))
        return RoundOutcome(w, w, penalties, list(penalties), terms)

    def verdict(self, config: Table, scores: Sequence[int]) -> MatchVerdict:
        """KOZEL-10: at the limit the highest total is the Kozel, the lowest of the rest wins."""
        if max(scores) < config.target:
            return NOT_OVER
        top = max(scores)
        losers = [i for i, s in enumerate(scores) if s == top]
        survivors = [i for i, s in enumerate(scores) if s != top]
        winners: list[int] = []
        if survivors:
            low = min(scores[i] for i in survivors)
            winners = [i for i in survivors if scores[i] == low]
        return MatchVerdict(True, one_or_list(winners), one_or_list(losers))
