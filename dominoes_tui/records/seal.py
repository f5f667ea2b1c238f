"""Proof that a kept log's "who was who" was written by this data folder's own records.

A match the records could not take is kept as a log in unrecorded/ (keep.py) with, in
its match_start, the identities, the seeded flag and the source, so an import later
credits the right people. Anyone can write such a field into a log, though: an import
trusts it only when it carries an HMAC made with this data folder's secret key
(`records.key`, 0600, made on first use). Anything else is imported under local names
and unrated (importing.py).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

from ..table.private_files import private_dir

KEY_FILE = "records.key"
SEAL_FIELD = "seal"


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


def _digest(key: bytes, match_key: str, fields: dict[str, Any]) -> str:
    body = {k: v for k, v in fields.items() if k != SEAL_FIELD}
    text = json.dumps({"match": match_key, **body}, sort_keys=True, separators=(",", ":"))
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def seal(home: Path, match_key: str, fields: dict[str, Any]) -> str:
    """The seal for a kept log's records field (makes the key if needed; OSError if it cannot)."""
    return _digest(_make_key(home), match_key, fields)


def is_sealed(home: Path | None, match_key: str, fields: dict[str, Any]) -> bool:
    """True only if `fields` carry a seal made with this folder's key for this match."""
    given = fields.get(SEAL_FIELD)
    key = _read_key(home) if home is not None else None
    if key is None or not isinstance(given, str):
        return False
    return hmac.compare_digest(given, _digest(key, match_key, fields))
