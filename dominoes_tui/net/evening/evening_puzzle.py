"""The puzzle of the evening on the projector board: which puzzle, when, and how much of it.

Each finished match of the evening is harvested in the background (puzzle_search.py); its
puzzles wait here, the clearest kept (proved before estimated, then the widest lead over
the next move). When a round of the evening is over at every table, the board shows the
best one waiting: the position from the mover's view and the question for QUESTION_S
seconds, then the answer for ANSWER_S more. The round's last matches are still being
harvested as it ends: the choice waits for them, SETTLE_S at most. A round over with
nothing waiting yet shows the first puzzle found within WAIT_S.

The answer is not in the board's data before it is due: `board_part()` adds it only once
QUESTION_S have passed, so a board client cannot read it early. Only finished matches are
harvested, so nothing here belongs to a match still being played. The clock is passed in
(tests turn it; the server uses time.monotonic). No sockets here.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

QUESTION_S = 60.0  # the board asks, with a countdown, this long before it shows the answer
ANSWER_S = 45.0  # the answer stays up this long
WAIT_S = 180.0  # a round over with no puzzle waiting: one found within this long is shown still
SETTLE_S = 30.0  # a round over: the choice waits this long at most for its last matches' harvests
KEPT = 8  # puzzles waiting at most, the clearest kept


@dataclass(frozen=True)
class Found:
    """A puzzle harvested from a finished match of the evening."""

    puzzle: dict[str, Any]  # the Puzzle's JSON (training/puzzle.py)
    clear: float  # the answer's lead over the next move, in win chance
    position: dict[str, Any]  # the mover's view at the position, named as at the table (puzzle_worker.py)
    table: str  # the table's code
    round: int  # the evening's round its match was played in

    @property
    def rank(self) -> tuple[bool, float]:
        return bool(self.puzzle["solved"]), self.clear

    @property
    def mover(self) -> str:
        names = self.position.get("names") or []
        seat = self.puzzle["seat"]
        return str(names[seat]) if 0 <= seat < len(names) else "?"


class EveningPuzzle:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.waiting: list[Found] = []
        self.shown: Found | None = None
        self.since = 0.0  # when the shown puzzle went up
        self.open_until: float | None = None  # a round is over: a puzzle found before this is shown
        self.ended = 0.0  # when the last round was over
        self.searching: Callable[[], bool] = lambda: False  # whether a finished match is still being harvested

    def reset(self) -> None:
        """A new evening: nothing of the last one is shown."""
        self.waiting, self.shown, self.open_until = [], None, None

    def found(self, found: Found) -> None:
        """A harvest's puzzle: kept if among the KEPT clearest; shown at once if a round is
        over and waits for one."""
        self.waiting.append(found)
        self.waiting.sort(key=lambda f: f.rank, reverse=True)
        del self.waiting[KEPT:]
        self._due()

    def round_over(self) -> None:
        """A round of the evening is over at every table (or the evening is)."""
        self.ended = self.clock()
        self.open_until = self.ended + WAIT_S
        self._due()

    def _due(self) -> None:
        now = self.clock()
        if self._showing(now) or self.open_until is None or now > self.open_until or not self.waiting:
            return
        if self.searching() and now < self.ended + SETTLE_S:
            return  # a clearer one may be on its way
        self.shown, self.since, self.open_until = self.waiting.pop(0), now, None

    def _showing(self, now: float) -> bool:
        if self.shown is not None and now >= self.since + QUESTION_S + ANSWER_S:
            self.shown = None
        return self.shown is not None

    def board_part(self) -> dict[str, Any] | None:
        """What the board message carries of the puzzle now (None: nothing to show): the
        question and the seconds until its answer; the answer only once it is due."""
        self._due()
        now = self.clock()
        if not self._showing(now):
            return None
        shown = self.shown
        assert shown is not None
        left = self.since + QUESTION_S - now
        part: dict[str, Any] = {
            "id": shown.puzzle["id"], "table": shown.table, "round": shown.round, "name": shown.mover,
            "view": shown.position, "answer_in": round(max(0.0, left), 1),
        }
        if left <= 0:
            part.update(answer=list(shown.puzzle["answer"]), solved=bool(shown.puzzle["solved"]),
                        theme=list(shown.puzzle["theme"]))
        return part
