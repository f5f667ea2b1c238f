"""A server's analysis of a finished match (analyse_hosted): one worker process at the
lowest CPU priority, the caller's thread only waiting; cancelled, it stops at once and
leaves no process; a worker whose parent dies leaves too."""
from __future__ import annotations

import multiprocessing
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dominoes_tui.bots.analysis import SERVER_NICE, Cancelled, analyse_hosted, analyse_match
from dominoes_tui.bots.easy import EasyBot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.engine import Match, make_config
from dominoes_tui.workers import LOWEST, worker_pool

pytestmark = [pytest.mark.each_python, pytest.mark.skipif(not hasattr(os, "getpriority"), reason="niceness is a POSIX thing")]

ENDLESS = 10**7  # guesses no decision finishes within a test: the work is still under way when looked at


def a_match(seed: int = 3) -> Match:
    bots = [EasyBot(random.Random(seed * 10 + s), f"easy {s}") for s in range(2)]
    return play_match(make_config("draw", 2), bots, seed).match


def gone(pid: int) -> bool:
    """No such process, or only its exit status left (a zombie uses nothing)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


def wait_for_worker(tries: int = 200) -> multiprocessing.Process:
    for _ in range(tries):
        kids = multiprocessing.active_children()
        if kids and os.getpriority(os.PRIO_PROCESS, kids[0].pid) == LOWEST:  # set up: niced
            return kids[0]
        time.sleep(0.05)
    raise AssertionError("no niced worker came")


def in_background(match: Match, cancel: threading.Event) -> tuple[threading.Thread, list[object]]:
    ended: list[object] = []

    def run() -> None:
        try:
            ended.append(analyse_hosted(match, guesses=ENDLESS, cancel=cancel))
        except Cancelled as exc:
            ended.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, ended


def test_the_worker_of_a_hosted_analysis_runs_alone_at_the_lowest_priority() -> None:
    assert SERVER_NICE == LOWEST == 19
    cancel = threading.Event()
    thread, _ended = in_background(a_match(), cancel)
    try:
        worker = wait_for_worker()
        time.sleep(0.3)
        assert len(multiprocessing.active_children()) == 1  # one worker for a session, not a pool
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == 19
        assert os.getpriority(os.PRIO_PROCESS, 0) < 19  # this process keeps its priority
        group = Path(f"/proc/{worker.pid}/autogroup")
        if group.exists():  # Linux groups by session: the worker's own group is niced too
            assert os.getsid(worker.pid) != os.getsid(0)
            assert group.read_text().split()[-1] == "19"
    finally:
        cancel.set()
        thread.join(10)


def test_a_cancelled_hosted_analysis_stops_at_once_and_leaves_no_worker() -> None:
    cancel = threading.Event()
    thread, ended = in_background(a_match(), cancel)
    worker = wait_for_worker()
    time.sleep(0.3)  # in the middle of a decision that would take hours
    started = time.monotonic()
    cancel.set()
    thread.join(5)
    assert not thread.is_alive() and time.monotonic() - started < 3  # a starved niced worker takes a moment to die
    assert isinstance(ended[0], Cancelled)
    assert not multiprocessing.active_children() and gone(worker.pid)


def test_a_hosted_analysis_judges_as_the_others_do() -> None:
    from tests.records.helpers import people, play

    match = play("draw", 2, people("Ana", "Ben"), seed=1, stop_after=10)
    told: list[tuple[int, int]] = []
    hosted = analyse_hosted(match, guesses=2, progress=lambda done, total: told.append((done, total)))
    assert hosted == analyse_match(match, guesses=2, jobs=1)
    assert told[-1][0] == told[-1][1] == len(told) - 1


CHILD = """
import random, sys, threading, time
from dominoes_tui.bots.analysis import analyse_hosted
from dominoes_tui.bots.easy import EasyBot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.engine import make_config
bots = [EasyBot(random.Random(s), str(s)) for s in range(2)]
match = play_match(make_config("draw", 2), bots, 3).match
threading.Thread(target=analyse_hosted, args=(match,), kwargs={"guesses": 10**7}, daemon=True).start()
import multiprocessing
for _ in range(200):
    if multiprocessing.active_children():
        break
    time.sleep(0.05)
kids = multiprocessing.active_children()
print(kids[0].pid if kids else 0, flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_worker_leaves_when_its_session_is_killed() -> None:
    session = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    try:
        assert session.stdout is not None
        worker = int(session.stdout.readline())
        assert worker, "the analysis started no worker"
        time.sleep(0.5)
        assert not gone(worker)
    finally:
        session.kill()  # SIGKILL: nothing of the session's own code runs
        session.wait(5)
    for _ in range(60):  # it looks twice a second
        if gone(worker):
            break
        time.sleep(0.1)
    assert gone(worker)


def _niceness() -> int:
    return os.nice(0)


def test_a_pool_at_normal_priority_keeps_the_callers() -> None:
    pool = worker_pool(1)
    try:
        assert pool.apply(_niceness) == os.nice(0)
    finally:
        pool.terminate()
        pool.join()
    pool = worker_pool(1, nice=5)
    try:
        assert pool.apply(_niceness) == min(19, os.nice(0) + 5)
    finally:
        pool.terminate()
        pool.join()
