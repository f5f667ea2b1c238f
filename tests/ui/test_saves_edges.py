"""Saves as a new player meets them: the quit message's own command resumes the match,
every unfinished save is offered, and a match that cannot be saved is not lost silently."""
from __future__ import annotations

import errno

import pytest

from dominoes_tui.cli import build_parser, load_command
from dominoes_tui.commands.play import farewell
from dominoes_tui.table import saves
from dominoes_tui.ui.screens.confirm import ConfirmScreen
from dominoes_tui.ui.screens.resume import ResumeScreen
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import press, screen_lines, settle


def play_app(*words: str):
    """The app `dominoes play WORDS…` runs, built the way the command builds it."""
    module = load_command("play")
    args = build_parser("play", module).parse_args(["play", *words, "--speed", "instant"])
    return module.app_for(args)  # type: ignore[union-attr]


async def quit_after_one_move(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "enter")  # one move
        await settle(app, pilot)
        await press(pilot, "ctrl+q")


async def test_plain_play_resumes_a_block_match_by_default() -> None:
    block = play_app("--variant", "block", "--seed", "5")
    await quit_after_one_move(block)
    line = farewell(block.client)
    assert line is not None and "play` resumes it" in line  # the message's own words: `… play`
    again = play_app()  # `dominoes play`, as the message says
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        assert isinstance(again.screen, ResumeScreen) and again.screen.resume_is_default
        await press(pilot, "enter")
        await settle(again, pilot)
        assert again.client is not None and again.client.config.variant == "block"
    assert saves.load_unfinished() is not None and saves.load_unfinished().config.variant == "block"


async def quit_a_second_copy() -> None:
    """This process plays a second copy while slot 1 is held (claimed here if it is not):
    one move of a Block match, then ctrl+q, which leaves it in slot 2."""
    saves.claim_slot()
    held, saves._held = saves._held, None
    try:
        second = play_app("--variant", "block", "--seed", "12")
        async with second.run_test(size=(80, 24)) as pilot:
            await settle(second, pilot)
            await press(pilot, "enter")
            await press(pilot, "ctrl+q")
    finally:
        saves.release_slot()
        saves._held = held


async def test_a_save_left_by_a_second_copy_is_offered_later() -> None:
    first = play_app("--seed", "11")
    await quit_after_one_move(first)  # slot 1: a Draw match
    await quit_a_second_copy()
    assert (saves.home() / "current-match-2.jsonl").exists()
    saves.release_slot()  # both copies have ended
    offered = []
    third = play_app()
    async with third.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await settle(third, pilot)
            if not isinstance(third.screen, ResumeScreen):
                break
            offered.append(third.screen.description.split(",")[0])
            await press(pilot, "n")
    assert offered == ["Draw", "Block"]  # every unfinished save, this copy's own first
    assert not (saves.home() / "current-match-2.jsonl").exists()  # declined: kept in the records, not offered again


async def test_the_other_copys_save_can_be_resumed_and_becomes_this_copys() -> None:
    await quit_a_second_copy()
    saves.release_slot()
    again = play_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(again, pilot)
        assert isinstance(again.screen, ResumeScreen)
        await press(pilot, "enter")
        await settle(again, pilot)
        assert again.client.config.variant == "block"  # type: ignore[union-attr]
        assert saves.save_path().name == "current-match.jsonl" and saves.save_path().exists()
    saves.release_slot()
    assert not (saves.home() / "current-match-2.jsonl").exists()


@pytest.fixture
def read_only(monkeypatch):
    import dominoes_tui.table.local as local

    def refuse(path: object, *_: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path) + ".tmp")

    monkeypatch.setattr(local, "write_log", refuse)


@pytest.mark.parametrize("variant", ["draw", "allfives"])
async def test_a_read_only_folder_is_said_in_full_at_80_columns(read_only, variant) -> None:
    app = play_app("--variant", variant, "--seed", "3")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "enter")
        await settle(app, pilot)
        assert "not saved: read-only folder" in screen_lines(app)[0]


async def test_quitting_with_saving_off_asks_first(read_only) -> None:
    app = play_app("--seed", "3")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "enter")
        await press(pilot, "ctrl+q")
        await settle(app, pilot)
        assert app.is_running and isinstance(app.screen, ConfirmScreen)
        assert "loses this match" in app.screen.question
        await press(pilot, "n")
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "ctrl+q")
        await press(pilot, "y")
        await settle(app, pilot)
    assert not app.is_running
    line = farewell(app.client)
    assert line is not None and "not saved" in line and "read-only" in line


async def test_a_hosted_client_holds_no_save_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tried at a club evening: the organizer's `dominoes join` held save slot 1 (it saves
    nothing: the server keeps hosted matches), so a second `dominoes join`, or a local game,
    on the same machine said "A match is open in another copy of dominoes"."""
    from dominoes_tui.ui.remote_app import RemoteApp

    monkeypatch.setattr(saves, "_held", None)  # this process holds no slot yet
    app = RemoteApp("127.0.0.1", 1, "Ana")  # nobody listens there: the lobby says so
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert saves._held is None
        assert not any("another copy" in str(n.message) for n in app._notifications)
