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

import random
import threading

from ..bots.analysis import Cancelled, analyse_hosted
from ..bots.base import Bot
from ..bots.easy import EasyBot
from ..bots.medium import MediumBot
from ..bots.runner import play_match
from ..engine import dumps, make_config

MATCH_SEED = 1


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

    def start(self) -> None:
        for k in range(self.count):
            thread = threading.Thread(target=self._run, args=(k,), daemon=True, name=f"analysis-{k}")
            thread.start()
            self.threads.append(thread)

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

