"""Fourteen rough edges found in play, one test each (numbered in the order they were found)."""
from __future__ import annotations

import argparse
from dataclasses import replace

from dominoes_tui.engine import make_config, parse_tile
from dominoes_tui.table import saves
from dominoes_tui.table.client import RoundReport, SeatInfo
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.narrate import describe
from dominoes_tui.ui.render import Look, plain, render_hand, tile_backs
from dominoes_tui.ui.screens.confirm import ConfirmScreen
from dominoes_tui.ui.screens.resume import ResumeScreen
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.widgets.choice import Choice
from dominoes_tui.ui.words import arithmetic

from .helpers import leave_unfinished, make_app, next_turn, press, settle

SEATS = (SeatInfo("Ana", "human"), SeatInfo("Bob", "bot", "easy"), SeatInfo("Cleo", "bot", "easy"),
         SeatInfo("Dan", "bot", "easy"))


def report(**kw: object) -> RoundReport:
    base = dict(round=1, result="domino", winner=0, points=0, terms=(), hands=((), ()), went_out=0, blocker=None,
                capicu=False, play_points=(0, 0), scores=(0, 0), match_over=False, match_winner=None, match_loser=None)
    base.update(kw)
    return RoundReport(**base)  # type: ignore[arg-type]


def reversed_on_screen(app: DominoesApp, text: str) -> bool:
    """Is `text` drawn in reverse video on the screen now (what a person sees)? The first
    run of one style that begins with it decides (an unfocused label runs on into its field)."""
    for strip in app.screen._compositor.render_strips():
        for seg in strip:
            if seg.text.strip().startswith(text):
                return bool(seg.style and seg.style.reverse)
    raise AssertionError(f"{text!r} is not on the screen")


async def test_1_a_pass_notice_does_not_stay_into_the_next_turn() -> None:
    app = make_app("block", players=3, target=100, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        checked = 0
        for _ in range(300):
            screen = await next_turn(app, pilot)
            if screen is None:
                break
            history = screen.view_.history
            mine = [e for e in history if e.get("seat") == 0 and e["event"] in ("play", "pass")]
            if mine and mine[-1]["event"] == "pass":  # the person passed on their last turn
                prompt = str(screen.query_one("#prompt").render())
                assert screen.notice == "" and "Enter plays it" not in prompt and "passed" not in prompt
                checked += 1
                if checked >= 2:
                    break
            await press(pilot, "enter")
        assert checked, "the person never passed"


async def test_2_the_focused_field_is_unmistakable_without_colour(monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = DominoesApp(MatchSettings(), Prefs(speed="instant", ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        focused = app.focused
        assert isinstance(focused, Choice)
        assert focused.field().startswith("< ")  # arrows: shape, not colour
        assert reversed_on_screen(app, "Variant")  # the row's label turns to reverse video
        await press(pilot, "tab")
        await pilot.pause(0.05)
        assert app.focused is not focused
        assert not reversed_on_screen(app, "Variant") and reversed_on_screen(app, "Players")
        assert not focused.field().startswith("<")


async def test_3_keys_do_nothing_while_the_terminal_is_too_small() -> None:
    app = make_app("draw", seed=11)
    async with app.run_test(size=(70, 20)) as pilot:
        for _ in range(6):
            await press(pilot, "enter")
            await press(pilot, "1")
        played = [e for e in app.client.match.events if e.get("seat") == 0 and e["event"] == "play"]  # type: ignore[union-attr]
        assert played == []


async def test_5_escape_on_the_settings_asks_before_quitting() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "escape")  # a second Esc keeps the game open
        assert isinstance(app.screen, SettingsScreen) and app.is_running
        await press(pilot, "escape")
        await press(pilot, "y")
        await settle(app, pilot)
    assert not app.is_running


async def test_6_play_another_variant_does_not_resume_the_saved_one_by_default() -> None:
    await leave_unfinished("draw", seed=11)
    again = make_app("allfives", seed=3)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        screen = again.screen
        assert isinstance(screen, ResumeScreen) and screen.asked_for == "All Fives"
        text = " ".join(str(s.render()) for s in screen.query("Static"))
        assert "another match" in text and "Draw" in text
        await press(pilot, "enter")  # the default is the match that was asked for
        await settle(again, pilot)
        assert again.client.config.variant == "allfives"  # type: ignore[union-attr]


async def test_7_a_second_copy_keeps_its_own_save(monkeypatch) -> None:
    await leave_unfinished("draw", seed=11)  # an unfinished Draw match in slot 1
    assert saves.claim_slot() == 1  # another copy of the game holds slot 1 from now on
    held = saves._held
    saves._held = None  # this process plays the second copy
    try:
        second = make_app("draw", seed=12)
        async with second.run_test(size=(80, 24)) as pilot:
            await settle(second, pilot)
            assert isinstance(second.screen, TableScreen)  # not offered the other copy's match
            assert any("open in another copy" in n.message for n in second._notifications)
            await press(pilot, "enter")
            assert saves.save_path().name == "current-match-2.jsonl"
        assert (saves.home() / "current-match-2.jsonl").exists()
    finally:
        saves.release_slot()
        saves._held = held
        saves.release_slot()
    assert (saves.home() / "current-match.jsonl").exists()  # the first copy's save is untouched


def test_8_kozel_partner_and_fish_summaries_say_what_decided_them() -> None:
    kozel = make_config("kozel", 2)
    lone = report(winner=0, terms=((1, 20),), points=(0, 20), hands=((), (parse_tile("6-6"),)))
    assert "Bob records 20 penalty points: a lone 6-6, which counts 20." in arithmetic(lone, kozel, SEATS[:2])
    partner = make_config("partner", 4)
    hands = tuple((parse_tile(t),) for t in ("1-2", "3-4", "0-1", "5-6"))
    blocked = report(result="blocked", winner=0, went_out=None, blocker=1, terms=((1, 7), (3, 11)), points=18,
                     hands=hands, scores=(18, 0), play_points=(0, 0, 0, 0))
    lines = arithmetic(blocked, partner, SEATS)
    assert lines[0] == "Blocked: Ana & Cleo hold 3 + 1 = 4; Bob & Dan hold 7 + 11 = 18 (the fewer pips win)."
    duel = make_config("duel", 2)
    fish = report(result="blocked", winner=0, went_out=None, blocker=1, terms=((1, 9), (0, 0)), points=9,
                  hands=((), (parse_tile("4-5"),)))
    assert arithmetic(fish, duel, SEATS[:2]) == ["Ana wins 9 = 9 (Bob) − 0 (Ana's own)"]


async def test_9_a_long_hand_reads_well_and_every_tile_has_a_key() -> None:
    assert tile_backs(11, Look(), limit=10) == "▮" * 10 + "…"
    assert "+" not in tile_backs(11, Look(ascii=True), limit=10)
    hand = [parse_tile(t) for t in ("0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2", "1-3", "1-4", "1-5")]
    keys = plain(render_hand(hand, Look(), 200)).splitlines()[3].split()
    assert keys == list("1234567890!@")
    app = make_app("draw", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await next_turn(app, pilot)
        assert screen is not None
        screen.view_ = replace(screen.view_, hand=tuple(hand))
        screen.client.view = lambda seat: screen.view_  # type: ignore[method-assign]
        await press(pilot, "exclamation_mark")
        assert screen.selected == 10


def test_10_no_line_is_said_twice() -> None:
    history = [{"event": "play", "seat": 0, "tile": "3-5", "end": None},
               {"event": "round_end", "result": "blocked"}]
    assert describe(history, ["Ana", "Bob"], "duel")[-1] == "The round is over: a fish: nobody could play."
    assert "blocked" in describe(history, ["Ana", "Bob"], "draw")[-1]


async def test_10_the_draw_notice_and_the_round_end_prompt_do_not_repeat_the_log() -> None:
    app = make_app("draw", target=40, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            screen = await next_turn(app, pilot)
            assert screen is not None
            if screen.drew_now:
                drawn = [e["tile"] for e in screen.view_.history if e["event"] == "draw" and e.get("seat") == 0]
                assert screen.notice.count(drawn[0]) == 0 or len(drawn) == 1  # the log lists them, not the notice
                assert "fitted" in screen.notice
                break
            await press(pilot, "enter")
        assert screen.drew_now, "the person never had to draw"
        assert "The round is over" not in str(screen._prompt(replace(screen.view_, to_act=None), False))


def test_11_seats_set_the_player_count_and_variants_ignore_case() -> None:
    from dominoes_tui.bots.registry import offered_levels
    from dominoes_tui.commands.play import add_arguments, settings_from_args

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    settings = settings_from_args(parser.parse_args(["--variant", "AllFives", "--seats", "Ana,medium,hard"]))
    assert settings.variant == "allfives" and settings.players == 3
    assert [s.level for s in settings.seats] == [None, "medium", "hard"]
    assert "easy" in offered_levels() and "random" not in offered_levels()
    assert offered_levels() == ["easy", "heaviest", "medium", "hard", "expert"], "a seat's choices climb in strength"


async def test_11_the_settings_offer_easy_once() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        values = [v for _, v in app.screen.query_one("#seat-kind-1", Choice).options]
        assert values.count("easy") == 1 and "random" not in values


def test_13_quitting_mid_match_says_where_the_match_is() -> None:
    from dominoes_tui.commands.play import farewell
    from dominoes_tui.table.local import LocalTable
    from dominoes_tui.ui.choices import check, parse_seats

    settings = MatchSettings("draw", 2, parse_seats("Ana", 2), seed=1)
    table = LocalTable.new(check(settings), settings.seats, seed=1, save_to=saves.save_path())
    line = farewell(table)
    assert line is not None and "saved" in line and "dominoes play" in line
    table.save_to = None
    assert farewell(table) is None


async def test_14_changing_players_adds_a_row_and_keeps_the_others() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        first = screen.query_one("#seat-kind-0", Choice)
        screen.query_one("#seat-name-0").value = "Ana"  # type: ignore[attr-defined]
        screen.query_one("#players", Choice).value = 4
        await settle(app, pilot)
        assert screen.query_one("#seat-kind-0", Choice) is first  # not rebuilt: only the new rows are mounted
        assert len(screen.query(".seat-row")) == 4
        assert screen.query_one("#seat-name-0").value == "Ana"  # type: ignore[attr-defined]
        screen.query_one("#players", Choice).value = 2
        await settle(app, pilot)
        assert len(screen.query(".seat-row")) == 2 and screen.query_one("#seat-kind-0", Choice) is first
