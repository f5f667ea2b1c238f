"""The Language field of the settings: German at once, remembered, overruled by --lang
for one run; a forged settings file falls back; the settings, the rules help of every
variant and the walk-through speak German and fit 80×24.

Update the snapshots with `pytest tests/i18n/test_settings_language.py --snapshot-update`,
then look at the SVGs under __snapshots__ before committing them."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Markdown, Static

from dominoes_tui import cli, i18n
from dominoes_tui.engine import VARIANTS
from dominoes_tui.i18n import catalog
from dominoes_tui.table import saves
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs, from_json, to_json
from dominoes_tui.ui.help_text import help_markdown
from dominoes_tui.ui.screens.help import HelpScreen, key_table
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.screens.table import walkthrough_text
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.table_keys import TABLE_BINDINGS
from dominoes_tui.ui.widgets.choice import Choice

from ..ui.helpers import press, settle


def remembered_app() -> DominoesApp:
    """The app as a bare `dominoes` starts it: with the settings remembered last time."""
    settings, prefs = from_json(saves.load_settings())
    prefs.speed = "instant"
    return DominoesApp(settings, prefs)


def words_on(screen: SettingsScreen) -> str:
    """Everything the form says: its title, fields, sections and the footer's keys."""
    texts = [str(w.render()) for w in screen.query(Static)] + [str(c.render()) for c in screen.query(Choice)]
    texts += [str(key.render()) for key in screen.query("FooterKey")]
    return " ".join(" ".join(texts).split())


async def choose_language(pilot, app: DominoesApp, wanted: str) -> None:
    """Step the Language field with → until it shows `wanted`, as a person would."""
    field = app.screen.query_one("#language", Choice)
    field.focus()
    for _ in range(len(field.options)):
        if field.value == wanted:
            break
        await press(pilot, "right")
        await settle(app, pilot)
        await pilot.pause(0.05)
        field = app.screen.query_one("#language", Choice)  # the form is built again in the new language
    assert field.value == wanted


async def test_choosing_deutsch_speaks_german_at_once_and_the_next_start_too(dominoes_home: Path) -> None:
    app = remembered_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen) and "a new match" in words_on(screen)
        await choose_language(pilot, app, "de")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        said = words_on(screen)
        assert i18n.language() == "de"
        # the title, the fields and the footer, without a restart
        for german in ("Domino — eine neue Partie", "Variante", "Plätze", "Sprache", "Deutsch", "Einführung", "Regeln"):
            assert german in said, german
        assert "a new match" not in said and "Walk-through" not in said
        assert app.focused is screen.query_one("#language", Choice)  # still where the person was
        await press(pilot, "ctrl+q")
    assert json.loads((dominoes_home / "settings.json").read_text(encoding="utf-8"))["language"] == "de"

    # the next start: the command line reads the remembered choice, the field shows it
    i18n.use("en")
    assert cli.start_language([]) == "de" and i18n.language() == "de"
    app = remembered_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.screen.query_one("#language", Choice).value == "de"
        assert "Domino — eine neue Partie" in words_on(app.screen)  # type: ignore[arg-type]


async def test_lang_on_the_command_line_wins_for_one_run_and_is_not_remembered(dominoes_home: Path) -> None:
    dominoes_home.mkdir(parents=True)
    (dominoes_home / "settings.json").write_text(json.dumps({"language": "de"}), encoding="utf-8")
    assert cli.start_language(["--lang", "en"]) == "en"
    assert cli.start_language(["play", "--lang=en"]) == "en"
    app = remembered_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        said = words_on(app.screen)  # type: ignore[arg-type]
        assert "Dominoes — a new match" in said and "Variante" not in said
        assert app.screen.query_one("#language", Choice).value == "de"  # the remembered choice, shown as it is
        await press(pilot, "ctrl+q")
    # leaving the English run does not turn the remembered Deutsch into English
    assert json.loads((dominoes_home / "settings.json").read_text(encoding="utf-8"))["language"] == "de"
    assert cli.start_language([]) == "de"


async def test_english_chosen_over_a_german_system(dominoes_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert cli.start_language([]) == "de"  # auto: the system's
    app = remembered_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert "Sprache" in words_on(app.screen)  # type: ignore[arg-type]
        await choose_language(pilot, app, "en")
        assert "Dominoes — a new match" in words_on(app.screen) and i18n.language() == "en"  # type: ignore[arg-type]
        await choose_language(pilot, app, "auto")  # back to the system's: German again
        assert "Domino — eine neue Partie" in words_on(app.screen) and i18n.language() == "de"  # type: ignore[arg-type]
        await press(pilot, "ctrl+q")
    assert json.loads((dominoes_home / "settings.json").read_text(encoding="utf-8"))["language"] == "auto"


@pytest.mark.parametrize("forged", ["xx", "", 7, None, ["de"], {"de": 1}, "../../de", "klingon", True])
async def test_a_forged_language_falls_back(dominoes_home: Path, forged: object) -> None:
    dominoes_home.mkdir(parents=True)
    data = to_json(MatchSettings("block"), Prefs()) | {"language": forged}
    (dominoes_home / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    _settings, prefs = from_json(saves.load_settings())
    assert prefs.language == "auto"
    assert cli.start_language([]) == "en"  # the environment's (the tests' LANG is C)
    app = remembered_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.screen.query_one("#language", Choice).value == "auto"
        assert app.screen.query_one("#variant", Choice).value == "block"  # the rest of the file still counts


def test_a_remembered_locale_name_reads_as_its_language() -> None:
    _settings, prefs = from_json({"language": "de_DE.UTF-8"})
    assert prefs.language == "de"


def english_sentences() -> list[str]:
    """The catalog's sentences whose German differs: none may be left in a German screen."""
    found = []
    for message in catalog.read("de"):
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for english in ids:
            if english and english not in strings and " " in english.strip() and len(english) >= 12:
                found.append(english)
    return found


def shown_help_words(variant: str) -> str:
    """The words ? shows for `variant` (help.open_help: its rules, then every key), made
    without showing them: styling the help's widgets is what costs, not its words."""
    keys = [b for b in TABLE_BINDINGS if isinstance(b, Binding)]
    return help_markdown(variant, key_table(DominoesApp(MatchSettings(variant)), keys))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_rules_help_of_every_variant_is_german(variant: str) -> None:
    i18n.use("de")
    text = shown_help_words(variant)
    assert text.startswith(f"**{i18n._(VARIANTS[variant].title)}**")
    assert "**Steine und Züge.**" in text and "**Tasten anderswo.**" in text
    flat = " ".join(text.split())
    left = [e for e in english_sentences() if " ".join(e.split()) in flat]
    assert left == []


async def test_the_help_from_the_settings_shows_the_chosen_variants_rules_in_german() -> None:
    i18n.use("de")
    app = DominoesApp(MatchSettings(variant="partner", players=4), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "question_mark")
        await settle(app, pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one(Markdown).source == shown_help_words("partner")


def test_every_walkthrough_line_fits_the_coach_in_german() -> None:
    i18n.use("de")
    for name in ("WELCOME", "MATCH", "BOTH_ENDS", "YOU_DREW", "BOTH_DREW", "BOT_DREW", "SCORED", "CLOSING", "COUNTING"):
        english = getattr(walkthrough_text, name)
        german = i18n._(english)
        assert german != english, name
        lines = textwrap.wrap(german.replace("{left}", "6"), walkthrough_text.COACH_WIDTH)
        assert len(lines) <= walkthrough_text.COACH_LINES, (name, lines)


def test_option_labels_fit_the_label_column_in_german() -> None:
    from dominoes_tui.engine import OPTIONS
    from dominoes_tui.ui.choices import option_label
    from dominoes_tui.ui.widgets.choice import LABEL_WIDTH

    i18n.use("de")
    for specs in OPTIONS.values():
        for spec in specs:
            label = option_label(spec.name)
            assert len(label) < LABEL_WIDTH and not re.search(r"[a-z]_[a-z]", label), label


# -- what it looks like --------------------------------------------------------------


def test_settings_screen_in_german_80x24(snap_compare) -> None:
    i18n.use("de")
    app = DominoesApp(MatchSettings(variant="allfives", players=3), Prefs(speed="instant", language="de"))

    async def run_before(pilot) -> None:
        await settle(pilot.app, pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_walkthrough_forced_draw_in_german_80x24(snap_compare) -> None:
    i18n.use("de")
    app = DominoesApp(MatchSettings(), Prefs(speed="instant", language="de"))
    forced = i18n._(walkthrough_text.YOU_DREW)

    async def run_before(pilot) -> None:
        await settle(app, pilot)
        await press(pilot, "f2")
        for _ in range(12):
            await settle(app, pilot)
            await pilot.pause(0)
            screen = app.screen
            if isinstance(screen, TableScreen) and str(screen.query_one("#coach").render()) == forced:
                break
            await press(pilot, "enter")
        else:
            raise AssertionError("the walk-through never came to the forced draw")
        app.clear_notifications()
        await pilot.pause(0)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
