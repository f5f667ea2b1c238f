"""Match analyses running beside the load check, as hosted players run them.

A player on the server's machine (over the SSH gateway, or in the browser) who opens a
finished match and presses `a` runs bots/analysis `analyse_hosted`: a thread of their
session process waits on one worker process at the lowest CPU priority. Here each of
`count` analyses is such a thread of the load check's own process (the stand-in for a
session: it only waits), on the log of a real finished match (medium against easy, 2
players to 100, from a fixed seed), with the viewer's guesses; an analysis that ends is
begun again, so the workers search for the whole measured time.
"""
from __future__ import annotations

import os
import random
import threading
from pathlib import Path

from ...bots.analysis import SERVER_NICE, Cancelled, analyse_hosted
from ...bots.base import Bot
from ...bots.easy import EasyBot
from ...bots.medium import MediumBot
from ...bots.runner import play_match
from ...engine import dumps, make_config

MATCH_SEED = 1
SAMPLE_S = 0.25  # how often the workers' CPU time is read (a worker that ends between reads loses that bit)


def finished_match_log(seed: int = MATCH_SEED) -> str:
    """The log of a whole match, as the club records keep it."""
    config = make_config("draw", 2)
    bots: list[Bot] = [MediumBot(random.Random(seed), "medium"), EasyBot(random.Random(seed + 1), "easy")]
    return dumps(play_match(config, bots, seed).match.events)


class Analyses:
    """`count` hosted analyses of `log`, each again and again until stop()."""

    def __init__(self, count: int, log: str, guesses: int | None = None) -> None:
        self.count, self.log, self.guesses = count, log, guesses
        self.cancel = threading.Event()
        self.threads: list[threading.Thread] = []
        self.judged = 0  # decisions judged, all analyses together
        self.finished = 0  # whole analyses
        self.errors: list[str] = []
        self._lock = threading.Lock()
        self._cpu: dict[int, float] = {}  # worker pid -> the most CPU seconds read for it

    def start(self) -> None:
        for k in range(self.count):
            thread = threading.Thread(target=self._run, args=(k,), daemon=True, name=f"analysis-{k}")
            thread.start()
            self.threads.append(thread)
        clock = threading.Thread(target=self._clock, daemon=True, name="analysis-clock")
        clock.start()
        self.threads.append(clock)

    @property
    def cpu_s(self) -> float:
        """CPU seconds the analyses' workers had so far (nan where /proc cannot tell)."""
        with self._lock:
            return sum(self._cpu.values()) if self._cpu or Path("/proc/self/stat").exists() else float("nan")

    def _clock(self) -> None:
        # The workers are the fork server's children, not ours, so the kernel's count of
        # children's time never sees them: their own counters are read while they live.
        while not self.cancel.wait(SAMPLE_S):
            seen = worker_cpu(os.getpid(), SERVER_NICE)
            with self._lock:
                for pid, cpu in seen.items():
                    self._cpu[pid] = max(cpu, self._cpu.get(pid, 0.0))

    def _run(self, k: int) -> None:
        last = [0]

        def progress(done: int, _total: int) -> None:
            with self._lock:
                self.judged += max(0, done - last[0])
            last[0] = done

        while not self.cancel.is_set():
            last[0] = 0
            try:
                analyse_hosted(self.log, guesses=self.guesses, progress=progress, cancel=self.cancel)
            except Cancelled:
                return
            except Exception as exc:  # noqa: BLE001 - reported beside the figures, never a crash
                self.errors.append(f"analysis {k}: {type(exc).__name__}: {exc}")
                return
            with self._lock:
                self.finished += 1

    def stop(self) -> None:
        """Cancel every analysis; their workers are gone when this returns."""
        self.cancel.set()
        for thread in self.threads:
            thread.join(30)



def worker_cpu(root: int, nice: int) -> dict[int, float]:
    """CPU seconds so far of every living process below `root` running at niceness `nice`
    (Linux's /proc; nothing elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parent: dict[int, int] = {}
    found: dict[int, tuple[int, float]] = {}
    try:
        entries = list(Path("/proc").iterdir())
    except OSError:
        return {}
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        # after the name: state ppid ... utime (12th) stime (13th) ... nice (17th), counted from 0
        pid = int(entry.name)
        parent[pid] = int(fields[1])
        found[pid] = (int(fields[16]), (int(fields[11]) + int(fields[12])) / ticks)
    below: dict[int, float] = {}
    for pid, (niceness, cpu) in found.items():
        if niceness != nice:
            continue
        up = parent.get(pid, 0)
        for _ in range(64):  # a chain of parents, bounded
            if up in (0, 1) or up == root:
                break
            up = parent.get(up, 0)
        if up == root:
            below[pid] = cpu
    return below
