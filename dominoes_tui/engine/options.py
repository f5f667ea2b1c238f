"""Table options of docs/RULES.md §4: names, allowed values, defaults, per variant."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import N_, ConfigError, Phrase
from .says import OPTION_NOT_ALLOWED, UNKNOWN_OPTION, WHOLE, WHOLE_FROM, WHOLE_FROM_TO


@dataclass(frozen=True)
class OptionSpec:
    name: str  # the option's name in logs, JSON and on the command line
    help: str  # marked with N_(): shown through _() (the settings screen)
    choices: tuple[Any, ...] | None = None  # None: any whole number from `minimum` to `maximum`
    minimum: int | None = None
    maximum: int | None = None  # docs/RULES.md v1.1 §4: every integer option is bounded
    default: Any = None
    # Defaults that depend on the player count (DRAW-9).
    default_for: Callable[[int], Any] | None = None
    label: str = ""  # marked with N_(): the settings screen's label (at most 20 letters)
    words: tuple[tuple[Any, str], ...] = ()  # choices as a person says them, marked with N_()

    def default_value(self, players: int) -> Any:
        return self.default_for(players) if self.default_for else self.default

    def describe_allowed(self) -> Phrase | str:
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if self.minimum is not None and self.maximum is not None:
            return Phrase(WHOLE_FROM_TO, lowest=self.minimum, highest=self.maximum)
        if self.minimum is not None:
            return Phrase(WHOLE_FROM, lowest=self.minimum)
        return Phrase(WHOLE)

    def parse(self, raw: Any) -> Any:
        """Accept the value as docs/RULES.md spells it (or as a string of it) or raise ConfigError."""
        value: Any = raw
        if isinstance(raw, str):
            text = raw.strip()
            if self.choices is not None:
                for choice in self.choices:
                    if str(choice).lower() == text.lower():
                        return choice
            else:
                try:
                    value = int(text)
                except ValueError:
                    value = text
        if isinstance(value, bool):
            value = None
        if self.choices is not None:
            if value in self.choices and not isinstance(value, bool):
                return value
        elif (isinstance(value, int) and (self.minimum is None or value >= self.minimum)
              and (self.maximum is None or value <= self.maximum)):
            return value
        raise ConfigError(OPTION_NOT_ALLOWED, name=self.name, raw=raw, allowed=self.describe_allowed())


LEADS_ANY = ("LOT", "HIGHEST_DOUBLE", "LOWEST_DOUBLE")

# Options several variants share; each variant's module (rules/) lists its own.
FIRST_LEAD = OptionSpec(
    "first_lead", N_("who leads round 1: by lot (any tile), or the holder of the highest/lowest double"), LEADS_ANY,
    default="LOT", label=N_("first lead"), words=(
        ("LOT", N_("by lot")), ("HIGHEST_DOUBLE", N_("highest double")), ("LOWEST_DOUBLE", N_("lowest double"))),
)
RESERVE = OptionSpec("boneyard_reserve", N_("tiles left undrawn at the bottom of the boneyard"), (0, 1, 2), default=0,
                     label=N_("boneyard reserve"))
BLOCKED = OptionSpec(
    "blocked_points", N_("after a block the winner scores the difference, or all the losers' pips"),
    ("difference", "loser_pips"), default="difference", label=N_("blocked points"),
    words=(("difference", N_("the difference")), ("loser_pips", N_("losers' pips"))),
)

# Each registered variant's options and the one that holds its target, entered by the
# registry (rules/__init__.py register) from the variant's own module.
OPTIONS: dict[str, tuple[OptionSpec, ...]] = {}
TARGET_OPTIONS: dict[str, str] = {}


def target_option(variant: str) -> str:
    """The option that holds the match's target (Kozel's is the losing limit)."""
    return TARGET_OPTIONS[variant]


def resolve_options(variant: str, players: int, given: dict[str, Any]) -> dict[str, Any]:
    """Every option in force for a table, defaults filled in; unknown names raise ConfigError."""
    specs = {spec.name: spec for spec in OPTIONS[variant]}
    for name in given:
        if name not in specs:
            raise ConfigError(UNKNOWN_OPTION, name=name, variant=variant, allowed=", ".join(specs))
    return {
        name: spec.parse(given[name]) if name in given else spec.default_value(players)
        for name, spec in specs.items()
    }


def check_option(variant: str, name: str, raw: Any) -> Any:
    """One option's value as the table will use it, or ConfigError naming the allowed values
    (the settings screen and a hosted `create` ask this before building a table)."""
    specs = {spec.name: spec for spec in OPTIONS.get(variant, ())}
    if name not in specs:
        raise ConfigError(UNKNOWN_OPTION, name=name, variant=variant, allowed=", ".join(specs))
    return specs[name].parse(raw)
