"""The words a person reads, in their language: gettext catalogs made with Babel.

English is the source language: every sentence is written in English in the code,
marked with `_()` (or `ngettext()` where a number decides the form), and looked up in
the catalog of the language in use, locale/<lang>/LC_MESSAGES/dominoes.mo. A sentence
missing from a catalog shows in English. docs/TRANSLATING.md tells how the catalogs are
extracted, updated and compiled.

One language per process: each hosted client (a `dominoes join`, an SSH session, a
browser tab) is a process of its own, and the server sends events and views, never
sentences, so people at one table each read their own language.

This module sits below every layer (the engine's errors are read by people too) and
needs nothing but the standard library; Babel's number and date formatting is
imported only when a number is formatted.
"""
from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import date, datetime
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
    server's own words to one client in that client's language (net/ssh_lang.py). The
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


def either(items: list[str]) -> str:
    """ "2, 3 or 4" ("2, 3 oder 4"): the last of several choices joined as the language does."""
    if len(items) < 2:
        return "".join(items)
    return _("{some} or {last}").format(some=", ".join(items[:-1]), last=items[-1])


def babel_locale() -> str:
    return {"en": "en_GB", "de": "de_DE"}.get(_language, "en_GB")


def number(value: float, digits: int = 0, trailing_zeros: bool = True) -> str:
    """A number as the language writes it (1,234.5 / 1.234,5), with `digits` decimals, or
    up to `digits` without `trailing_zeros` (0.125 and 0.1 / 0,125 and 0,1)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + ("0" if trailing_zeros else "#") * digits if digits else "")
    return format_decimal(value, format=pattern, locale=babel_locale())


def percent(fraction: float, digits: int = 0) -> str:
    """A share as the language writes it (57% / 57 %)."""
    from babel.numbers import format_percent

    sign = " %" if _language == "de" else "%"  # German sets the sign apart (DIN 5008)
    pattern = "#,##0" + ("." + "0" * digits if digits else "") + sign
    return format_percent(fraction, format=pattern, locale=babel_locale())


def day(when: date | datetime) -> str:
    """A date as the language writes it (2 Dec 2026 / 02.12.2026)."""
    from babel.dates import format_date

    return format_date(when, format="medium", locale=babel_locale())


def moment(when: datetime) -> str:
    """A date and time of day (2 Dec 2026, 19:05 / 02.12.2026, 19:05)."""
    from babel.dates import format_datetime

    return format_datetime(when, format="dd.MM.yyyy, HH:mm" if _language == "de" else "d MMM y, HH:mm", locale=babel_locale())
