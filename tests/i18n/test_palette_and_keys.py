"""The command palette and the names of keys in the player's language: the palette's
commands, their help, its search field and its "nothing found" in German, Textual's own
Quit included; keys named as a German keyboard prints them (Strg+P, Leertaste, Bild↓);
a yes/no question answered with j, y still accepted."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.key_names import key_name
from dominoes_tui.ui.screens.confirm import ConfirmScreen
from dominoes_tui.ui.screens.help import HelpScreen
from dominoes_tui.ui.screens.scoresheet import ScoresheetScreen
from tests.ui.helpers import make_app, next_turn, press, screen_lines, settle

from .walk import english_on

SIZE = (80, 24)


async def open_palette(app, pilot) -> list[str]:
    await press(pilot, "ctrl+p")
    await pilot.pause(0.3)
    return screen_lines(app)


async def test_the_palette_at_the_table_speaks_german_textuals_own_commands_included() -> None:
    i18n.use("de")
    app = make_app("draw", seats="Ana,easy", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await next_turn(app, pilot)
        text = "\n".join(lines := await open_palette(app, pilot))
        assert "Befehl suchen…" in text
        for command in ("Punktezettel", "Hilfe: Regeln und Tasten", "Tipp", "Bot-Tempo", "Augen oder Ziffern"):
            assert command in text, text
        assert "die Punkte jeder bisherigen Runde (s)" in text
        assert not english_on(lines, allowed=["Ana"]), english_on(lines, allowed=["Ana"])
        for english in ("Search for commands", "Quit the application", "Scoresheet", "Keys", "Screenshot"):
            assert english not in text
        await pilot.press("x", "y", "z")
        await pilot.pause(0.9)
        assert "Nichts gefunden" in "\n".join(screen_lines(app))
        for _ in range(3):
            await pilot.press("backspace")
        await pilot.press(*"punkte")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ScoresheetScreen)


async def test_the_palette_off_the_table_offers_the_screens_keys_then_quit() -> None:
    i18n.use("de")
    app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        lines = await open_palette(app, pilot)
        text = "\n".join(lines)
        assert "Einführung" in text and "Archiv" in text
        assert text.index("Einführung") < text.index("Beenden")  # Quit comes last
        assert not english_on(lines), english_on(lines)


async def test_the_footer_and_the_help_name_keys_as_a_german_keyboard_prints_them() -> None:
    i18n.use("de")
    assert [key_name(k) for k in ("ctrl+p", "space", "pagedown", "home", "end", "escape", "f1", "y")] == [
        "Strg+P", "Leertaste", "Bild↓", "Pos1", "Ende", "Esc", "F1", "j"]
    app = make_app("draw", seats="Ana,easy", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await next_turn(app, pilot)
        await pilot.pause(0.2)
        footer = "\n".join(screen_lines(app))
        assert "Strg+P Menü" in footer and "^p" not in footer
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        markdown = app.screen.query_one("Markdown")._markdown  # type: ignore[attr-defined]
        assert "`Strg+P`" in markdown and "`Strg+Q`" in markdown and "ctrl+" not in markdown
        await pilot.pause(0.2)
        footer = "\n".join(screen_lines(app))
        assert "Leertaste Seite runter" in footer and "space" not in footer and "pgdn" not in footer


async def test_a_german_yes_no_question_answers_to_j_and_still_to_y() -> None:
    from dominoes_tui.ui.screens.resume import ResumeScreen
    from tests.ui.helpers import leave_unfinished

    i18n.use("de")
    for key in ("j", "y"):
        app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await press(pilot, "escape")  # Esc on the settings asks before quitting
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.pause(0.2)
            text = "\n".join(screen_lines(app))
            assert "Beenden (j)" in text and "(y)" not in text
            await press(pilot, key)
            await pilot.pause(0.1)
            assert app._exit, key
    await leave_unfinished("draw", seed=4)
    app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.pause(0.2)
        footer = screen_lines(app)[-1]
        assert "j Fortsetzen" in footer and "y " not in footer
        await press(pilot, "j")
        assert not isinstance(app.screen, ResumeScreen)


def test_english_keeps_its_keys() -> None:
    assert [key_name(k) for k in ("ctrl+p", "space", "pagedown", "y")] == ["Ctrl+P", "Space", "PgDn", "y"]


def test_every_german_sentence_names_a_control_key_as_the_keyboard_prints_it() -> None:
    """The catalog's own sentences too (the terminal too small said 'Strg+q beendet')."""
    import re

    from dominoes_tui.i18n.catalog import read

    lower = re.compile(r"\bStrg\+[a-zäöü]\b")
    found = [s for m in read("de") if m.id
             for s in ([m.string] if isinstance(m.string, str) else list(m.string or ())) if s and lower.search(s)]
    assert found == [], found
