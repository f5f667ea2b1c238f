"""Writing a file atomically: a temporary file beside it, flushed to the disk, then
renamed over it. A crash, a full disk or a power cut leaves the old file or the new one,
never half of either, and no temporary behind (but after a power cut).

The temporary is made by `tempfile.mkstemp`, so it is readable by its owner only (0600)
and its name is unique: two writers of one file never share a temporary.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A text file to write `path` through; it replaces `path` only when the block ends
    without an exception. The folder must exist."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())  # durable before the rename: a power cut never leaves an empty file
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write `text` (or bytes) to `path` atomically (its folder is made if missing); OSError if it cannot."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        with atomic_writer(path) as f:
            f.buffer.write(text)
        return
    with atomic_writer(path) as f:
        f.write(text)
