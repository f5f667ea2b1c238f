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


STAND_IN_STDERR = """
import sys
from dominoes_tui.workers import worker_pool


class StandIn:  # as a Textual app's stderr: it writes, but has no descriptor
    def write(self, text):
        return len(text)

    def flush(self):
        pass

    def fileno(self):
        return -1


if __name__ == "__main__":
    sys.stderr = StandIn()
    pool = worker_pool(1, nice=19)
    try:
        print(pool.apply(abs, (-3,)))
    finally:
        pool.terminate()
        pool.join()
"""


@pytest.mark.each_python
def test_the_first_pool_starts_under_an_apps_stand_in_stderr(tmp_path) -> None:
    # Python's resource tracker and fork server are handed stderr's descriptor when the
    # first pool starts; under the app that was -1, and no analysis or hint search ran
    import subprocess
    import sys

    script = tmp_path / "first_pool.py"
    script.write_text(STAND_IN_STDERR)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "3", done.stderr
