"""On a server that counts its analyses across sessions (net/gateways/analysis_slots.py), the
viewer's `a` waits for a free slot, said in words, holds it while the analysis runs and
gives it back when it ends, fails or is left."""
from __future__ import annotations

import threading

from dominoes_tui.net.gateways import analysis_slots
from dominoes_tui.net.gateways.analysis_slots import ENV, Slots
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay import replay_analysis
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from tests.ui.helpers import wait_for
from tests.ui.screens.replay.helpers import made_up, the_steps

from ...helpers import screen_lines

WAITING = "Waiting for a free slot…"


def hosted(monkeypatch, tmp_path, count: int = 1) -> Slots:
    """A session as the SSH gateway starts it, on a server with `count` slots."""
    monkeypatch.setenv(ENV, f"{count}:{tmp_path}")
    monkeypatch.setattr(analysis_slots, "POLL_S", 0.05)
    return Slots(tmp_path, count)


def app_for(screen) -> RecordsApp:
    app = RecordsApp(lambda: screen)
    app.invite = "ssh -t -p 2222 club.example"
    return app


async def test_with_one_slot_a_second_sessions_viewer_waits_then_starts(monkeypatch, tmp_path) -> None:
    slots = hosted(monkeypatch, tmp_path, 1)
    other = slots.take()  # another session's analysis runs
    assert other is not None
    steps = the_steps()
    release = threading.Event()
    calls: list[bool] = []

    def analyse(steps_, progress, cancel, hosted=False):
        calls.append(hosted)
        progress(0, 4)
        assert release.wait(10)
        return made_up(steps_)

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    screen = ReplayScreen(steps)
    app = app_for(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: WAITING in "\n".join(screen_lines(app)))
        assert any("runs one analysis at a time" in str(n.message) for n in app._notifications)
        await pilot.pause(0.2)
        assert calls == []  # not while the other holds the one slot
        other.release()
        await wait_for(pilot, lambda: calls)
        assert slots.take() is None  # the viewer's analysis holds it now
        release.set()
        await wait_for(pilot, lambda: screen.analysis is not None)
        await wait_for(pilot, lambda: (s := slots.take()) is not None and (s.release() or True))  # given back


async def test_leaving_the_viewer_stops_waiting_and_a_failure_gives_the_slot_back(monkeypatch, tmp_path) -> None:
    slots = hosted(monkeypatch, tmp_path, 1)
    other = slots.take()
    assert other is not None
    steps = the_steps()
    calls: list[bool] = []

    def analyse(steps_, progress, cancel, hosted=False):
        calls.append(slots.take() is None)  # held while it runs
        raise RuntimeError("worker died")

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    first = ReplayScreen(steps)
    app = app_for(ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(first)
        await pilot.pause()
        await pilot.press("a")
        await wait_for(pilot, lambda: WAITING in "\n".join(screen_lines(app)))
        await pilot.press("escape")  # left while waiting: it waits no more
        await pilot.pause(0.2)
        other.release()
        await pilot.pause(0.3)
        assert calls == []
        second = app.screen
        await pilot.press("a")  # the session's own turn was given back too
        await wait_for(pilot, lambda: any("could not be analysed" in str(n.message) for n in app._notifications))
        assert calls == [True] and second.running is None
        slot = slots.take()
        assert slot is not None  # a failed analysis gives its slot back
        slot.release()


async def test_without_the_servers_count_or_on_a_players_machine_nothing_waits(monkeypatch, tmp_path) -> None:
    slots = hosted(monkeypatch, tmp_path, 1)
    other = slots.take()  # all held: only a hosted session with the variable would wait
    steps = the_steps()
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, hosted=False: made_up(steps_))
    screen = ReplayScreen(steps)
    app = RecordsApp(lambda: screen)  # a player's own machine: the variable means nothing here
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.analysis is not None)
    monkeypatch.delenv(ENV)
    screen = ReplayScreen(steps)
    app = app_for(screen)  # a server of older code: no variable, no count
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.analysis is not None)
    assert other is not None
    other.release()


async def test_the_wait_is_said_in_german_too(monkeypatch, tmp_path) -> None:
    from dominoes_tui import i18n

    slots = hosted(monkeypatch, tmp_path, 2)
    held = [slots.take(), slots.take()]
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, hosted=False: made_up(steps_))
    i18n.use("de")
    screen = ReplayScreen(the_steps())
    app = app_for(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: "Warten auf Rechenplatz…" in "\n".join(screen_lines(app)))
        assert any("2 Analysen gleichzeitig" in str(n.message) for n in app._notifications)
        for slot in held:
            assert slot is not None
            slot.release()
        await wait_for(pilot, lambda: screen.analysis is not None)
