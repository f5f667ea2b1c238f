"""The words a person reads, in their language: gettext catalogs made with Babel.

English is the source language: every sentence is written in English in the code,
marked with `_()` (or `ngettext()` where a number decides the form), and looked up in
the catalog of the language in use, locale/<lang>/LC_MESSAGES/dominoes.mo. A sentence
missing from a catalog shows in English. docs/TRANSLATING.md tells how the catalogs are
extracted, updated and compiled.

One language per process: each hosted client (a `dominoes join`, an SSH session, a
browser tab) is a process of its own, and the server sends events and views, never
sentences, so people at one table each read their own language.

This module sits below every layer and needs nothing but the standard library. The
engine speaks in keys (engine/errors.py: a Phrase is a key and arguments) and imports
none of this: `told()` puts what it says in the reader's language at the edges. Babel
writes numbers, shares and dates (formats.py).
"""
from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "dominoes"
LOCALE_DIR = Path(__file__).parent / "locale"
# English first: the language a sentence falls back to
LANGUAGES = ("en", "de")
# Each language's own name for itself, as a person looks for it in a list
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
SOURCE = "en"
# The environment variables gettext reads, in its order
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE
# The sentences looked up and not found while record_misses() is on; None (the usual
# case) costs nothing: no fallback is installed then.
_misses: set[str] | None = None


def language_of(value: str | None) -> str | None:
    """The language of a locale name (`de_DE.UTF-8`, `de-AT`, `de`, `C`), if we have it."""
    if not value:
        return None
    code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].strip().lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set decides (LANGUAGE may list
    several, `de:en`); a language we have no catalog for, or `C`, gives English.
    Whatever locales the machine has installed does not matter: the catalogs are ours."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if not value:
            continue
        if name == "LANGUAGE":
            for part in value.split(":"):
                found = language_of(part)
                if found:
                    return found
            continue  # as gettext: a LANGUAGE of only unknown languages leaves it to the rest
        return language_of(value) or SOURCE
    return SOURCE


def choose(asked: str | None = None, remembered: object = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: the one asked for (`--lang`), else the one chosen in the
    settings (anything but "auto"), else the environment's."""
    for candidate in (asked, remembered):
        if isinstance(candidate, str) and candidate != "auto":
            found = language_of(candidate)
            if found:
                return found
    return from_environment(environ)


def use(language: str) -> str:
    """Speak `language` from now on in this process; returns the language now in use."""
    global _translation, _language
    found = language_of(language) or SOURCE
    _translation = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[found], fallback=True)
    if _misses is not None:
        _translation.add_fallback(_Misses(_misses))
    _language = found
    return found


class _Misses(_gettext.NullTranslations):
    """The last fallback while misses are recorded: notes each sentence the catalog
    lacked (a plural by its singular, a context as `context|message`), then answers in
    English as gettext would."""

    def __init__(self, found: set[str]) -> None:
        super().__init__()
        self.found = found

    def gettext(self, message: str) -> str:
        self.found.add(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.found.add(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.found.add(f"{context}|{message}")
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.found.add(f"{context}|{msgid1}")
        return msgid1 if n == 1 else msgid2


@contextmanager
def record_misses() -> Iterator[set[str]]:
    """Within the block, every sentence looked up that the catalog in use lacks is added
    to the set it gives (the German walk test fails on any). Switching the language
    inside the block keeps recording."""
    global _misses
    found: set[str] = set()
    _misses = found
    use(_language)
    try:
        yield found
    finally:
        _misses = None
        use(_language)


@contextmanager
def speaking(other: str) -> Iterator[str]:
    """Within the block, sentences in `other`, then the language before it again: a
    server's own words to one client in that client's language (net/gateways/ssh_lang.py). The
    language is the process's: nothing may wait (await) inside the block."""
    before = _language
    try:
        yield use(other)
    finally:
        use(before)


def language() -> str:
    """The language in use ("en", "de")."""
    return _language


def _(message: str) -> str:
    """`message` in the language in use."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Marks a sentence for the catalog where it is defined (a constant, a key's
    description) and leaves it English: `_()` translates it where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the language in use ("1 tile", "3 tiles"; "1 Stein", "3 Steine")."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` where the same English word needs different translations by context."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translation.npgettext(context, singular, plural, n)


def told(said: object) -> str:
    """What the engine (or a server's refusal built from it) says, in the language in use:
    a phrase (engine/errors.py: a key and arguments, an argument that is a phrase told
    too), an exception or a move that carries one (`phrase`), or else its own text. A
    translation that does not fit its arguments shows the English."""
    phrase = getattr(said, "phrase", said)
    key, args = getattr(phrase, "key", None), getattr(phrase, "args", None)
    if not isinstance(key, str) or not isinstance(args, dict):
        return str(phrase)
    context, plural = getattr(phrase, "context", None), getattr(phrase, "plural", None)
    if context is not None:
        template = pgettext(context, key)
    elif plural is not None:
        template = ngettext(key, plural, getattr(phrase, "n", 0))
    else:
        template = _(key)
    if not args:
        return template
    filled = {name: told(value) if hasattr(value, "key") else value for name, value in args.items()}
    try:
        return template.format(**filled)
    except (KeyError, IndexError, ValueError):
        return str(phrase)
