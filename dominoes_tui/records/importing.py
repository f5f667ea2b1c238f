"""Reading game logs back into the records (`dominoes stats --import LOG…`).

Every log is checked against the rules by the engine first: a log that does not replay
is refused with the line that is wrong. A log the records of this data folder could
not take at the time (kept in unrecorded/) says in its match_start who was who, sealed
with this folder's key over every event (seal.py): only then are its identities, seeded
flag and source believed. An older version's seal covers the start only: its people are
credited, but the match is not rated. Any other log is somebody's word: its people count as names at this keyboard,
its bots as their levels, and it is not rated.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine.gamelog import parse_lines, replay, split_matches
from .identity import BOT, GUEST, PERSON, Identity, clean_name, local_identity
from .seal import WHOLE, events_digest, sealed
from .summary import RECORDS_FIELD, MatchSummary, match_key, summarize


def summaries_from_log(text: str, when: datetime, home: Path | None = None) -> list[MatchSummary]:
    """Every match in a log text; LogError (naming the line) if one breaks the rules.
    `home`: the data folder whose key proves a kept log's identities (None: nothing is proven)."""
    out = []
    for chunk in split_matches(parse_lines(text)):
        match = replay(chunk)
        extra = chunk[0][1].get(RECORDS_FIELD)
        how = (sealed(home, match_key(match.events), extra, events_digest([e for _n, e in chunk], RECORDS_FIELD))
               if isinstance(extra, dict) else None)
        proven = extra if how is not None else None
        identities = _identities(proven, match.n) if proven is not None else None
        if proven is not None and identities is not None:
            out.append(summarize(
                match, identities, source=str(proven.get("source", "import"))[:12],
                seeded=proven.get("seeded") is not False,  # anything but a plain false: not rated
                started_at=when, ended_at=when, abandoned=not match.is_over,
                vouched=how == WHOLE,  # an older version's seal covers the start only: its play may be rewritten
            ))
        else:
            out.append(summarize(
                match, [local_identity(s) for s in match.seats], source="import",
                started_at=when, ended_at=when, abandoned=not match.is_over, vouched=False,
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
