"""Worker processes start safely on every platform: never by forking the caller, which
may run threads (a fork copies whatever lock one of them held)."""
from __future__ import annotations

import os
import threading

import pytest

from dominoes_tui.workers import context, start_method, worker_pool

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


@pytest.mark.parametrize(("platform", "method"), [("linux", "forkserver"), ("darwin", "spawn"), ("win32", "spawn"),
                                                  ("freebsd14", "spawn")])
def test_the_start_method_per_platform(platform: str, method: str) -> None:
    assert start_method(platform) == method


def _parent() -> int:
    return os.getppid()


def test_a_worker_is_not_forked_from_a_caller_with_threads() -> None:
    busy = threading.Event()
    thread = threading.Thread(target=busy.wait, daemon=True)  # the caller has a thread, as the app and a server do
    thread.start()
    pool = worker_pool(1)
    try:
        parent = pool.apply(_parent)
    finally:
        pool.terminate()
        pool.join()
        busy.set()
    assert context().get_start_method() != "fork"
    if os.name == "posix" and start_method() == "forkserver":
        assert parent != os.getpid()  # the fork server's child, not ours
