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
from collections.abc import Callable
from multiprocessing.context import BaseContext
from typing import Any


def _start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if initializer is not None:
        initializer(*initargs)


def context() -> BaseContext:
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


def map_in_workers(fn: Callable[[Any], Any], tasks: list[Any], jobs: int,
                   on_result: Callable[[int], None] | None = None) -> list[Any]:
    """`fn` over `tasks`, in order, on up to `jobs` processes that ignore Ctrl-C (in this
    process when one job would do). `on_result` is told how many are done. Ctrl-C stops
    the workers at once and reaches the caller as KeyboardInterrupt, with no worker's
    traceback on the terminal."""
    results: list[Any] = []
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            results.append(fn(t))
            if on_result is not None:
                on_result(len(results))
        return results
    pool = worker_pool(min(jobs, len(tasks)))
    try:
        for r in pool.imap(fn, tasks):  # in order: the same results whatever the jobs
            results.append(r)
            if on_result is not None:
                on_result(len(results))
    finally:
        pool.terminate()
        pool.join()
    return results
