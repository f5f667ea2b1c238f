"""What the worker process does for the puzzle of the evening: one finished match of the
evening harvested (training/harvest.py, admitted as training/admit.py says), bounded in
time and in CPU, its puzzles sent back with what the board shows of each.

The worker runs at the lowest CPU priority (puzzle_search.py starts it); here it bounds
itself twice: the harvest stops between two decisions once `seconds` have passed or it
has had `cpu_seconds` of the CPU, and the kernel ends it (SIGXCPU) should one decision
run far past that. What it sends is plain data: each puzzle's JSON, its lead over the
next move, and the mover's view of the position (net/wire/protocol.py's view, with the
table's names; nothing of the match after it, nothing of another hand).
"""
from __future__ import annotations

import time
from multiprocessing.connection import Connection
from typing import Any

from ...engine import LogError, view_for
from ...engine.gamelog import parse_lines, replay, split_matches
from ...training.admit import Admission
from ...training.harvest import harvest_admitted
from ...training.puzzle import Puzzle
from ..wire.protocol import view_to_json

TRIES = 16  # decisions of the match looked at, at most (more than a starter set's: one match, one chance)
MOST = 2  # puzzles kept of one match; the clearer is shown
CPU_SPARE = 10  # seconds past its own CPU bound before the kernel stops the worker
POSITION_ONLY = ("history", "legal", "lacks", "scoresheet")  # emptied: the board draws the position, not the match


def position(puzzle: Puzzle, names: list[str]) -> dict[str, Any]:
    """The mover's view at the puzzle's position as the board draws it, the seats named as
    at the table."""
    match = replay(list(enumerate(puzzle.log, start=1)))
    view = view_to_json(view_for(match, puzzle.seat))
    for key in POSITION_ONLY:
        view[key] = []
    view["names"] = [str(n) for n in names[: puzzle.players]]
    return view


def found(puzzle: Puzzle, admission: Admission, names: list[str]) -> dict[str, Any]:
    return {"puzzle": puzzle.to_json(), "clear": admission.best - admission.second,
            "position": position(puzzle, names)}


def _bound_cpu(seconds: float) -> None:
    try:
        import resource

        limit = int(seconds) + CPU_SPARE
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
    except (ImportError, ValueError, OSError):  # no such limit here: the time bound still holds
        pass


def search_match(log: str, names: list[str], seed: int, seconds: float, cpu_seconds: float,
                 answer: Connection) -> None:
    """In the worker: `log` (one finished match) harvested, the puzzles found sent on
    `answer` as a list (a string instead: why the log could not be read)."""
    _bound_cpu(cpu_seconds)
    began = time.monotonic()

    def stop() -> bool:
        return time.monotonic() - began > seconds or time.process_time() > cpu_seconds

    try:
        chunks = list(split_matches(parse_lines(log)))
        if len(chunks) != 1:
            raise LogError("not one match")
        got = harvest_admitted(chunks[0], seed, most=MOST, tries=TRIES, stop=stop)
        answer.send([found(p, a, names) for p, a in got])
    except LogError as exc:
        answer.send(str(exc)[:200])
    finally:
        answer.close()
