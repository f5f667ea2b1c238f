"""A table's settings, checked against its variant's rules (docs/RULES.md §3, §4). The
variants themselves are objects, one module each in rules/."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .errors import ConfigError, Phrase
from .options import resolve_options, target_option
from .rules import DEFAULT_VARIANT, VARIANTS, Variant, find_variant
from .says import PLAYED_BY, UNKNOWN_VARIANT, either

__all__ = ["DEFAULT_VARIANT", "VARIANTS", "TableConfig", "Variant", "find_variant", "make_config"]


@dataclass(frozen=True)
class TableConfig:
    """Everything fixed when a table is created; it never changes during a match."""

    variant: str
    players: int
    options: Mapping[str, Any]  # read-only: views share it, nobody may change the rules

    # Worked out once per table (a config never changes): matches read them every round.
    @cached_property
    def rules(self) -> Variant:
        return find_variant(self.variant)

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

