"""Where a hint's search runs: four keyless SSH guests pressing `h` once used 1.30 cores
at normal priority (a thread a press, an earlier search left running) and took a
victim's hard bot from 201 to 454 ms a move. On a server a hint's search now runs as a
hosted analysis does: in a worker at the lowest priority, only while its session holds
an analysis slot, one at a time, a new press cancelling the one before."""
from __future__ import annotations

import importlib
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.engine import Match, make_config, view_for
from dominoes_tui.net.gateways import analysis_slots
from dominoes_tui.ui.screens.table import hint_search
from dominoes_tui.workers import LOWEST

WAIT = 30.0


def a_view() -> Any:
    match = Match(make_config("draw", 2), random.Random(5))
    match.begin_round()
    while len(view_for(match, match.to_act).legal) < 2:
        match = Match(make_config("draw", 2), random.Random(random.randrange(1000)))
        match.begin_round()
    return view_for(match, match.to_act)


def in_thread(fn: Any) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["rows"] = fn()
        except Exception as exc:  # noqa: BLE001 - the test reads what happened
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, out


def test_a_hosted_hint_waits_for_a_slot_and_searches_in_a_lowest_priority_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(analysis_slots.ENV, f"1:{tmp_path}")
    pools: list[int] = []
    pool = hint_search.worker_pool

    def noted(*args: Any, nice: int = 0, **kw: Any) -> Any:
        pools.append(nice)
        return pool(*args, nice=nice, **kw)

    monkeypatch.setattr(hint_search, "worker_pool", noted)
    held = analysis_slots.Slots(tmp_path, 1).take()  # another session's analysis holds the only slot
    assert held is not None
    view = a_view()
    t, out = in_thread(lambda: hint_search.search(view, 200, hint_search.new_press(), hosted=True))
    t.join(1.5)
    assert t.is_alive() and pools == []  # it waits for the slot, searching nothing meanwhile
    held.release()
    t.join(WAIT)
    assert not t.is_alive() and "error" not in out, out
    assert pools == [LOWEST]  # one worker, at the lowest priority
    assert sorted(m.to_json()["tile"] for m, _c in out["rows"].rows) == sorted(m.to_json()["tile"] for m in view.legal)


def test_a_new_press_cancels_the_search_of_the_one_before(monkeypatch: pytest.MonkeyPatch) -> None:
    running: list[int] = []
    started = threading.Event()

    def weigh(view: Any, think_ms: float = 0, cancel: Any = None) -> list[Any]:
        running.append(1)
        started.set()
        deadline = time.monotonic() + WAIT
        while not cancel.is_set() and time.monotonic() < deadline:
            time.sleep(0.01)
        running.pop()
        raise RuntimeError("cancelled")

    monkeypatch.setattr(hint_search, "weigh", weigh)
    view = a_view()
    first, out1 = in_thread(lambda: hint_search.search(view, 1000, hint_search.new_press()))
    assert started.wait(WAIT)
    presses = [in_thread(lambda: hint_search.search(view, 1000, hint_search.new_press())) for _ in range(5)]
    first.join(WAIT)
    assert isinstance(out1.get("error"), hint_search.Cancelled)  # the earlier search stopped
    for t, _out in presses[:-1]:
        t.join(WAIT)
        assert isinstance(_out.get("error"), hint_search.Cancelled)  # quick presses start no search
    assert len(running) <= 1
    hint_search.new_press()  # cancel the last one too
    presses[-1][0].join(WAIT)


class _Clock:
    """time for the judge's loop only: each reading is `step` seconds after the last, as a
    machine that leaves the search that little of its time would read it."""

    def __init__(self, step: float) -> None:
        self.step, self.now, self.readings = step, 1000.0, 0

    def perf_counter(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def test_a_hint_on_a_busy_server_still_weighs_its_least_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tried on a busy server: the hint's second gave its niced worker a few dozen
    guesses or fewer, and "0-5 = 71 %" stood beside 27-50 % for the others: noise told
    as a chance. Its time up, the search goes on (no faster, at the lowest priority) to
    LEAST_GUESSES; the judge reads the clock once a guess."""
    judge_module = importlib.import_module("dominoes_tui.bots.analysis.judge")  # the package's `judge` is its function
    clock = _Clock(0.02)  # a second of the hint's time is 50 guesses here
    monkeypatch.setattr(judge_module, "time", clock)
    weighing = hint_search.weigh(a_view(), 1000)
    assert clock.readings >= 100  # hint_search.LEAST_GUESSES
    assert not weighing.rough and not weighing.exact


def test_a_hint_that_ran_out_of_patience_says_it_is_rough(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where even MOST_MS gave too few guesses, the numbers are shown as what they are."""
    from dominoes_tui.ui.screens.table import hints

    judge_module = importlib.import_module("dominoes_tui.bots.analysis.judge")

    clock = _Clock(1.0)  # a guess a second: MOST_MS (6 s) ends the search after six
    monkeypatch.setattr(judge_module, "time", clock)
    view = a_view()
    weighing = hint_search.weigh(view, 1000)
    assert weighing.rough and clock.readings <= 10
    said = hints.weighed_line(view, weighing, lambda _said: True)
    assert said.startswith("Rough hint (little time to think): ") and "≈" in said
