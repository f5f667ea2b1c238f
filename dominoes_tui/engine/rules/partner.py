"""Partner: two against two, all tiles dealt (docs/RULES.md §3.4, PARTNER-*)."""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import N_
from ..leads import Hands, holder
from ..options import OptionSpec
from ..scoring import RoundOutcome, no_winner, sole_lowest
from ..tiles import Tile
from .base import Table, Variant

SIX_SIX = Tile(6, 6)


class Partner(Variant):
    # Declarative: this variant's name and words (every variant's class opens alike, in shape only)
    name = "partner"
    title = N_("Partner")
    summary = N_("Two against two, all tiles dealt; partners sit opposite.")
    rules_text = N_("""\
**Partner** (2 against 2). Partners sit opposite: seats 1 and 3 against 2 and 4.
All 28 tiles are dealt, 7 each; nobody draws.

- Round 1: whoever holds 6-6 leads it. Later the player who went out (or made the
  block) leads.
- Stuck? You pass. A partner's domino wins for the whole team.
- The winning team scores the pips left in all four hands. A blocked round goes to
  the team with fewer pips; a tie scores nothing.
- **Capicú**: going out with a tile that fits both ends (may give a bonus).
- The first team at the target wins; a team that never scored lost "zu null".
""")
    players = (4,)
    hand_size = {4: 7}
    draws = False
    teams = True
    capicu = True
    options = (
        OptionSpec("target_score", N_("points that win the match (50 short, 100 classic, 200 long)"),
                   (50, 100, 150, 200, 500), default=100, label=N_("target score")),
        OptionSpec("partner_lead_rule", N_("plaza: 6-6 opens, then the winner or blocker; fid: lot, then rotation"),
                   ("plaza", "fid"), default="plaza", label=N_("partner lead rule"),
                   words=(("plaza", N_("plaza (6-6)")), ("fid", N_("fid (lot)")))),
        OptionSpec("partner_round_points", N_("winners score all four hands, or only the opponents' hands"),
                   ("all_hands", "opponents_only"), default="all_hands", label=N_("partner round points"),
                   words=(("all_hands", N_("all hands")), ("opponents_only", N_("opponents only")))),
        OptionSpec("partner_block_winner", N_("a block is won by the lighter team, or by the blocker's team"),
                   ("fewest_pips", "blocker"), default="fewest_pips", label=N_("partner block winner"),
                   words=(("fewest_pips", N_("fewest pips")), ("blocker", N_("blocker")))),
        OptionSpec("capicu_bonus", N_("bonus for going out with a tile that fits both ends"), (0, 25, 30), default=0,
                   label=N_("capicu bonus")),
    )
    value_model = {4: (40.0, 40.0)}

    def leads_six_six(self, config: Table) -> bool:
        return bool(config.option("partner_lead_rule") == "plaza")

    def first_round_lead(self, config: Table, hands: Hands, rng: random.Random) -> tuple[int, Tile | None]:
        if self.leads_six_six(config):
            return holder(hands, SIX_SIX), SIX_SIX  # PARTNER-3: 6-6 is always dealt
        return rng.randrange(config.players), None

    def next_leader(self, config: Table, leader: int, winner_seat: int | None, went_out: int | None,
                    blocker: int | None) -> int:
        if config.option("partner_lead_rule") == "fid":
            return (leader + 1) % config.players
        return went_out if went_out is not None else blocker  # type: ignore[return-value]

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        """PARTNER-6/7/8: a team wins; it scores all hands (or the opponents'), plus capicú."""
        teams = config.teams
        assert teams is not None  # Partner is always played in two teams
        team_pips = [pips[0] + pips[2], pips[1] + pips[3]]  # teams are seats 0+2 and 1+3
        if went_out is not None:
            winner: int | None = went_out % 2
        elif config.option("partner_block_winner") == "blocker":
            winner = blocker % 2  # type: ignore[operator]
        else:
            winner = sole_lowest(team_pips)
        if winner is None:
            return no_winner(2)
        terms: list[tuple[int | str, int]]
        if config.option("partner_round_points") == "all_hands":
            terms = [(s, pips[s]) for s in range(4)]
        else:
            terms = [(s, pips[s]) for s in teams[1 - winner]]
        bonus = config.option("capicu_bonus") if capicu else 0
        if bonus:
            terms.append(("capicú", bonus))
        points = sum(p for _, p in terms)
        deltas = [0, 0]
        deltas[winner] = points
        return RoundOutcome(winner, went_out, points, deltas, terms, capicu)
