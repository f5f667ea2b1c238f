"""Where the puzzles come from: the player's own file in the data folder (puzzles.json,
made by `dominoes puzzles --generate` and `import`) and the starter set shipped with the
program. `dominoes puzzles` and the trainer read them the same way, here.

The own file is checked as strictly as any (training/check.py): one that is refused is
renamed aside, kept and never written over, and the caller says so in its own words.
No Textual here: the command imports it without the screens.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ....i18n import told
from ....i18n.os_words import os_words
from ....table.home import home
from ....table.plain import plain
from ....training import Puzzle, PuzzleError
from ....training.store import STARTER, read_puzzles

FILE_NAME = "puzzles.json"


@dataclass(frozen=True)
class Refused:
    """The own file could not be used: why, in words, and where it was kept."""

    path: Path
    reason: str
    kept: Path


def own_path() -> Path:
    return home() / FILE_NAME


def own_puzzles() -> tuple[list[Puzzle], Refused | None]:
    """The player's puzzles; a file that cannot be read is set aside (and said so)."""
    path = own_path()
    if not path.exists():
        return [], None
    try:
        return read_puzzles(path), None
    except (OSError, PuzzleError) as exc:
        from ....table.saves import set_aside

        # what the file holds is quoted in the reason: plain text, never escape codes
        why = os_words(exc) if isinstance(exc, OSError) else plain(told(exc), 300)
        try:
            kept = set_aside(path)
        except OSError:
            kept = path
        return [], Refused(path, why, kept)


def starter_puzzles() -> list[Puzzle]:
    try:
        return list(_checked_starter())
    except (OSError, PuzzleError):
        return []  # an installation without its starter set still has the player's own


@cache
def _checked_starter() -> tuple[Puzzle, ...]:
    # the set ships with the program and is not changed while it runs; checking it replays
    # every puzzle's log (half a second), which each opening of the trainer paid again
    return tuple(read_puzzles(STARTER))
