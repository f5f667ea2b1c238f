"""Settings validation, resume after quit, a corrupt save, the too-small notice, hotseat."""
from __future__ import annotations

import json

import pytest
from textual.widgets import Input

from dominoes_tui.table import saves
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.resume import ResumeScreen
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.screens.table.handover import HandoverScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.widgets.choice import Choice
from dominoes_tui.ui.widgets.too_small import TooSmall
from tests.ui.helpers import Notices

from .helpers import leave_unfinished, make_app, press, settle


def settings_app() -> DominoesApp:
    return DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))


async def test_settings_refuse_a_bad_form_and_say_why() -> None:
    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        errors = screen.query_one("#settings-errors")
        # an empty name
        screen.query_one("#seat-name-0", Input).value = ""
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SettingsScreen)
        assert "Seat 1 needs a name" in str(errors.render())
        # two seats with one name
        screen.query_one("#seat-name-0", Input).value = "Ana"
        screen.query_one("#seat-name-1", Input).value = "ana"
        await press(pilot, "ctrl+s")
        assert "same name" in str(errors.render())
        # no person at the table
        screen.query_one("#seat-name-1", Input).value = "Bob"
        screen.query_one("#seat-kind-0", Choice).value = "easy"
        await settle(app, pilot)
        await press(pilot, "ctrl+s")
        assert "At least one seat" in str(errors.render())
        screen.query_one("#seat-kind-0", Choice).value = "human"
        # a custom target that is not a number
        screen.query_one("#target", Choice).value = "custom"
        await settle(app, pilot)
        custom = screen.query_one("#target-custom", Input)
        assert not custom.disabled
        custom.value = "0"
        await press(pilot, "ctrl+s")
        assert "at least 1" in str(errors.render())
        custom.value = "35"
        await press(pilot, "ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.client.config.target == 35  # type: ignore[union-attr]
    remembered = json.loads(saves.settings_path().read_text())
    assert remembered["target"] == 35 and remembered["seats"][0]["name"] == "Ana"


async def test_settings_offer_only_what_the_variant_allows() -> None:
    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#variant", Choice).value = "partner"
        await settle(app, pilot)
        players = screen.query_one("#players", Choice)
        assert players.value == 4
        assert [v for _, v in players._options] == [4]
        assert screen.query_one("#opt-capicu_bonus", Choice).value == 0
        assert not screen.query("#opt-boneyard_reserve")
        assert len(screen.query(".seat-kind")) == 4
        # Partner targets are a fixed list: no custom value
        assert "custom" not in [v for _, v in screen.query_one("#target", Choice)._options]
        screen.query_one("#variant", Choice).value = "kozel"
        await settle(app, pilot)
        assert screen.query_one("#opt-kozel_threshold", Input).value == "13"
        screen.query_one("#opt-kozel_threshold", Input).value = "many"
        await press(pilot, "ctrl+s")
        assert "whole number" in str(screen.query_one("#settings-errors").render())


async def test_remembered_settings_come_back() -> None:
    saves.store_settings({"variant": "allfives", "players": 3,
                          "seats": [{"name": "Ana", "kind": "human"}, {"name": "B", "kind": "bot", "level": "random"},
                                    {"name": "C", "kind": "bot", "level": "random"}],
                          "target": 200, "options": {}, "prefs": {"pips": True}})
    from dominoes_tui.ui.choices import from_json

    settings, prefs = from_json(saves.load_settings())
    assert settings.variant == "allfives" and settings.players == 3 and settings.target == 200 and prefs.pips
    saves.settings_path().write_text("{not json")
    settings, prefs = from_json(saves.load_settings())
    assert settings == MatchSettings() and prefs == Prefs()


async def test_quit_and_resume_where_it_stopped() -> None:
    app = make_app("draw", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for _ in range(3):
            await press(pilot, "enter")
        events = list(app.client.match.events)  # type: ignore[union-attr]
        await press(pilot, "ctrl+q")
    assert saves.save_path().exists()
    again = make_app("draw", seed=99)  # a different seed: the save must win when resumed
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        assert isinstance(again.screen, ResumeScreen)
        await press(pilot, "enter")
        await settle(again, pilot)
        assert isinstance(again.screen, TableScreen)
        assert again.client.match.events[: len(events)] == events  # type: ignore[union-attr]


async def test_declining_resume_starts_the_new_match() -> None:
    await leave_unfinished("block", players=3, seed=2)
    again = make_app("draw", seed=5)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        await press(pilot, "n")
        await settle(again, pilot)
        assert again.client.config.variant == "draw"  # type: ignore[union-attr]


async def test_a_corrupt_save_is_set_aside_with_a_message(notices: Notices) -> None:
    path = saves.save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"event": "match_start", "version": 1}\nnot json\n')
    app = make_app("draw", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        assert notices.containing("could not be read")
    kept = list(path.parent.glob("current-match.unreadable-*.jsonl"))
    assert len(kept) == 1 and "not json" in kept[0].read_text()


async def test_too_small_says_so_and_recovers() -> None:
    app = make_app("draw", seed=1)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(app, pilot)
        notice = app.screen.query_one(TooSmall)
        assert notice.display and "70×20" in str(notice.render())
        assert not app.screen.query_one("#hand").display
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert not app.screen.query_one(TooSmall).display
        assert app.screen.query_one("#hand").display


async def test_hotseat_hides_the_hand_between_people() -> None:
    app = make_app("partner", seats="Ana,random,Cleo,random", target=50, seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        seen = set()
        for _ in range(40):
            await settle(app, pilot)
            screen = app.screen
            if isinstance(screen, HandoverScreen):
                table = app.screen_stack[-2]
                assert table.hidden  # nobody's hand shows while the keyboard changes hands
                seen.add(screen.player)
                await press(pilot, "enter")
                assert not table.hidden
                continue
            if isinstance(screen, TableScreen) and screen.my_turn():
                await press(pilot, "enter")
                if screen.client.waiting_for() is not None:
                    assert screen.hidden
            if seen == {"Ana", "Cleo"}:
                break
        assert seen == {"Ana", "Cleo"}


async def test_the_mouse_chooses_and_plays_a_tile() -> None:
    from dominoes_tui.ui.widgets.chain import Chain
    from dominoes_tui.ui.widgets.hand import Hand

    app = make_app("draw", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await settle(app, pilot)
            if isinstance(app.screen, TableScreen) and app.screen.my_turn():
                break
        screen = app.screen
        assert isinstance(screen, TableScreen)
        target = screen.playable()[-1]
        before = len(screen.view_.hand)
        await pilot.click(Hand, offset=(1 + target * 6 + 2, 1))  # the hand has one cell of padding
        await settle(app, pilot)
        assert screen.selected == target
        moves = screen.moves_for(target)
        if len(moves) == 1 and moves[0].end is not None:
            # a click on the end's label plays there
            x, y, _ = screen.query_one(Chain)._hot[moves[0].end]
            await pilot.click(Chain, offset=(x + 1, y))
        else:
            await pilot.click(Hand, offset=(1 + target * 6 + 2, 1))
            if screen.end_cursor is not None:
                await press(pilot, "enter")
        await settle(app, pilot)
        mine = [e for e in app.client.match.events if e.get("seat") == 0 and e["event"] == "play"]  # type: ignore[union-attr]
        assert mine, "the click did not play"
        assert len(screen.view_.hand) <= before


async def test_a_save_with_an_unknown_bot_level_still_resumes() -> None:
    await leave_unfinished("draw", seed=11)
    path = saves.save_path()
    path.write_text(path.read_text().replace('"level": "random"', '"level": "grandmaster"'))
    again = make_app("draw", seed=11)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        await press(pilot, "enter")
        await settle(again, pilot)
        assert isinstance(again.screen, TableScreen)


async def test_the_scoresheet_opens_from_the_round_summary() -> None:
    from dominoes_tui.ui.screens.scoresheet import ScoresheetScreen
    from dominoes_tui.ui.screens.table.summary import RoundSummaryScreen

    app = make_app("kozel", players=2, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await settle(app, pilot)
            if isinstance(app.screen, RoundSummaryScreen):
                break
            if isinstance(app.screen, TableScreen) and app.screen.my_turn():
                await press(pilot, "enter")
                # the play may have ended the round: only a table asks for an end
                if isinstance(app.screen, TableScreen) and app.screen.end_cursor is not None:
                    await press(pilot, "enter")
        assert isinstance(app.screen, RoundSummaryScreen)
        await press(pilot, "s")
        assert isinstance(app.screen, ScoresheetScreen)
        assert len(app.screen.rounds) == 1
        await pilot.press("escape")
        assert isinstance(app.screen, RoundSummaryScreen)


async def test_a_save_that_fails_is_told_to_the_player_once_on_the_status_line(monkeypatch, notices: Notices) -> None:
    """A failed save raises no toast with a raw errno after every move (it would cover
    the table): the status line says once that saving is off, and why."""
    import errno

    import dominoes_tui.table.local as local

    def read_only(path: object, *_: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(local, "write_log", read_only)
    app = make_app("draw", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for _ in range(4):
            await press(pilot, "enter")
        await settle(app, pilot)
        assert not notices.containing("save")
        status = str(app.screen.query_one("#status").render())
        assert "not saved: read-only folder" in status
        assert "Errno" not in status
        assert [n for n in app.client.notes if "save" in n] == [  # type: ignore[union-attr]
            f"could not save the match: the data folder is read-only ({saves.home()})"
        ]


async def test_ascii_mode_draws_the_table_in_plain_ascii() -> None:
    """--ascii: tiles, borders, arrows and the footer need no box drawing (the scrollbars
    are Textual's own and show only when something scrolls)."""
    app = make_app("allfives", seed=34)
    app.prefs.ascii = True
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await settle(app, pilot)
            if isinstance(app.screen, TableScreen) and app.screen.my_turn():
                break
        strips = app.screen._compositor.render_strips()
        text = "\n".join("".join(seg.text for seg in strip) for strip in strips)
        assert "Your turn" in text or "your turn" in text or "lead" in text
        assert text.isascii(), sorted({c for c in text if not c.isascii()})


@pytest.mark.parametrize("lang,person,you", [("en", "Player 3", "You"), ("de", "Spieler 3", "Du")])
async def test_a_seat_turned_into_a_person_loses_its_bot_name(lang: str, person: str, you: str) -> None:
    """A person's default name is in the reader's language (never Player 3 on a German form)."""
    from dominoes_tui import i18n

    i18n.use(lang)
    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#players", Choice).value = 3
        await settle(app, pilot)
        screen.query_one("#seat-kind-2", Choice).value = "human"
        await settle(app, pilot)
        assert screen.query_one("#seat-name-2", Input).value == person
        screen.query_one("#seat-kind-2", Choice).value = "hard"
        await settle(app, pilot)
        assert screen.query_one("#seat-name-2", Input).value == "Bot 3"  # a bot is named after its seat
        screen.query_one("#seat-name-1", Input).value = "Cleo"  # a typed name stays
        screen.query_one("#seat-kind-1", Choice).value = "human"
        await settle(app, pilot)
        assert screen.query_one("#seat-name-1", Input).value == "Cleo"
        assert screen.query_one("#seat-name-0", Input).value == you


def test_remembered_settings_of_the_wrong_shape_fall_back_to_defaults() -> None:
    from dominoes_tui.ui.choices import from_json

    for broken in ({"prefs": {"speed": ["slow"]}}, {"seats": [["Ana"]], "players": "two"}, {"options": [1, 2]},
                   {"variant": {"x": 1}, "prefs": "pips"}, {"seats": "Ana", "target": [100]}):
        settings, prefs = from_json(broken)  # type: ignore[arg-type]
        assert settings == MatchSettings() and prefs.speed in ("normal", "instant", "slow")


async def test_settings_arrows_up_and_down_move_between_fields_and_keep_them_in_sight() -> None:
    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        form = screen.query_one("#form")
        await press(pilot, "down")
        assert app.focused is screen.query_one("#players")  # ↓ moves the focus, not only the scroll of the form
        for _ in range(12):
            await press(pilot, "down")
        assert app.focused is not None and form.scroll_offset.y > 0
        assert app.focused.region.y >= 0 and app.focused.region.bottom <= app.size.height  # on screen


async def test_a_click_on_a_settings_field_steps_it_and_a_click_on_its_label_only_focuses() -> None:
    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        faces = app.screen.query_one("#faces", Choice)
        faces.scroll_visible(animate=False)
        await settle(app, pilot)
        before = faces.value
        await pilot.click(faces, offset=(2, 0))  # on the label
        await settle(app, pilot)
        assert app.focused is faces and faces.value == before
        await pilot.click(faces, offset=(21 + 8, 0))  # on the field, right of its arrow
        await settle(app, pilot)
        assert faces.value != before


async def test_the_settings_buttons_answer_a_click_and_enter() -> None:
    from dominoes_tui.ui.screens.confirm import ConfirmScreen

    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.screen.query_one("#quit").focus()
        await settle(app, pilot)
        await press(pilot, "enter")
        await settle(app, pilot)  # the button's message, then the screen's push
        assert isinstance(app.screen, ConfirmScreen)  # Quit asks first, as Esc does
        await press(pilot, "escape")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.click("#start")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)


async def test_DRAW_9_a_target_left_at_its_default_follows_the_player_count_and_a_chosen_one_stays() -> None:
    app = settings_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        assert screen.query_one("#target", Choice).value == 100  # Draw, two players
        screen.query_one("#players", Choice).focus()
        await settle(app, pilot)
        await press(pilot, "right")  # three players
        await settle(app, pilot)
        assert screen.read().players == 3 and screen.query_one("#target", Choice).value == 61  # DRAW-9
        target = screen.query_one("#target", Choice)
        target.focus()
        await settle(app, pilot)
        await press(pilot, "right")
        chosen = screen.query_one("#target", Choice).value
        assert chosen != 61
        screen.query_one("#players", Choice).focus()
        await settle(app, pilot)
        await press(pilot, "right")  # four players: the chosen target stays
        await settle(app, pilot)
        assert screen.read().players == 4 and screen.query_one("#target", Choice).value == chosen
