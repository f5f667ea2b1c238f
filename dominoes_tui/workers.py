"""Worker processes that leave Ctrl-C to the main process.

Ctrl-C in a terminal reaches every process of its group. Workers of `simulate`,
`tournament` and `bench` would die of it one by one, each printing a traceback, and
the main process would lose what they had finished. Here a worker ignores SIGINT from its first
instruction (the signal is blocked while it is started, and a started process keeps
the mask it was made with, so none slips in before), and the command that started it
decides what stopping means. Imports nothing of the package, so every layer may use it.

Workers are never forked from the calling process (start_method): it may run threads
(the app's, a server's, a test runner's), and a fork copies whatever lock one of them
held at that instant, so a child may hang for good; Python 3.12 warns of it. On Linux
a small server process, started once, forks them (forkserver); elsewhere each is a
fresh interpreter (spawn: macOS's system libraries are not safe across fork, Windows
has no fork). Both are the defaults Python 3.14 chose. So whatever a worker runs is
pickled: functions at a module's top level, arguments that pickle.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from typing import Any

LOWEST = 19  # the lowest CPU priority a process can take (os.nice's top)
PARENT_CHECK_S = 0.5  # how often a worker looks whether its parent is still there


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # there, but not ours to signal
        return False
    return False


def _leave_with(owner: int) -> None:
    """Leave (at once, nothing cleaned up: there is nobody left to tell) when `owner`, the
    process that asked for this worker, is gone. The worker's parent is the owner (spawn)
    or the fork server, which leaves when the owner is gone, however it went (its pipe
    from the owner closes); either way the worker is then handed to init. The owner is
    also looked for by its id, for a worker that began after it was already gone."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            if os.getppid() != parent or _gone(owner):
                os._exit(0)
            time.sleep(PARENT_CHECK_S)

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


def _start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...], owner: int, nice: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if os.name == "posix":
        _leave_with(owner)
    if nice > 0:
        _background(nice)
    if initializer is not None:
        initializer(*initargs)


def start_method(platform: str = sys.platform) -> str:
    """How workers start on `platform`: forkserver on Linux, spawn elsewhere (the module's note)."""
    return "forkserver" if platform.startswith("linux") else "spawn"


def context(*preload: str) -> BaseContext:
    """The context workers start in. With a fork server, `preload` names the modules its
    workers run: the server imports them once as it starts, and each worker forked from
    it begins with them, instead of importing them itself (a hosted analysis's worker
    answered in 0.15 s where it took 0.24 s). Only the first call that starts the
    server chooses; it is one server for the whole process."""
    ctx = multiprocessing.get_context(start_method())
    if preload and ctx.get_start_method() == "forkserver":
        ctx.set_forkserver_preload(["__main__", __name__, *preload])  # __main__: Python's own default
    return ctx


@contextmanager
def _stderr_with_a_descriptor() -> Iterator[None]:
    """sys.stderr as a real file while Python starts its helper processes: the resource
    tracker and the fork server are handed stderr's descriptor, and a Textual app's
    stand-in has none (its fileno() is -1), so the first pool started under the app
    failed with "bad value(s) in fds_to_keep" and no analysis ran. Their rare warnings
    go nowhere then, rather than over the app's screen."""
    try:
        real = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        real = False
    if real:
        yield
        return
    saved = sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as nowhere:
        sys.stderr = nowhere
        try:
            yield
        finally:
            sys.stderr = saved


def worker_pool(jobs: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = (), *, nice: int = 0, runs: Callable[..., Any] | None = None,
                ) -> multiprocessing.pool.Pool:
    """A pool of `jobs` processes that ignore Ctrl-C and leave when this process dies.
    Close it with terminate() when stopped: a worker's unfinished task is then simply
    dropped. `nice` (1 to 19; default 0, normal priority) lowers the workers' CPU
    priority by that much, machine-wide (the module's note): 19, LOWEST, for work in
    the background that must not slow anything else on the machine. `runs`: a function
    the workers will run, whose module they then start with (context())."""
    with _stderr_with_a_descriptor():
        return _started(jobs, initializer, initargs, nice, runs)


def _started(jobs: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...], nice: int,
             runs: Callable[..., Any] | None) -> multiprocessing.pool.Pool:
    block = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    if block:
        from multiprocessing import resource_tracker

        # Python starts its resource tracker with the first pool, and unblocks SIGINT
        # when it has (bpo-33613): started first, it leaves the mask below alone, and the
        # fork server started within it hands its workers SIGINT blocked.
        resource_tracker.ensure_running()
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pool = None
    try:
        preload = [f.__module__ for f in (initializer, runs) if f is not None]
        pool = context(*preload).Pool(jobs, _start, (initializer, initargs, os.getpid(), min(max(nice, 0), LOWEST)))
        return pool
    finally:
        if block:
            if pool is not None and signal.SIGINT in signal.sigpending():
                # Ctrl-C while it started: the KeyboardInterrupt comes as the mask is
                # restored, so nobody will ever hold this pool. Ended here: else Python's
                # exit would remove its queues' semaphores first, and a worker still
                # being started from the fork server would print a traceback for them.
                pool.terminate()
                pool.join()
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
    pool = worker_pool(min(jobs, len(tasks)), runs=fn)
    try:
        for r in pool.imap(fn, tasks):  # in order: the same results whatever the jobs
            results.append(r)
            if on_result is not None:
                on_result(len(results))
    finally:
        pool.terminate()
        pool.join()
    return results


def background_process(fn: Callable[..., None], args: tuple[Any, ...], *, nice: int = 0) -> multiprocessing.Process:
    """A process, not yet started, that runs `fn(*args)` as a pool's worker runs its tasks:
    Ctrl-C left to this process, gone when this process is, at `nice` (worker_pool). One
    process for one piece of work, so whoever started it sees it end (its exitcode), killed
    or not, and may kill it without touching anything else."""
    process: multiprocessing.Process = context(fn.__module__).Process(  # type: ignore[attr-defined]
        target=_alone, args=(fn, args, os.getpid(), min(max(nice, 0), LOWEST)), daemon=True)
    return process


def _alone(fn: Callable[..., None], args: tuple[Any, ...], owner: int, nice: int) -> None:
    _start(None, (), owner, nice)
    fn(*args)
