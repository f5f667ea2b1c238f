"""What a person chooses before a match, and how the choice is checked and remembered.

Pure data and checks (no widgets), shared by the settings screen and `dominoes play`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..bots import level_names
from ..engine import DEFAULT_VARIANT, OPTIONS, VARIANTS, ConfigError, OptionSpec, TableConfig, make_config
from ..engine.options import target_option
from ..i18n import LANGUAGE_NAMES, LANGUAGES, _, language_of, told
from ..table.client import SeatInfo
from ..table.local import SPEEDS

MAX_NAME = 14

THEMES = {"dark": "textual-dark", "light": "textual-light"}
PROJECTOR = ("auto", "on", "off")  # auto: double-size tiles from 160×48 up
# The Language field: "auto" leaves it to the system (LANG ...), else one of i18n.LANGUAGES.
# Remembered at the top of settings.json ("language"), where the command line reads it
# before it knows which command runs (cli.py).
LANGUAGE_CHOICES = ("auto", *LANGUAGES)


def language_words(value: str) -> str:
    """A Language choice as the list shows it: each language in its own name."""
    return _("auto") if value == "auto" else LANGUAGE_NAMES.get(value, value)


def remembered_language(value: object) -> str:
    """settings.json's "language" as the Language field takes it, read as the command
    line reads it (i18n.choose: "de_DE" is German); anything else (a forged or outdated
    value, a language we have no catalog for) is "auto"."""
    if not isinstance(value, str) or value == "auto":
        return "auto"
    return language_of(value) or "auto"


def _option_specs() -> list[OptionSpec]:
    return [spec for rules in VARIANTS.values() for spec in rules.options]


def value_words(value: Any) -> str:
    """An option's value in words: "lowest double", not LOWEST_DOUBLE."""
    if isinstance(value, str):
        # as each variant's options say them (engine/rules/); the engine's names
        # ("LOWEST_DOUBLE") stay in logs and on the command line
        words = {choice: word for spec in _option_specs() for choice, word in spec.words}
        return _(words[value]) if value in words else value.replace("_", " ").lower()
    return str(value)


def option_label(name: str) -> str:
    """A table option's name as the settings screen labels it."""
    labels = {spec.name: spec.label for spec in _option_specs() if spec.label}
    return _(labels[name]) if name in labels else name.replace("_", " ")


def carried_target(settings: MatchSettings, variant: str) -> int | None:
    """The target to keep when the variant changes: one the person chose (not the old
    variant's default) where the new variant counts the same thing and allows it."""
    old, target = settings.variant, settings.target
    if target is None or old not in VARIANTS or target_option(old) != target_option(variant):
        return None
    players = settings.players if settings.players in VARIANTS[variant].players else VARIANTS[variant].players[0]
    old_spec = next(s for s in OPTIONS[old] if s.name == target_option(old))
    if settings.players in VARIANTS[old].players and target == int(old_spec.default_value(settings.players)):
        return None  # left at the default: the new variant's default fits better
    if target_is_free(variant) or target in target_presets(variant, players):
        return target
    return None


def default_level() -> str:
    levels = level_names()
    return "medium" if "medium" in levels else levels[0]


def target_presets(variant: str, players: int) -> tuple[int, ...]:
    spec = next(s for s in OPTIONS[variant] if s.name == target_option(variant))
    if spec.choices is not None:
        return tuple(int(c) for c in spec.choices)
    presets = set(VARIANTS[variant].target_presets)
    presets.add(int(spec.default_value(players)))
    return tuple(sorted(presets))


def target_is_free(variant: str) -> bool:
    """May the target be any whole number, or only one of the presets?"""
    spec = next(s for s in OPTIONS[variant] if s.name == target_option(variant))
    return spec.choices is None


def default_seats(players: int, level: str | None = None) -> list[SeatInfo]:
    level = level or default_level()
    # a bot is named after its seat, counted from 1 as the form and a hosted table count
    # them: Bot 2 sits in seat 2 (a person's default is Player 2 there)
    return [SeatInfo("You", "human")] + [SeatInfo(f"Bot {i + 1}", "bot", level) for i in range(1, players)]


@dataclass
class Prefs:
    """How the table looks and moves; changeable during a match."""

    ascii: bool = False
    pips: bool = False
    speed: str = "normal"
    show_lacks: bool = True
    theme: str = "dark"  # "light" for bright rooms
    projector: str = "auto"  # double-size tiles: "auto" (from 160×48), "on" or "off"
    bell: bool = False  # ring when it becomes a person's turn
    walkthrough_offered: bool = False  # the first-game walk-through is offered once
    # the Language chosen in the settings: "auto" (the system's) or a language code. It is
    # the remembered choice, not the language in use: `--lang` wins for one run and is
    # never remembered.
    language: str = "auto"


@dataclass
class MatchSettings:
    variant: str = DEFAULT_VARIANT
    players: int = 2
    seats: list[SeatInfo] = field(default_factory=lambda: default_seats(2))
    target: int | None = None  # None: the variant's default
    options: dict[str, Any] = field(default_factory=dict)  # table options other than the target
    seed: int | None = None

    def config(self) -> TableConfig:
        """The table's config; ConfigError says in words what is wrong."""
        return make_config(self.variant, self.players, self.target, self.options)


class SettingsError(ValueError):
    """A choice that cannot start a match; the message is meant for a person."""


def with_player_defaults(settings: MatchSettings, old_players: int) -> MatchSettings:
    """After a change of the player count: the target and options left at their default
    follow the new count's default (Draw's target is 100 for two players, 61 for three);
    a value someone chose stays."""
    tname = target_option(settings.variant)
    target, options = settings.target, dict(settings.options)
    for spec in OPTIONS[settings.variant]:
        old_default = spec.default_value(old_players)
        if spec.name == tname:
            if target is not None and target == int(old_default):
                target = None
        elif spec.name in options and options[spec.name] == old_default:
            del options[spec.name]
    return replace(settings, target=target, options=options)


def check(settings: MatchSettings) -> TableConfig:
    """Everything a match needs, checked: players, names, levels, target, options."""
    if settings.variant not in VARIANTS:
        raise SettingsError(_("Unknown variant {variant!r}; choose one of {allowed}.").format(
            variant=settings.variant, allowed=", ".join(VARIANTS)))
    if len(settings.seats) != settings.players:
        raise SettingsError(_("{players} players need {players} seats, not {n}.").format(
            players=settings.players, n=len(settings.seats)))
    names = [s.name.strip() for s in settings.seats]
    for i, name in enumerate(names):
        if not name:
            raise SettingsError(_("Seat {seat} needs a name.").format(seat=i + 1))
        if len(name) > MAX_NAME:
            raise SettingsError(_("The name {name!r} is too long: at most {most} letters.").format(
                name=name, most=MAX_NAME))
    if len(set(n.lower() for n in names)) != len(names):
        raise SettingsError(_("Two seats have the same name; give each seat its own."))
    if not any(s.is_human for s in settings.seats):
        raise SettingsError(_("At least one seat must be played by a person."))
    levels = level_names()
    for s in settings.seats:
        if not s.is_human and s.level not in levels:
            raise SettingsError(_("{name}: unknown bot level {level!r}; choose one of {allowed}.").format(
                name=s.name, level=s.level, allowed=", ".join(levels)))
    try:
        return settings.config()
    except ConfigError as exc:
        said = told(exc)
        raise SettingsError(said[:1].upper() + said[1:] + ".") from None


def seat_items(text: str) -> list[str]:
    return [x.strip() for x in text.split(",")] if text.strip() else ["You"]


def players_for(variant: str, seats_text: str) -> int:
    """`--players` left out: as many players as `--seats` names (at least the variant's
    smallest table), so `--seats "Ana,medium,hard"` is a three-player match."""
    allowed = VARIANTS[variant].players
    wanted = len(seat_items(seats_text)) if seats_text.strip() else allowed[0]
    return next((n for n in allowed if n >= wanted), wanted)


PERSON_PREFIX = "person"  # `--seats "person:Hardy"` seats a person whose name looks like a level


def looks_like_level(item: str, levels: list[str]) -> str | None:
    """The bot level a seat's word is a slip of ("hardd", "Meduim"), if it is close to one:
    without this check, a typo would seat a person called "hardd" without a word."""
    import difflib

    close = difflib.get_close_matches(item.lower(), levels, n=1, cutoff=0.75)
    return close[0] if close else None


def parse_seats(text: str, players: int) -> list[SeatInfo]:
    """`--seats "Ana,medium,hard"`: a bot level makes a bot seat, anything else names a
    person, except a word that looks like a misspelt level, which is refused (write
    `person:NAME` for such a name). Missing seats are filled with bots of the default level."""
    items = seat_items(text)
    if len(items) > players:
        raise SettingsError(_("--seats names {count} seats, but the match has {players} players.").format(
            count=len(items), players=players))
    levels = level_names()
    seats: list[SeatInfo] = []
    for i, item in enumerate(items):
        if not item:
            raise SettingsError(_("--seats: seat {seat} is empty.").format(seat=i + 1))
        kind, sep, rest = item.partition(":")
        if sep and kind.strip().lower() == PERSON_PREFIX:
            if not rest.strip():
                raise SettingsError(_("--seats: seat {seat} ({item!r}) needs a name after {prefix}:.").format(
                    seat=i + 1, item=item, prefix=PERSON_PREFIX))
            seats.append(SeatInfo(rest.strip(), "human"))
        elif sep and kind.strip().lower() in levels:  # "hard:500" would have seated a person of that name
            raise SettingsError(_("--seats: {item!r}: a seat takes a bot level alone ({levels}).").format(
                item=item, levels=", ".join(levels)))
        elif item.lower() in levels:
            seats.append(SeatInfo(f"Bot {i + 1}", "bot", item.lower()))  # named after its seat
        else:
            misspelt = looks_like_level(item, levels)
            if misspelt:
                raise SettingsError(
                    _("--seats: {item!r} is not a bot level (did you mean {level}?); the levels are "
                      "{levels}. For a person of that name write {prefix}:{name}.").format(
                        item=item, level=misspelt, levels=", ".join(levels), prefix=PERSON_PREFIX, name=item)
                )
            seats.append(SeatInfo(item, "human"))
    while len(seats) < players:
        seats.append(SeatInfo(f"Bot {len(seats) + 1}", "bot", default_level()))
    return seats


# -- remembering ---------------------------------------------------------------


def to_json(settings: MatchSettings, prefs: Prefs) -> dict[str, Any]:
    shown = asdict(prefs)
    language = shown.pop("language")  # at the top, where the command line looks for it
    return {
        "variant": settings.variant,
        "players": settings.players,
        "seats": [asdict(s) for s in settings.seats],
        "target": settings.target,
        "options": settings.options,
        "prefs": shown,
        "language": language,
    }


def from_json(data: dict[str, Any]) -> tuple[MatchSettings, Prefs]:
    """Rebuild remembered settings; anything that no longer checks out falls back to defaults."""
    prefs = Prefs()
    if not isinstance(data, dict):  # a settings file someone edited into something else
        return MatchSettings(), prefs
    raw_prefs = data.get("prefs")
    if isinstance(raw_prefs, dict):
        speed = raw_prefs.get("speed")
        theme = raw_prefs.get("theme")
        projector = raw_prefs.get("projector")
        prefs = Prefs(
            ascii=bool(raw_prefs.get("ascii", False)),
            pips=bool(raw_prefs.get("pips", False)),
            speed=speed if isinstance(speed, str) and speed in SPEEDS else "normal",
            show_lacks=bool(raw_prefs.get("show_lacks", True)),
            theme=theme if isinstance(theme, str) and theme in THEMES else "dark",
            projector=projector if isinstance(projector, str) and projector in PROJECTOR else "auto",
            bell=bool(raw_prefs.get("bell", False)),
            walkthrough_offered=bool(raw_prefs.get("walkthrough_offered", False)),
        )
    prefs.language = remembered_language(data.get("language"))
    try:
        seats = [
            SeatInfo(str(s["name"]), "human" if s.get("kind") == "human" else "bot", s.get("level"))
            for s in data.get("seats", [])
        ]
        levels = level_names()
        seats = [s if s.is_human or s.level in levels else SeatInfo(s.name, "bot", default_level()) for s in seats]
        target = data.get("target")
        settings = MatchSettings(
            variant=str(data.get("variant", DEFAULT_VARIANT)),
            players=int(data.get("players", 2)),
            seats=seats,
            target=int(target) if target is not None else None,
            options=dict(data.get("options") or {}),
        )
        check(settings)
    except (SettingsError, KeyError, TypeError, ValueError, AttributeError):
        return MatchSettings(), prefs
    return settings, prefs
