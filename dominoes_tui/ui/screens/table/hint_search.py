"""Where a hint's search runs, and that only one runs at a time in a session.

A press of `h` starts the search that weighs every legal move (`weigh`). A new
press cancels the search of the one before (it would only be told to nobody), and a
search starts only once presses have paused for DEBOUNCE_S, so holding the key down
starts one search, not one a key repeat. On a player's own machine the search runs in
a thread of the app. On a server's machine (a session of the SSH gateway or a browser
tab: replay_analysis.on_a_server) it runs as a hosted analysis does (docs/ANALYSIS.md,
"On a server"): in one worker process at the lowest CPU priority (workers.worker_pool),
and only while the session holds one of the server's analysis slots
(net/gateways/analysis_slots.py), so however many guests press `h`, the live tables' bots come
first; cancelling it ends the worker at once.
"""
from __future__ import annotations

import multiprocessing
import threading
from typing import TYPE_CHECKING, Any

from ....engine import Move, PlayerView
from ....net.gateways import analysis_slots
from ....net.wire.protocol import view_from_json, view_to_json
from ....workers import LOWEST, worker_pool

if TYPE_CHECKING:  # the search is imported when a hint is first weighed, not at start
    from ....bots.analysis import Weighing

DEBOUNCE_S = 0.3  # quiet after a press before its search starts
CHECK_S = 0.1  # how soon a cancelled search in a worker is ended
# A hint's search thinks for its time (hints.THINK_MS) and on until it has this many
# guesses: on a busy server, niced behind the live tables, a second gave a handful and a
# chance of 71 % beside 27-50 % that was noise. A hundred puts a chance's standard error
# at 5 points at most, and a quiet machine makes them within the second (117 to 5,000 were
# measured on 2 cores), so the floor asks no more work than the second did, only more
# patience; a new press still cancels it. The patience ends at MOST_MS; a weighing that
# stopped short of its guesses is said to be rough.
LEAST_GUESSES = 100
MOST_MS = 6000.0

_lock = threading.Lock()  # guards _current
_running = threading.Lock()  # one search at a time in this process
_current: threading.Event | None = None  # the cancel of the newest press's search


def weigh(view: PlayerView, think_ms: float, cancel: Any = None) -> Weighing:
    """Every legal move and its chance of winning the match, best first, and whether the
    chances are solved (bots/analysis judge_view). `cancel`, anything with is_set(): stop when it says so
    (bots/analysis Cancelled)."""
    from ....bots.analysis import judge_view

    return judge_view(view, think_ms=think_ms, cancel=cancel, least=LEAST_GUESSES, most_ms=MOST_MS)


class Cancelled(Exception):
    """The search was cancelled: a newer press, or the hint is no longer shown."""


def new_press() -> threading.Event:
    """The cancel of a new press's search; the search of the press before is cancelled."""
    global _current
    with _lock:
        if _current is not None:
            _current.set()
        _current = threading.Event()
        return _current


class _Either:
    """Set when either is: the press's own cancel, or the table's (the hint went stale)."""

    def __init__(self, mine: threading.Event, stale: Any) -> None:
        self.mine, self.stale = mine, stale

    def is_set(self) -> bool:
        return self.mine.is_set() or (self.stale is not None and self.stale.is_set())


def search(view: PlayerView, think_ms: float, mine: threading.Event, stale: Any = None,
           hosted: bool = False) -> Weighing:
    """Every legal move with its chance, best first (and whether solved); Cancelled if a newer press or
    `stale` (anything with is_set()) says so before it is done. Run it in a thread."""
    cancel = _Either(mine, stale)
    if mine.wait(DEBOUNCE_S) or cancel.is_set():
        raise Cancelled
    with _running:  # the search before has stopped by now (it was cancelled)
        if cancel.is_set():
            raise Cancelled
        if not hosted:
            try:
                return weigh(view, think_ms, cancel=cancel)
            except Exception as exc:
                if cancel.is_set():
                    raise Cancelled from exc
                raise
        slots = analysis_slots.from_env()
        slot = slots.wait(mine, lambda: None, CHECK_S) if slots is not None else analysis_slots.Slot()
        if slot is None or cancel.is_set():
            if slot is not None:
                slot.release()
            raise Cancelled
        try:
            return _in_worker(view, think_ms, cancel)
        finally:
            slot.release()


_VIEW: PlayerView | None = None  # in the worker: the view it weighs


def _hold(view: dict[str, Any]) -> None:
    global _VIEW
    # A worker is started fresh, never forked (workers.py), so the view crosses pickled,
    # once, at its start: as the protocol writes it (a view's read-only options do not
    # pickle), which is how a hosted session's view reached it from the table server.
    _VIEW = view_from_json(view)


def _weigh_held(think_ms: float) -> tuple[list[tuple[dict[str, Any], float]], bool, bool]:
    assert _VIEW is not None
    rows, exact, rough = weigh(_VIEW, think_ms)
    return [(m.to_json(), chance) for m, chance in rows], exact, rough


def _in_worker(view: PlayerView, think_ms: float, cancel: _Either) -> Weighing:
    pool = worker_pool(1, _hold, (view_to_json(view),), nice=LOWEST)
    try:
        answer = pool.apply_async(_weigh_held, (think_ms,))
        while True:
            try:
                rows, exact, rough = answer.get(CHECK_S)
                break
            except multiprocessing.TimeoutError:
                if cancel.is_set():
                    raise Cancelled from None
    finally:
        pool.terminate()
        pool.join()
    from ....bots.analysis import Weighing

    return Weighing([(Move.from_json(m), chance) for m, chance in rows], exact, rough)
