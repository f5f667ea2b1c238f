"""The catalogs: every sentence the code marks is translated, and the shipped .mo is
compiled from the .po as it stands."""
from __future__ import annotations

from datetime import datetime

import pytest

from dominoes_tui import i18n
from dominoes_tui.i18n import catalog, formats


def test_every_marked_sentence_is_in_every_catalog_and_the_mo_is_current() -> None:
    problems = [line for lang in i18n.LANGUAGES if lang != i18n.SOURCE for line in catalog.gaps(lang)]
    assert problems == [], "\n".join(problems[:40]) + "\n(run `python -m dominoes_tui.i18n.catalog update`)"


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
    ({"LC_ALL": "de_CH.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LC_MESSAGES": "de_DE", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LANGUAGE": "fr", "LANG": "de_DE.UTF-8"}, "de"),
])
def test_the_language_comes_from_the_environment_as_gettext_reads_it(environ: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(environ) == expected


def test_asked_beats_remembered_beats_environment() -> None:
    env = {"LANG": "de_DE.UTF-8"}
    assert i18n.choose(None, None, env) == "de"
    assert i18n.choose(None, "auto", env) == "de"
    assert i18n.choose(None, "en", env) == "en"
    assert i18n.choose("de", "en", {}) == "de"
    assert i18n.choose(None, "xx", env) == "de"  # a forged settings file falls back, never fails


def test_numbers_follow_the_language() -> None:
    try:
        i18n.use("de")
        assert (formats.number(1234.5, 1), formats.percent(0.5), formats.percent(0.125, 1)) == ("1.234,5", "50 %", "12,5 %")
        assert formats.moment(datetime(2026, 12, 2, 19, 5)) == "02.12.2026, 19:05"
        i18n.use("en")
        assert (formats.number(1234.5, 1), formats.percent(0.5), formats.percent(0.125, 1)) == ("1,234.5", "50%", "12.5%")
        assert formats.moment(datetime(2026, 12, 2, 19, 5)) == "2 Dec 2026, 19:05"
    finally:
        i18n.use("en")
