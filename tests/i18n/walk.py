"""Finding English on a German screen: the German walk test's eyes.

Two ways a sentence escapes translation, and one check for each:
- the code looks it up and the catalog lacks it: `i18n.record_misses()` notes the id;
- the code never looks it up (a plain string, or `_()` forgotten): the screen shows
  English. `english_on()` finds it by the catalog's own English (fragments of every
  msgid whose German differs, cut at its placeholders) and by common English words that
  are no German words.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from dominoes_tui.i18n.catalog import read
from tests.ui.helpers import screen_lines

# Shorter fragments ("Round 3", "Next") would match German by chance or be too common.
FRAGMENT_MIN = 12
# Words of English that German does not use: one on a German screen is English left over.
# Not here: words German shares ("Hand", "Start", "Team", "Code", "was", "will", "also",
# "in", "so", "Bot", "Lobby", "Rating", "Pass"), the variant names (Draw, Block, All
# Fives, Partner, Kozel) and the names of keys (Enter, Esc, Tab, Home, End).
ENGLISH_WORDS = frozenset("""
the your you round rounds tile tiles press score scores scored points point with turn
match matches play plays played playing draws drew passes passed wins won lost next
back close quit new boneyard double doubles pips target leader blocked settings seat
seats player players hint rules help scroll page and of to for from not this that who
what there here has have can nobody everyone waiting watch join leave table tables
each when which than then only yet ends end left right goes went leads led holds
replay records leaderboard overview scoresheet walk through chosen choose none
""".split())
_FIELD = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdr]|%[sd]")
_MARKUP = re.compile(r"\[/?[a-z@#][^\[\]]*\]")  # rich markup: [b], [/], [@click=...]
_WORD = re.compile(r"[A-Za-zÄÖÜäöüßéú']+")
_BOX = re.compile(r"[\u2500-\u259f\u25a0-\u25ff▁-█]")


def _fragments(text: str) -> list[str]:
    text = _MARKUP.sub(" ", text)
    return [" ".join(part.split()) for part in _FIELD.split(text)]


@cache
def english_fragments() -> tuple[str, ...]:
    """The English of the German catalog that must not be seen: every msgid (and plural)
    whose German differs, cut at its placeholders, pieces of FRAGMENT_MIN letters or
    more that no German sentence of the catalog contains."""
    german_texts: list[str] = []
    english: set[str] = set()
    for m in read("de"):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        german_texts.extend(s for s in strings if s)
        if not any(strings) or set(ids) == set(strings):
            continue
        for msgid in ids:
            english.update(f for f in _fragments(msgid) if len(f) >= FRAGMENT_MIN)
    german = "\n".join(german_texts)
    return tuple(sorted(f for f in english if f not in german))


def reading(lines: Sequence[str]) -> str:
    """A screen's words in reading order: box drawing out, a wrapped paragraph as one line."""
    return " ".join(" ".join(_BOX.sub(" ", line).split()) for line in lines)


def english_on(lines: Sequence[str], allowed: Iterable[str] = ()) -> list[str]:
    """What on these screen lines is English: "fragment: ..." for a catalog msgid seen
    as it is, "word: ..." for an English word; `allowed` are words or names the screen
    may show (the players' names, a file's name)."""
    allowed_words = {w.lower() for a in allowed for w in _WORD.findall(a)}
    found: list[str] = []
    text = reading(lines)
    whole = [" ".join(_BOX.sub(" ", line).split()) for line in lines]
    for fragment in english_fragments():
        if fragment in text or any(fragment in line for line in whole):
            found.append(f"fragment: {fragment!r}")
    for line in whole:
        for word in _WORD.findall(line):
            w = word.lower().strip("'")
            if w in ENGLISH_WORDS and w not in allowed_words:
                found.append(f"word: {word!r} in {line!r}")
    return found


@dataclass
class Walk:
    """What one walk saw: every screen it stopped at, and the English on each."""

    allowed: tuple[str, ...] = ()
    seen: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def look(self, app: Any, where: str) -> list[str]:
        """Read the screen now showing; note any English on it under `where`."""
        lines = screen_lines(app)
        self.seen.append(where)
        found = english_on(lines, self.allowed)
        for item in dict.fromkeys(found):  # once each, in order
            self.problems.append(f"{where} ({type(app.screen).__name__}): {item}")
        return lines

    def verdict(self, missed: set[str]) -> str:
        """'' when the walk met no English; else what it met, for the failure message."""
        parts = []
        if missed:
            parts.append("looked up, missing from the German catalog:\n  " + "\n  ".join(sorted(missed)))
        if self.problems:
            parts.append("English on the German screens:\n  " + "\n  ".join(self.problems))
        return "\n".join(parts)
