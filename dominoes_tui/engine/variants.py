"""The six variants as data: who may play, how many tiles, drawing, spinner, teams (docs/RULES.md §3)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .errors import N_, ConfigError, Phrase
from .options import resolve_options, target_option
from .says import PLAYED_BY, UNKNOWN_VARIANT, either


@dataclass(frozen=True)
class Variant:
    name: str  # in logs, JSON and on the command line
    title: str  # marked with N_(): shown through _(); stays English in JSON ("title")
    summary: str  # marked with N_(): shown through _()
    players: tuple[int, ...]
    hand_size: dict[int, int]
    draws: bool  # COM-5 forced drawing; otherwise undealt tiles are dead
    spinner: bool = False
    teams: bool = False
    penalties: bool = False  # Kozel: points are bad


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("draw", N_("Draw"), N_("Match the ends; draw from the boneyard when stuck; lowest hand scores the rest."),
                (2, 3, 4), {2: 7, 3: 7, 4: 6}, draws=True),
        Variant("block", N_("Block"), N_("No drawing: stuck means pass; the first out scores the others' pips."),
                (2, 3, 4), {2: 7, 3: 5, 4: 5}, draws=False),
        Variant("allfives", N_("All Fives"), N_("The first double spins four ways; score whenever the ends add to 5s."),
                (2, 3, 4), {2: 7, 3: 5, 4: 5}, draws=True, spinner=True),
        Variant("partner", N_("Partner"), N_("Two against two, all tiles dealt; partners sit opposite."),
                (4,), {4: 7}, draws=False, teams=True),
        Variant("kozel", N_("Kozel"), N_("The Russian goat: leftover pips are penalties; 101 loses."),
                (2, 3, 4), {2: 7, 3: 7, 4: 7}, draws=True, penalties=True),
        Variant("duel", N_("Classic Duel"), N_("Two players, 6-6 leads, the stuck draw from the boneyard, pips decide a fish."),
                (2,), {2: 7}, draws=True),
    )
}


@dataclass(frozen=True)
class TableConfig:
    """Everything fixed when a table is created; it never changes during a match."""

    variant: str
    players: int
    options: Mapping[str, Any]  # read-only: views share it, nobody may change the rules

    # Worked out once per table (a config never changes): matches read them every round.
    @cached_property
    def rules(self) -> Variant:
        return VARIANTS[self.variant]

    @cached_property
    def target(self) -> int:
        return int(self.options[target_option(self.variant)])

    @cached_property
    def teams(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        return ((0, 2), (1, 3)) if self.rules.teams else None

    @cached_property
    def hand_size(self) -> int:
        return self.rules.hand_size[self.players]

    def option(self, name: str) -> Any:
        return self.options.get(name)

    def __reduce__(self) -> tuple[Any, ...]:
        # A config crosses to worker processes, which are never forked (workers.py); a
        # read-only mapping does not pickle, so it goes as a dict and is wrapped again.
        return (_read_only_config, (self.variant, self.players, dict(self.options)))


def _read_only_config(variant: str, players: int, options: dict[str, Any]) -> TableConfig:
    return TableConfig(variant, players, MappingProxyType(options))


def make_config(
    variant: str, players: int | None = None, target: int | None = None, options: dict[str, Any] | None = None
) -> TableConfig:
    """Validate a table's settings; ConfigError names what is allowed."""
    if variant not in VARIANTS:
        raise ConfigError(UNKNOWN_VARIANT, variant=variant, allowed=", ".join(VARIANTS))
    rules = VARIANTS[variant]
    if players is None:
        players = rules.players[0]
    if players not in rules.players:
        raise ConfigError(PLAYED_BY, variant=Phrase(rules.title), allowed=either([str(p) for p in rules.players]),
                          players=players)
    given = dict(options or {})
    if target is not None:
        given[target_option(variant)] = target
    return TableConfig(variant, players, MappingProxyType(resolve_options(variant, players, given)))
