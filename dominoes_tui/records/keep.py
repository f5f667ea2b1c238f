"""Record a finished (or abandoned) match, or keep its log to import later.

This is what the app and the server call when a match ends. It never raises: a locked,
unreachable or unreadable database costs a message, not a game, and the match's game
log is written to `unrecorded/` in the data folder so `dominoes stats --import` can add
it later.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import write_log
from ..i18n import _
from ..i18n.os_words import os_words
from ..table.private_files import private_dir
from .database import ALREADY, Records
from .seal import COVERS_FIELD, EVERY_EVENT, SEAL_FIELD, events_digest, seal
from .store import BUSY_SECONDS, RecordsUnavailable
from .summary import RECORDS_FIELD, MatchSummary

UNRECORDED = "unrecorded"


@dataclass(frozen=True)
class Kept:
    recorded: bool
    message: str  # for a person: where it went, or why not and where the log is


def unrecorded_path(home: Path, summary: MatchSummary) -> Path:
    return home / UNRECORDED / f"{summary.ended_at:%Y%m%d-%H%M%S}-{summary.key[:12]}.jsonl"


def record_or_keep(
    summary: MatchSummary, home: Path, url: str | None = None, records: Records | None = None,
    busy_seconds: float = BUSY_SECONDS,
) -> Kept:
    try:
        if records is not None:
            outcome = records.record(summary)
        else:
            with Records.open(url, home=home, busy_seconds=busy_seconds) as opened:
                outcome = opened.record(summary)
    except RecordsUnavailable as exc:
        return Kept(False, _keep_log(summary, home, str(exc)))
    except Exception as exc:  # noqa: BLE001 - whatever it is, the game goes on
        return Kept(False, _keep_log(summary, home, _("the records failed ({kind}: {reason})").format(
            kind=exc.__class__.__name__, reason=exc)))
    if outcome == ALREADY:
        return Kept(True, _("This match was already in the records."))
    if summary.rated:
        return Kept(True, _("The match is in the records (rated)."))
    return Kept(True, _("The match is in the records (not rated)."))


def with_identities(summary: MatchSummary, home: Path) -> list[dict[str, Any]]:
    """The match's log, its match_start telling who was who for a later import, sealed
    with this data folder's key over every event (seal.py): only an import here trusts it."""
    events = [json.loads(line) for line in summary.log.splitlines() if line.strip()]
    if events and events[0].get("event") == "match_start":
        fields: dict[str, Any] = {
            "identities": [{"key": s.identity.key, "name": s.identity.name, "kind": s.identity.kind}
                           for s in summary.seats],
            "seeded": summary.seeded,
            "source": summary.source,
            COVERS_FIELD: EVERY_EVENT,  # the seal covers every event, not the start only
        }
        fields[SEAL_FIELD] = seal(home, summary.key, fields, events_digest(events, RECORDS_FIELD))
        events[0][RECORDS_FIELD] = fields
    return events


def _keep_log(summary: MatchSummary, home: Path, why: str) -> str:
    path = unrecorded_path(home, summary)
    try:
        private_dir(path.parent)  # the log holds every deal: the owner's only (write_log makes it 0600)
        write_log(path, with_identities(summary, home))
    except OSError as exc:
        return _("{why}; the match's log could not be kept either ({reason}).").format(
            why=f"{why[0].upper()}{why[1:]}", reason=os_words(exc))
    from ..program import command

    return _("{why}. The match's log is kept: {command} {path}").format(
        why=f"{why[0].upper()}{why[1:]}", command=command("stats --import"), path=path)
