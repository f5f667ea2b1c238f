"""The settings form as a new player meets it at 80×24: Enter, the words it shows, what it keeps."""
from __future__ import annotations

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.widgets.choice import Choice

from ...helpers import press, screen_lines, settle


async def test_enter_on_a_field_starts_the_match_and_changes_nothing() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen) and app.focused is screen.query_one("#variant", Choice)
        await press(pilot, "tab")  # Players 2, then Enter
        assert app.focused is screen.query_one("#players", Choice)
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.settings.variant == "draw" and app.settings.players == 2


async def test_enter_on_the_variant_starts_a_draw_match_not_block() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "enter")
        await settle(app, pilot)
        assert app.client is not None and app.client.config.variant == "draw"


async def test_option_values_are_words_and_a_fixed_player_count_shows_no_arrows() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        text = "\n".join(screen_lines(app))
        assert "by lot" in text and "LOT" not in text
        screen = app.screen
        screen.query_one("#variant", Choice).value = "partner"  # always four players
        await settle(app, pilot)
        players = screen.query_one("#players", Choice)
        await press(pilot, "tab")  # from the variant: Tab passes the fixed count by
        assert app.focused is not players
        players.focus()  # even if something put focus there, it shows no arrows
        await settle(app, pilot)
        row = next(line for line in screen_lines(app) if line.lstrip().startswith("Players"))
        assert "◀" not in row and "▶" not in row


async def test_changing_the_variant_keeps_a_custom_target() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#target", Choice).value = "custom"
        await settle(app, pilot)
        screen.query_one("#target-custom").value = "120"  # type: ignore[attr-defined]
        screen.query_one("#variant", Choice).value = "block"
        await settle(app, pilot)
        assert screen.query_one("#target", Choice).value == "custom"
        assert screen.query_one("#target-custom").value == "120"  # type: ignore[attr-defined]
        assert screen.read().target == 120  # type: ignore[attr-defined]
        screen.query_one("#variant", Choice).value = "allfives"  # left at a preset: kept too
        await settle(app, pilot)
        assert screen.read().target == 120  # type: ignore[attr-defined]


async def test_a_default_target_follows_the_new_variant() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#variant", Choice).value = "allfives"
        await settle(app, pilot)
        assert screen.read().target == 150  # type: ignore[attr-defined]


async def test_the_footer_fits_80_columns() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        footer = screen_lines(app)[-1]
        for words in ("Start", "Records", "Rules", "Walk-through", "Quit"):
            assert words in footer, footer
