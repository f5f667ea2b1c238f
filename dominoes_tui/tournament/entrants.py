"""Reading an entrant list as typed ("Ana,hard,medium,Bo+Cy"): names made plain, bot levels
told apart from people, duplicates numbered, fixed Partner pairs formed."""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, ngettext
from .model import Entrant, TournamentError

MAX_NAME = 24


def clean(text: str) -> str:
    """Printable characters only (no control or escape characters), trimmed and capped."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_NAME].strip()


@dataclass(frozen=True)
class Roster:
    entrants: list[Entrant]
    levels: dict[str, str]  # person -> the bot level that plays them


def read_entrants(text: str, levels: list[str], pairs: bool, default_level: str = "medium") -> Roster:
    """`levels`: the words that mean a bot level (it plays itself, numbered when repeated);
    any other word is a person's name, played by `default_level`. With `pairs`, "A+B" is a
    pair, and single names pair up in the order given."""
    tokens = [t for t in (clean(x) for x in text.split(",")) if t]
    if not tokens:
        raise TournamentError(_("--entrants is empty; list names or bot levels separated by commas"))
    people: dict[str, str] = {}
    seen_levels: dict[str, int] = {}

    def person(word: str) -> str:
        word = clean(word)
        if not word:
            raise TournamentError(_("an empty name in a pair; write pairs as Ana+Bo"))
        if word in levels:
            seen_levels[word] = seen_levels.get(word, 0) + 1
            name = word if seen_levels[word] == 1 else f"{word} {seen_levels[word]}"
            people[name] = word
            return name
        if word in people:
            raise TournamentError(_("{name!r} is listed twice").format(name=word))
        people[word] = default_level
        return word

    if not pairs:
        return Roster([Entrant(person(t)) for t in tokens], people)
    groups: list[list[str]] = []
    loose: list[str] = []
    for t in tokens:
        if "+" in t:
            members = t.split("+")
            if len(members) != 2:
                raise TournamentError(_("{pair!r}: a pair is two names, as in Ana+Bo").format(pair=t))
            groups.append([person(m) for m in members])
        else:
            loose.append(person(t))
    if len(loose) % 2:
        raise TournamentError(ngettext("{n} name without a partner; pair them as Ana+Bo or list an even number",
                                        "{n} names without a partner; pair them as Ana+Bo or list an even number",
                                        len(loose)).format(n=len(loose)))
    groups += [loose[i:i + 2] for i in range(0, len(loose), 2)]
    return Roster([Entrant(f"{a} & {b}", members=(a, b)) for a, b in groups], people)
