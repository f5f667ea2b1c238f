"""Proof that a kept log, and its "who was who", was written by this data folder's own records.

A match the records could not take is kept as a log in unrecorded/ (keep.py) with, in
its match_start, the identities, the seeded flag and the source, so an import later
credits the right people. Anyone can write such a field into a log, though: an import
trusts it only when it carries an HMAC made with this data folder's secret key
(`records.key`, 0600, made on first use) over those fields and every event of the log
(`"covers": "events"`), so a log whose play was rewritten after its start is no longer
sealed. Anything else is imported under local names and unrated (importing.py).

Older versions sealed only the fields and the match's key (its start and first deal):
such a seal (`START`) still credits the right people, but the match is imported
unrated, since everything after its first deal may have been rewritten.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..table.private_files import private_dir

KEY_FILE = "records.key"
SEAL_FIELD = "seal"
COVERS_FIELD = "covers"
EVERY_EVENT = "events"
WHOLE, START = "whole", "start"  # what a valid seal covers: every event, or (an old one) the start only


def _read_key(home: Path) -> bytes | None:
    try:
        text = (home / KEY_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text.encode("ascii") if len(text) >= 32 else None


def _make_key(home: Path) -> bytes:
    """This folder's key, made if missing: written whole elsewhere, then linked in, so a
    second process making one at the same moment reads the first one's, never half."""
    found = _read_key(home)
    if found is not None:
        return found
    private_dir(home)
    fd, tmp = tempfile.mkstemp(dir=home, prefix=".records.key.")  # 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32) + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, home / KEY_FILE)
        except FileExistsError:
            pass
    finally:
        Path(tmp).unlink(missing_ok=True)
    key = _read_key(home)
    if key is None:
        raise OSError(f"cannot read {home / KEY_FILE}")
    return key


def events_digest(events: Sequence[dict[str, Any]], records_field: str) -> str:
    """SHA-256 of every event as logged, the match_start's records field left out (it
    holds the seal itself)."""
    body = [{k: v for k, v in e.items() if not (i == 0 and k == records_field)} for i, e in enumerate(events)]
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def _digest(key: bytes, match_key: str, fields: dict[str, Any], events: str | None = None) -> str:
    body = {k: v for k, v in fields.items() if k != SEAL_FIELD}
    covered = {"match": match_key, **body} if events is None else {"match": match_key, "events": events, **body}
    text = json.dumps(covered, sort_keys=True, separators=(",", ":"))
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def seal(home: Path, match_key: str, fields: dict[str, Any], events: str) -> str:
    """The seal for a kept log's records field, which must say `"covers": "events"`, over
    the fields and `events` (events_digest of the log): makes the key if needed; OSError
    if it cannot."""
    assert fields.get(COVERS_FIELD) == EVERY_EVENT
    return _digest(_make_key(home), match_key, fields, events)


def sealed(home: Path | None, match_key: str, fields: dict[str, Any], events: str) -> str | None:
    """WHOLE if `fields` carry a seal made with this folder's key over them and every
    event (`events`, events_digest of the log as read); START for an older version's seal
    over the fields and the match's start only; None if not sealed here."""
    given = fields.get(SEAL_FIELD)
    key = _read_key(home) if home is not None else None
    if key is None or not isinstance(given, str):
        return None
    if fields.get(COVERS_FIELD) == EVERY_EVENT:
        return WHOLE if hmac.compare_digest(given, _digest(key, match_key, fields, events)) else None
    if COVERS_FIELD in fields:
        return None  # a kind of seal this version does not know
    return START if hmac.compare_digest(given, _digest(key, match_key, fields)) else None
