"""Numbers, shares and dates as the language in use writes them, from Babel's locale data.

Apart from the catalogs (i18n/__init__.py needs only the standard library), so that what
imports the words alone (the bots' search, compiled with mypyc) needs no Babel to build.
"""
from __future__ import annotations

from datetime import datetime

from . import language


def babel_locale() -> str:
    return {"en": "en_GB", "de": "de_DE"}.get(language(), "en_GB")


def number(value: float, digits: int = 0, trailing_zeros: bool = True) -> str:
    """A number as the language writes it (1,234.5 / 1.234,5), with `digits` decimals, or
    up to `digits` without `trailing_zeros` (0.125 and 0.1 / 0,125 and 0,1)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + ("0" if trailing_zeros else "#") * digits if digits else "")
    return format_decimal(value, format=pattern, locale=babel_locale())


def percent(fraction: float, digits: int = 0) -> str:
    """A share as the language writes it (57% / 57 %): the language's own pattern, with
    `digits` decimals. German's no-break space before the sign is written as a plain
    one, as the program's text has always had it (a search for "57 %" finds it)."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(babel_locale()).percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1) if "." not in pattern else pattern
    return format_percent(fraction, format=pattern, locale=babel_locale()).replace("\xa0", " ")


def moment(when: datetime) -> str:
    """A date and time of day as the language writes them (2 Dec 2026, 19:05 / 02.12.2026, 19:05)."""
    from babel.dates import format_date, format_time, get_datetime_format

    where = babel_locale()
    glue = str(get_datetime_format("medium", locale=where))  # "{1}, {0}": the date, then the time
    return glue.format(format_time(when, "short", locale=where), format_date(when, "medium", locale=where))
