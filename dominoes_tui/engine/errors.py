"""Errors the engine raises, and the one shape of a sentence it says: a key and arguments.

The engine speaks no language. A sentence is a `Phrase`: its key is the English
template (the catalog's msgid, `"the {end} end is not open"`), its arguments the
values that fill it, and an argument that is itself words (an end, a variant's title)
is a Phrase too. `str()` of a Phrase or of an error is its English text, the same in
every process (logs, the protocol's `reason`, old clients); the edges put it in the
reader's language, the client too for a server's refusal, which travels as the key and
the arguments (docs/PROTOCOL.md).
"""
from __future__ import annotations

from collections.abc import Mapping
from string import Formatter
from typing import Any

# An argument is a string, a number or a Phrase; anything else (a forged log's value
# named in a refusal) is written as its text, str() or repr() as the template says.
Arg = object


def N_(key: str) -> str:
    """Marks a key for the catalog (Babel extracts `N_` by name) and leaves it as it is."""
    return key


class Phrase:
    """A sentence as a key and the values that fill it; `context` for a word whose
    English is shared by things another language tells apart (pgettext), `plural` and
    `n` for a sentence whose form a number decides (ngettext)."""

    __slots__ = ("args", "context", "key", "n", "plural")

    def __init__(self, key: str, /, **args: Arg) -> None:
        self.key = key
        self.args: dict[str, Arg] = args
        self.context: str | None = None
        self.plural: str | None = None
        self.n = 0

    @classmethod
    def in_context(cls, context: str, key: str) -> Phrase:
        """One word with a context ("top" as an end)."""
        phrase = cls(key)
        phrase.context = context
        return phrase

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **args: Arg) -> Phrase:
        """A sentence whose form `n` decides ("{count} tile", "{count} tiles")."""
        phrase = cls(singular, **args)
        phrase.plural, phrase.n = plural, n
        return phrase

    def template(self) -> str:
        """The English template this phrase fills (the plural's form chosen as English does)."""
        return self.plural if self.plural is not None and self.n != 1 else self.key

    def english(self) -> str:
        if not self.args:
            return self.template()
        try:
            return self.template().format(**{name: value.english() if isinstance(value, Phrase) else value
                                             for name, value in self.args.items()})
        except (KeyError, IndexError, ValueError):  # a template its arguments do not fill: said as it is
            return self.template()

    def __str__(self) -> str:
        return self.english()

    def __repr__(self) -> str:
        return f"Phrase({self.english()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.english())

    def to_json(self) -> dict[str, Any]:
        """The phrase as the protocol carries it: `say`, and `args`, `context`, `plural`
        and `n` where it has them; an argument that is a phrase is such an object too.
        A client fills plain values only: an argument its template quotes (`{end!r}`) is
        sent quoted, and one that is neither text nor a number as its text."""
        out: dict[str, Any] = {"say": self.key}
        if self.args:
            quoted = {field for _text, field, _spec, conversion in Formatter().parse(self.key) if conversion == "r"}
            out["args"] = {name: repr(value) if name in quoted and not isinstance(value, Phrase) else _json_arg(value)
                           for name, value in self.args.items()}
        if self.context is not None:
            out["context"] = self.context
        if self.plural is not None:
            out["plural"], out["n"] = self.plural, self.n
        return out


def _json_arg(value: object) -> object:
    if isinstance(value, Phrase):
        return value.to_json()
    if isinstance(value, str | float) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return str(value)


def phrase_of(exc: BaseException) -> Phrase:
    """What an exception says as a phrase: its own where it has one (an engine error, a
    server's refusal), else its text as it is (Python's own words stay English)."""
    said = getattr(exc, "phrase", None)
    return said if isinstance(said, Phrase) else Phrase(str(exc))


class Said(Exception):
    """An exception whose text is a phrase: `str()` is its English, `phrase` the key and
    arguments an edge translates (`say`, `say_args`: the protocol's names for them)."""

    def __init__(self, key: str | Phrase, /, **args: Arg) -> None:
        self.phrase = key if isinstance(key, Phrase) else Phrase(key, **args)
        super().__init__(self.phrase.english())

    @property
    def say(self) -> str | None:
        return self.phrase.key

    @property
    def say_args(self) -> Mapping[str, Arg]:
        return self.phrase.args


class DominoError(Said):
    """Base of every error the engine raises on bad input."""


class IllegalMove(DominoError):
    """A move the rules do not allow here; the state was left untouched."""


class ConfigError(DominoError):
    """An unknown variant, option, option value or player count."""


class LogError(DominoError):
    """A game log that cannot be read or does not replay."""


class BadText(DominoError, ValueError):
    """A tile, a list of tiles or a move written wrongly (a ValueError, as int() raises)."""
