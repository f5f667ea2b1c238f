"""The analysis of a match opened from a log file (`dominoes replay FILE`) is kept: in the
club records when the match is recorded there, else in the data folder's analyses/, so
the next opening shows it at once; a forged key stays in that folder, a damaged file is
set aside in words, and records that cannot be opened leave the folder to serve."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from dominoes_tui.commands import replay as replay_command
from dominoes_tui.engine import dumps
from dominoes_tui.records import Records, match_key, summarize
from dominoes_tui.records.analyses import stored_analysis
from dominoes_tui.records.store import default_url
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay import replay_analysis
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_list import ReplayListScreen
from dominoes_tui.ui.screens.replay.replay_shelf import FOLDER_NAME, FolderShelf, KeptShelf
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.ui.helpers import wait_for
from tests.ui.screens.replay.helpers import made_up, marks, the_match


def opened(monkeypatch: pytest.MonkeyPatch, path: Path, *more: str) -> RecordsApp:
    """The app `dominoes replay FILE` would run, as the command makes it (not run yet)."""
    apps: list[RecordsApp] = []
    monkeypatch.setattr(RecordsApp, "run", lambda self, *a, **k: apps.append(self))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    parser = argparse.ArgumentParser()
    replay_command.add_arguments(parser)
    assert replay_command.run(parser.parse_args([str(path), *more])) == 0
    return apps[0]


def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def analyse(*_args):
        raise AssertionError("no search for a match analysed before")

    monkeypatch.setattr(replay_analysis, "analyse", analyse)


def folder_files(home: Path) -> list[str]:
    folder = home / FOLDER_NAME
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


async def test_a_log_file_analysed_once_opens_analysed_the_next_time(monkeypatch, tmp_path, dominoes_home) -> None:
    monkeypatch.setattr(replay_analysis, "GUESSES", 2)  # the real search, on few guesses
    monkeypatch.setattr(replay_analysis, "JOBS", 1)
    match = the_match(stop_after=30)
    log = tmp_path / "game.jsonl"
    log.write_text(dumps(match.events), encoding="utf-8")
    app = opened(monkeypatch, log)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.analysis is not None, tries=3000)
        first, first_marks = screen.analysis.to_json(full=True), marks(screen)
        await wait_for(pilot, lambda: folder_files(dominoes_home))
        await pilot.press("q")
    assert folder_files(dominoes_home) == [f"{match_key(match.events)}.json"]
    assert not (dominoes_home / "records.sqlite").exists()  # a replay of a file makes no club records

    no_search(monkeypatch)
    app = opened(monkeypatch, log)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.analysis is not None, tries=100)
        assert screen.analysis.to_json(full=True) == first and marks(screen) == first_marks
        assert screen.check_action("analyse", ()) is False  # nothing left to ask for


async def test_a_match_recorded_here_keeps_its_analysis_in_the_records(monkeypatch, tmp_path, dominoes_home) -> None:
    match = the_match()
    steps = ReplaySteps.from_text(dumps(match.events))
    with Records.open(default_url(dominoes_home)) as records:
        records.record(summarize(match))
    log = tmp_path / "game.jsonl"
    log.write_text(dumps(match.events), encoding="utf-8")
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, *jobs: made_up(steps_))
    app = opened(monkeypatch, log)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: app.screen.analysis is not None)
        await pilot.press("q")
    with Records.open(default_url(dominoes_home)) as records, records.connect() as conn:
        kept = stored_analysis(conn, match_key(match.events))
    assert kept is not None and json.loads(kept) == made_up(steps).to_json(full=True)
    assert folder_files(dominoes_home) == []

    no_search(monkeypatch)  # and found there when the file is opened again
    app = opened(monkeypatch, log)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.analysis is not None, tries=100)
        assert marks(app.screen) == {3: "??", 6: "?!", 10: "?"}


async def test_the_list_of_a_logs_matches_keeps_each_ones_analysis(monkeypatch, tmp_path, dominoes_home) -> None:
    one, two = the_match(1), the_match(2)
    log = tmp_path / "two.jsonl"
    log.write_text(dumps(one.events) + dumps(two.events), encoding="utf-8")
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, *jobs: made_up(steps_))
    app = opened(monkeypatch, log, "--match", "2")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("a")
        await wait_for(pilot, lambda: app.screen.analysis is not None)
        await wait_for(pilot, lambda: folder_files(dominoes_home))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayListScreen))
    assert folder_files(dominoes_home) == [f"{match_key(two.events)}.json"]


def test_a_forged_key_stays_in_the_folder(tmp_path) -> None:
    folder = tmp_path / "home" / FOLDER_NAME
    shelf = FolderShelf(folder)
    analysis = made_up(ReplaySteps.from_text(dumps(the_match().events))).to_json(full=True)
    for key in ("../../evil", "/tmp/evil", "..", "a/b\\c\0d", "", "é" * 300, "A" * 64):
        assert shelf.keep(key, analysis, 4)
        assert shelf.path(key).parent == folder
        assert json.loads(shelf.load(key) or "") == analysis
    assert sorted(p.parent for p in tmp_path.rglob("*") if p.is_file()) == [folder] * 7
    assert not (tmp_path / "evil").exists()


async def test_a_damaged_file_is_set_aside_and_the_match_analysed_again(monkeypatch, tmp_path, dominoes_home) -> None:
    match = the_match()
    steps = ReplaySteps.from_text(dumps(match.events))
    folder = dominoes_home / FOLDER_NAME
    folder.mkdir(parents=True)
    damaged = folder / f"{match_key(match.events)}.json"
    damaged.write_text('{"match": 1, "seats": [{"seat": "Ana"', encoding="utf-8")
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, *jobs: made_up(steps_))
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=KeptShelf()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.analysis is not None)
        assert any("could not be read" in str(n.message) for n in app._notifications)
        await wait_for(pilot, damaged.exists)
    aside = [p for p in folder.iterdir() if ".unreadable-" in p.name]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").startswith('{"match": 1')
    assert json.loads(damaged.read_text(encoding="utf-8")) == made_up(steps).to_json(full=True)


@pytest.mark.parametrize("data", [b"\xff\xfe not text", b"", b"[1, 2]"])
def test_any_damage_is_set_aside_and_handed_back_unusable(tmp_path, data) -> None:
    shelf = FolderShelf(tmp_path)
    shelf.path("k").write_bytes(data)
    text = shelf.load("k")
    assert text is not None
    with pytest.raises(Exception):  # noqa: B017 - the viewer's parse fails, so it says so and analyses again
        replay_analysis.parse(text)
    assert not shelf.path("k").exists() and len(list(tmp_path.iterdir())) == 1


async def test_records_that_cannot_be_opened_leave_it_to_the_folder(monkeypatch, tmp_path, dominoes_home) -> None:
    match = the_match()
    steps = ReplaySteps.from_text(dumps(match.events))
    dominoes_home.mkdir(parents=True)
    (dominoes_home / "records.sqlite").write_bytes(b"this is no database " * 100)
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, *jobs: made_up(steps_))
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=KeptShelf()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: app.screen.analysis is not None)
        await wait_for(pilot, lambda: folder_files(dominoes_home))
        assert not any(n.severity == "error" for n in app._notifications)
    assert folder_files(dominoes_home) == [f"{match_key(match.events)}.json"]


def test_a_shelf_whose_records_fail_keeps_to_the_folder(tmp_path) -> None:
    class Locked:
        calls = 0

        def load(self, key: str) -> str | None:
            Locked.calls += 1
            raise RuntimeError("database is locked")

        def keep(self, key: str, analysis: dict, guesses: int) -> bool:
            Locked.calls += 1
            raise RuntimeError("database is locked")

    shelf = KeptShelf(Locked(), FolderShelf(tmp_path))
    assert shelf.load("k") is None
    assert shelf.keep("k", {"x": 1}, 2)
    assert shelf.load("k") == '{"x":1}'
    assert Locked.calls == 1  # asked once: a locked database is not waited for again and again
