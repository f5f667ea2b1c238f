"""Worker processes that leave Ctrl-C to the main process.

Ctrl-C in a terminal reaches every process of its group. Workers of `simulate`,
`tournament` and `bench` would die of it one by one, each printing a traceback, and
the main process would lose what they had finished. Here a worker ignores SIGINT from its first
instruction (the signal is blocked while it is forked, so none slips in before), and the
command that started it decides what stopping means. Imports nothing of the package, so
every layer may use it.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.context import BaseContext
from typing import Any

LOWEST = 19  # the lowest CPU priority a process can take (os.nice's top)
PARENT_CHECK_S = 0.5  # how often a worker looks whether its parent is still there


def _leave_with(parent: int) -> None:
    """Leave (at once, nothing cleaned up: there is nobody left to tell) when `parent`
    is no longer this process's parent: it died, and the worker was handed to init."""
    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_S)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _background(nice: int) -> None:
    """Take the CPU only when nothing else wants it (see the module's note)."""
    if not hasattr(os, "nice"):
        return  # Windows: no niceness; the workers run at normal priority there
    try:
        os.setsid()  # a scheduling group of its own (autogroup), so the niceness counts machine-wide
        own_group = True
    except OSError:  # still in the parent's group: lowering that would slow the parent too
        own_group = False
    for _ in range(20 if own_group else 0):  # Linux takes one autogroup change a tenth of a second
        try:
            with open("/proc/self/autogroup", "w", encoding="ascii") as group:
                group.write(str(nice))
            break
        except BlockingIOError:  # EAGAIN: another process changed one just now
            time.sleep(0.1)
        except OSError:  # no autogroup here (not Linux, or not built in): niceness alone does it
            break
    try:
        os.nice(nice)
    except OSError:
        pass


def _start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...], parent: int, nice: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if os.name == "posix":
        _leave_with(parent)
    if nice > 0:
        _background(nice)
    if initializer is not None:
        initializer(*initargs)


def context() -> BaseContext:
    """fork where there is one (quick to start, nothing to pickle), else spawn."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")


def worker_pool(jobs: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = (), *, nice: int = 0) -> multiprocessing.pool.Pool:
    """A pool of `jobs` processes that ignore Ctrl-C and leave when this process dies.
    Close it with terminate() when stopped: a worker's unfinished task is then simply
    dropped. `nice` (1 to 19; default 0, normal priority) lowers the workers' CPU
    priority by that much, machine-wide (the module's note): 19, LOWEST, for work in
    the background that must not slow anything else on the machine."""
    block = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    if block:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return context().Pool(jobs, _start, (initializer, initargs, os.getpid(), min(max(nice, 0), LOWEST)))
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
