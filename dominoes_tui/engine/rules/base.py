"""What every variant is made of, and the rules a variant keeps unless it says otherwise.

A variant is an object that knows its rules and its words, as python-chess's
chess/variant.py has a board class per variant: each module of this package holds one
class that overrides the few rules it changes (docs/RULES.md §3), and the registry
(__init__.py) lists them. Nothing outside this package compares a variant's name: it asks
the variant (`config.rules`, `find_variant(name)`).

Its words are catalog msgids marked with N_() and translated where a person reads them
(ui, cli); the engine keeps them in English, as logs and JSON do.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

from ..leads import Hands, highest_double, lowest_double
from ..options import OptionSpec
from ..scoring import NOT_OVER, MatchVerdict, RoundOutcome
from ..tiles import Tile

NONE: Mapping[int, Any] = MappingProxyType({})


class Table(Protocol):
    """What a variant's rules read of a table (engine/variants.py's TableConfig is one)."""

    @property
    def players(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def teams(self) -> tuple[tuple[int, int], tuple[int, int]] | None: ...
    def option(self, name: str) -> Any: ...


class Variant:
    """The rules and words of one variant; a subclass sets or overrides what differs."""

    name: str  # in logs, JSON and on the command line
    title: str  # N_(): shown through _(); stays English in JSON ("title")
    summary: str  # N_(): one line for the settings and `dominoes variants`
    rules_text: str  # N_(): the help screen's rules of this variant (Markdown)
    players: tuple[int, ...]
    hand_size: Mapping[int, int]  # tiles dealt to each player, by the number of players
    draws: bool  # COM-5 forced drawing; otherwise undealt tiles are dead
    spinner = False  # the first double spins four ways (FIVES-3)
    teams = False  # two against two, partners opposite (PARTNER-1)
    penalties = False  # points are bad: the highest total loses (Kozel)
    counts_fives = False  # a play whose ends count a multiple of 5 scores it at once (FIVES-6)
    capicu = False  # the round's log says whether the last tile fitted both ends (PARTNER-8)
    fish = False  # a blocked round is called a fish
    options: tuple[OptionSpec, ...]  # the table options of docs/RULES.md §4
    target_option = "target_score"  # the option that holds the match's target
    target_presets: tuple[int, ...] = ()  # offered where the target may be any number
    # The searching bots' match value: (pace, spread) a player count, where fitted
    # (bots/search/value.py; bench/README.md says how they were measured).
    value_model: Mapping[int, tuple[float, float]] = NONE
    # The fitted play style of a line, weights of bots/search/play_style.py's FEATURES,
    # by player count: only where it was measured to make the expert stronger.
    line_style: Mapping[int, tuple[float, ...]] = NONE
    # The play-outs' measured bias by tiles left in the mover's hand (bots/analysis/bias.py).
    playout_bias: Mapping[int, tuple[float, ...]] = NONE

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        """A finished round's points; `pips` each hand's pip total."""
        raise NotImplementedError

    def first_round_lead(self, config: Table, hands: Hands, rng: random.Random) -> tuple[int, Tile | None]:
        """Round 1: the leader, and the tile the leader must lead (None: any tile), by the
        table's first_lead option (COM-8)."""
        procedure = config.option("first_lead")
        if procedure == "HIGHEST_DOUBLE":
            return highest_double(hands)
        if procedure == "LOWEST_DOUBLE":
            return lowest_double(hands)
        return rng.randrange(config.players), None

    def leads_six_six(self, config: Table) -> bool:
        """Does the holder of 6-6 lead round 1 with it, always dealt (PARTNER-3)?"""
        return False

    def next_leader(self, config: Table, leader: int, winner_seat: int | None, went_out: int | None,
                    blocker: int | None) -> int:
        """The leader of the next round, from how this one ended (any tile may be led):
        the winner, else the next in turn (DRAW-4)."""
        return winner_seat if winner_seat is not None else (leader + 1) % config.players

    def verdict(self, config: Table, scores: Sequence[int]) -> MatchVerdict:
        """Is the match over, and who won? The single highest total at the target (DRAW-10)."""
        top = max(scores)
        if top >= config.target and list(scores).count(top) == 1:
            winner = list(scores).index(top)
            shutout = bool(config.teams) and all(s == 0 for i, s in enumerate(scores) if i != winner)
            return MatchVerdict(True, winner, shutout=shutout)
        return NOT_OVER
