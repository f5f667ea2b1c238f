"""Worker processes that leave Ctrl-C to the main process.

Ctrl-C in a terminal reaches every process of its group. Workers of `simulate`,
`tournament` and `bench` used to die of it one by one, each printing a traceback, while
the main process lost what they had finished. Here a worker ignores SIGINT from its first
instruction (the signal is blocked while it is forked, so none slips in before), and the
command that started it decides what stopping means. Imports nothing of the package, so
every layer may use it.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import signal
import threading
from typing import Any, Callable


def _start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if initializer is not None:
        initializer(*initargs)


def context() -> Any:
    """fork where there is one (quick to start, nothing to pickle), else spawn."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")


def worker_pool(jobs: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = ()) -> multiprocessing.pool.Pool:
    """A pool of `jobs` processes that ignore Ctrl-C. Close it with terminate() when
    stopped: a worker's unfinished task is then simply dropped."""
    block = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    if block:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return context().Pool(jobs, _start, (initializer, initargs))
    finally:
        if block:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
