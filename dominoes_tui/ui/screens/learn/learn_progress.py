"""Where a lesson's progress is kept (learn_model.py), so that leaving and coming back
resumes it: one small file a match in the data folder, `learn/<key>.json`, holding each
seat's results and failed tries, written atomically (engine/files.py).

The key is the match's (records.summary.match_key), named as the analyses' files are
(replay_shelf.file_name: no key can name a file outside the folder). A file that cannot
be read back, or holds anything progress never does, is set aside (renamed, as a bad save
is) and the lesson starts afresh, said in one line; never a crash.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ....engine import jsontext
from ....engine.files import atomic_write
from ....i18n import _, told
from ....i18n.os_words import os_words
from ..replay.replay_shelf import file_name
from .learn_model import MAX_TRIES, Result

FOLDER_NAME = "learn"
MAX_BYTES = 1_000_000  # a match has a few hundred moves: anything larger is not progress
MAX_PLY = 100_000
SEATS = 4


def _ply(text: Any) -> int:
    if not isinstance(text, str) or not text.isdigit() or not 0 <= int(text) <= MAX_PLY:
        raise ValueError(f"{str(text)[:20]} is not a move's number")
    return int(text)


def _seat_progress(data: Any) -> dict[str, Any]:
    """One seat's progress checked: ValueError for anything it never holds."""
    if not isinstance(data, dict) or set(data) - {"results", "tries"}:
        raise ValueError("a seat's progress holds results and tries")
    results, tries = data.get("results", {}), data.get("tries", {})
    if not isinstance(results, dict) or not isinstance(tries, dict):
        raise ValueError("results and tries are objects")
    checked_results = {str(_ply(p)): Result(r).value for p, r in results.items()}
    checked_tries: dict[str, int] = {}
    for p, n in tries.items():
        if type(n) is not int or not 0 <= n <= MAX_TRIES:
            raise ValueError(f"{str(n)[:20]} is not a count of tries")
        checked_tries[str(_ply(p))] = n
    return {"results": checked_results, "tries": checked_tries}


def parse(text: str) -> dict[int, dict[str, Any]]:
    """Every seat's progress of a file's text; ValueError (or TypeError) if it is damaged."""
    data = jsontext.loads(text)
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("seats"), dict):
        raise ValueError("not a lesson's progress")
    seats: dict[int, dict[str, Any]] = {}
    for seat, progress in data["seats"].items():
        if seat not in {str(s) for s in range(SEATS)}:
            raise ValueError(f"{str(seat)[:20]} is not a seat")
        seats[int(seat)] = _seat_progress(progress)
    return seats


class ProgressFile:
    """The lessons' progress of one match (its key) in a folder (by default `learn/` in
    the data folder). `problem` says in words what went wrong with the file, if anything."""

    def __init__(self, key: str, folder: Path | None = None) -> None:
        if folder is None:
            from ....table.home import home

            folder = home() / FOLDER_NAME
        self.path = folder / file_name(key)
        self.problem = ""

    def _read_all(self) -> dict[int, dict[str, Any]]:
        try:
            with self.path.open("rb") as f:
                raw = f.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return {}
        except OSError as exc:
            self.problem = _("Your progress in this lesson cannot be read ({why}); it starts afresh.").format(
                why=os_words(exc))
            return {}
        try:
            if len(raw) > MAX_BYTES:
                raise ValueError("too large")
            return parse(raw.decode("utf-8"))
        except Exception as exc:  # noqa: BLE001 - any damage at all: kept aside, the lesson starts afresh
            self._set_aside(exc)
            return {}

    def load(self, seat: int) -> dict[str, Any] | None:
        """The seat's kept progress, or None (none kept, or set aside: see `problem`)."""
        return self._read_all().get(seat)

    def save(self, seat: int, progress: dict[str, Any]) -> None:
        """Keep the seat's progress beside the other seats'; OSError if it cannot be written."""
        seats = self._read_all() if self.path.exists() else {}
        seats[seat] = progress
        text = json.dumps({"version": 1, "seats": {str(s): p for s, p in sorted(seats.items())}},
                          sort_keys=True, separators=(",", ":"))
        atomic_write(self.path, text)

    def _set_aside(self, exc: Exception) -> None:
        from ....table.saves import set_aside

        try:
            aside = set_aside(self.path)
        except OSError as move_exc:  # then the next save writes over it
            self.problem = _("Your progress in this lesson could not be read ({reason}), nor moved aside: {why}").format(
                reason=told(exc), why=os_words(move_exc))
        else:
            self.problem = _("Your progress in this lesson could not be read ({reason}); it is kept as {aside} and "
                             "the lesson starts afresh.").format(reason=told(exc), aside=aside.name)
