"""finished/: the logs of hosted matches that are over, and what the server keeps of them.

Each finished match is two files, `CODE-TIME.jsonl` (its game log) and `CODE-TIME.json`
(who played it, whether it may be rated, when it ended), both written and synced before
the table's own files go. When the records have taken the match, the `.json` says so
(`"recorded": true`). A server killed in between (while the match was being recorded)
finds, when it starts again, every `.json` not marked recorded and records it then; the
match's key makes that idempotent (a match already in the records is not counted twice).

What a server may keep is bounded (`Keeping`, options of `dominoes host`): the bytes of
finished logs the tables one address made may add in an hour, the rated matches an hour
between the same people (from any addresses) and of each person (with anyone), and how long a recorded finished
log stays (then it is deleted: the records hold the match, and its log, for good).
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...engine import LogError, load_matches
from ...i18n import _
from ...i18n.os_words import os_words
from ...records import Identity, MatchSummary, bot_identity, guest_identity, person_identity, summarize
from ..host.console import tell
from ..host.guesses import HOUR, PerHour
from ..host.storage import write_private

__all__ = ["HOUR", "Keeping", "PerHour", "mark_recorded", "pending", "prune", "seat_identity", "summary_of"]

log = logging.getLogger("dominoes_tui.net")

MiB = 1024 * 1024


@dataclass(frozen=True)
class Keeping:
    disk_per_address: int = 10 * MiB  # bytes of finished logs an hour from the tables one address made
    rated_per_pair: int = 3  # rated matches an hour between the same people, whatever their addresses
    keep_finished_days: float = 30.0  # days a recorded finished log stays in finished/
    rated_per_person: int = 6  # rated matches an hour of one person, with anyone, from anywhere


def seat_identity(seat: dict[str, Any]) -> Identity:
    """Who played a seat, for the records. The person who sat there keeps the seat's
    result even when a bot finished the match for them (they left, the round clock ran
    out): a seat with a vouched identity is that person; a bot's seat is its level;
    anyone else is a guest (kept, never rated)."""
    name = str(seat.get("name") or "?")
    if seat.get("identity"):
        return person_identity("hosted", str(seat["identity"]), name)
    if seat.get("kind") == "bot":
        return bot_identity(seat.get("level"))
    return guest_identity(name)


def pending(folder: Path) -> Iterator[Path]:
    """Every finished match's `.json` in `folder` the records have not taken yet."""
    if not folder.is_dir():
        return
    for meta in sorted(folder.glob("*.json")):
        try:
            data = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            tell(log, _("finished/{file} cannot be read; it is left as it is").format(file=meta.name), logging.WARNING)
            continue
        if isinstance(data, dict) and not data.get("recorded"):
            yield meta


def summary_of(meta: Path) -> MatchSummary:
    """The finished match `meta` describes, as the records take it (LogError, OSError,
    ValueError if its files cannot be read)."""
    data = json.loads(meta.read_text(encoding="utf-8"))
    matches = load_matches(meta.with_suffix(".jsonl").read_text(encoding="utf-8"))
    if not matches:
        raise LogError(f"{meta.with_suffix('.jsonl').name} holds no match")
    match = matches[-1]
    seats = data["seats"]
    ended = data.get("ended_at")
    when = datetime.fromisoformat(ended) if isinstance(ended, str) else \
        datetime.fromtimestamp(meta.stat().st_mtime, UTC)
    return summarize(match, [seat_identity(s) for s in seats], source="hosted", seeded=bool(data.get("practice")),
                     started_at=when, ended_at=when, abandoned=not match.is_over,
                     vouched=data.get("vouched") is not False)


def mark_recorded(meta: Path) -> None:
    """The records hold this match: a restart need not record it, and it may be pruned."""
    try:
        data = json.loads(meta.read_text(encoding="utf-8"))
        data["recorded"] = True
        data["recorded_at"] = time.time()
        write_private(meta, json.dumps(data))
    except (OSError, ValueError) as exc:
        tell(log, _("Cannot mark finished/{file} as recorded: {reason}").format(
            file=meta.name, reason=os_words(exc) if isinstance(exc, OSError) else exc), logging.WARNING)


def prune(folder: Path, days: float, now: float | None = None) -> int:
    """Delete the finished logs recorded more than `days` ago (a log that lost its `.json`
    goes once it is that old too); how many matches went."""
    if not folder.is_dir():
        return 0
    cutoff = (now if now is not None else time.time()) - days * 86400
    gone = 0
    for meta in folder.glob("*.json"):
        try:
            data = json.loads(meta.read_text(encoding="utf-8"))
            when = float(data.get("recorded_at", 0)) if data.get("recorded") else None
        except (OSError, ValueError, TypeError):
            continue
        if when is not None and when < cutoff:
            meta.with_suffix(".jsonl").unlink(missing_ok=True)
            meta.unlink(missing_ok=True)
            gone += 1
    for orphan in folder.glob("*.jsonl"):  # its .json was never written (a crash while filing)
        try:
            if not orphan.with_suffix(".json").exists() and orphan.stat().st_mtime < cutoff:
                orphan.unlink()
        except OSError:
            pass
    return gone
