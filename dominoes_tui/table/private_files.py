"""Files that hold deals, tokens or secrets: readable by their owner only.

Folders are made 0700 and files written 0600, atomically (engine/files.py), so a crash
leaves the old file or the new one, never half.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..engine.files import atomic_writer


def private_dir(path: Path) -> Path:
    """Make `path` (and missing parents) a folder only its owner can enter. A missing
    parent is made 0700 too (mkdir's `mode` reaches only the last folder); a parent that
    was there already is left as it is."""
    missing = []
    at = path
    while not at.exists() and at != at.parent:
        missing.append(at)
        at = at.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        os.chmod(path, 0o700)
    except OSError:
        pass
    return path


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` atomically, readable by its owner only; OSError if it cannot."""
    private_dir(path.parent)
    with atomic_writer(path) as f:  # its temporary is made 0600, so the file is never readable by others
        f.write(text)


def append_private(path: Path, text: str) -> None:
    """Append `text` to `path` (made 0600 if new); OSError if it cannot."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        f.write(text)


def private_file(path: Path) -> None:
    """Make sure `path` exists readable by its owner only (a database file: SQLite gives
    its journal and WAL files the same mode). Its folder is made 0700 if missing; an
    existing folder is left as it is (it may be anyone's, /tmp say)."""
    if path.exists():
        try:
            if path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
        except OSError:
            pass  # not ours to change (read-only records, say): read them as they are
        return
    if not path.parent.exists():
        private_dir(path.parent)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
