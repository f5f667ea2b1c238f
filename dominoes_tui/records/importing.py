"""Reading game logs back into the records (`dominoes stats --import LOG…`).

Every log is checked against the rules by the engine first: a log that does not replay
is refused with the line that is wrong. A log the records could not take at the time
(kept in unrecorded/) says in its match_start who was who; any other log credits its
people as names at this keyboard, and its bots as their levels.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..engine.gamelog import parse_lines, replay, split_matches
from .identity import BOT, GUEST, PERSON, Identity, clean_name, local_identity
from .summary import RECORDS_FIELD, MatchSummary, summarize


def summaries_from_log(text: str, when: datetime) -> list[MatchSummary]:
    """Every match in a log text; LogError (naming the line) if one breaks the rules."""
    out = []
    for chunk in split_matches(parse_lines(text)):
        match = replay(chunk)
        extra = chunk[0][1].get(RECORDS_FIELD)
        identities = _identities(extra, match.n)
        out.append(summarize(
            match,
            identities or [local_identity(s) for s in match.seats],
            source=str(extra.get("source", "import")) if isinstance(extra, dict) else "import",
            seeded=bool(extra.get("seeded", False)) if isinstance(extra, dict) else False,
            started_at=when, ended_at=when,
            abandoned=not match.is_over,
        ))
    return out


def _identities(extra: Any, seats: int) -> list[Identity] | None:
    if not isinstance(extra, dict) or not isinstance(extra.get("identities"), list):
        return None
    found = []
    for item in extra["identities"]:
        if not isinstance(item, dict) or item.get("kind") not in (PERSON, BOT, GUEST):
            return None
        key, name = item.get("key"), item.get("name")
        if not isinstance(key, str) or not isinstance(name, str) or not key:
            return None
        found.append(Identity(key[:200], clean_name(name), item["kind"]))
    return found if len(found) == seats else None
