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

_FIRST_LEAD_HELP = N_("who leads round 1: by lot (any tile), or the holder of the highest/lowest double")
_RESERVE = OptionSpec("boneyard_reserve", N_("tiles left undrawn at the bottom of the boneyard"), (0, 1, 2), default=0)
_BLOCKED = OptionSpec(
    "blocked_points", N_("after a block the winner scores the difference, or all the losers' pips"),
    ("difference", "loser_pips"), default="difference",
)


def _draw_target(players: int) -> int:
    return 100 if players == 2 else 61


OPTIONS: dict[str, tuple[OptionSpec, ...]] = {
    "draw": (
        OptionSpec("first_lead", _FIRST_LEAD_HELP, LEADS_ANY, default="LOT"),
        _RESERVE,
        _BLOCKED,
        OptionSpec("target_score", N_("points that win the match"), minimum=1, maximum=1000, default_for=_draw_target),
    ),
    "block": (
        OptionSpec("first_lead", _FIRST_LEAD_HELP, LEADS_ANY, default="LOT"),
        _BLOCKED,
        OptionSpec("target_score", N_("points that win the match"), minimum=1, maximum=1000, default_for=_draw_target),
    ),
    "allfives": (
        OptionSpec("first_lead", _FIRST_LEAD_HELP, LEADS_ANY, default="LOT"),
        _RESERVE,
        OptionSpec("target_score", N_("points that win the match"), minimum=1, maximum=1000, default=150),
        OptionSpec(
            "fives_win_mid_round", N_("reaching the target by scoring in play wins at once"),
            ("off", "on"), default="off",
        ),
    ),
    "partner": (
        OptionSpec("target_score", N_("points that win the match (50 short, 100 classic, 200 long)"),
                   (50, 100, 150, 200, 500), default=100),
        OptionSpec("partner_lead_rule", N_("plaza: 6-6 opens, then the winner or blocker; fid: lot, then rotation"),
                   ("plaza", "fid"), default="plaza"),
        OptionSpec("partner_round_points", N_("winners score all four hands, or only the opponents' hands"),
                   ("all_hands", "opponents_only"), default="all_hands"),
        OptionSpec("partner_block_winner", N_("a block is won by the lighter team, or by the blocker's team"),
                   ("fewest_pips", "blocker"), default="fewest_pips"),
        OptionSpec("capicu_bonus", N_("bonus for going out with a tile that fits both ends"), (0, 25, 30), default=0),
    ),
    "kozel": (
        OptionSpec("first_lead", N_("who leads round 1: the lowest double (1-1 first) or the highest"),
                   ("LOWEST_DOUBLE", "HIGHEST_DOUBLE"), default="LOWEST_DOUBLE"),
        _RESERVE,
        OptionSpec("kozel_limit", N_("penalty total that loses the match"), minimum=1, maximum=1000, default=101),
        OptionSpec("kozel_threshold", N_("smallest penalty that is recorded"), minimum=0, maximum=30, default=13),
        OptionSpec("kozel_threshold_mode", N_("the threshold applies only to an empty account, or every round"),
                   ("opening", "every_round"), default="opening"),
        OptionSpec("kozel_lone_00", N_("penalty for a hand of only 0-0"), minimum=0, maximum=100, default=25),
        OptionSpec("kozel_lone_66", N_("penalty for a hand of only 6-6"), minimum=0, maximum=100, default=20),
        OptionSpec("kozel_fish_lead", N_("who leads after a fish with a winner: the winner or the blocker"),
                   ("winner", "blocker"), default="winner"),
    ),
    "duel": (
        OptionSpec("first_lead", N_("who leads round 1: the highest double (6-6 first) or the lowest"),
                   ("HIGHEST_DOUBLE", "LOWEST_DOUBLE"), default="HIGHEST_DOUBLE"),
        _RESERVE,
        _BLOCKED,
        OptionSpec("target_score", N_("points that win the match"), (50, 100, 150, 200, 250, 300), default=100),
        OptionSpec("duel_lone_00", N_("a loser's hand of only 0-0 is worth 10, 25, or its pips (0)"),
                   ("pips", 10, 25), default=10),
    ),
}


def target_option(variant: str) -> str:
    """The option that holds the match's target (Kozel's is the losing limit)."""
    return "kozel_limit" if variant == "kozel" else "target_score"


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
