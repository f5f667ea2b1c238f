"""A hosted table's files in the server's data folder: `tables/CODE.jsonl`, the match's
game log (it holds every deal, so it is the owner's only: 0600), and `tables/CODE.json`,
its seats and tokens (also 0600). A restart reads them back.

A log is appended one move at a time. An append that fails (a full disk) is cut back
at once, so a torn line never sits in the middle of a log; and when the server reads a
log back it cuts a torn last line (or any undecodable tail) back to the last whole
event, keeps the cut bytes in a `.torn` file beside it, and the table resumes.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from ...engine import LogError, Match, dumps, jsontext, load_matches
from ...i18n import _, ngettext
from ...i18n.os_words import os_words
from ..host.console import tell
from ..host.storage import append_private, private_dir, write_private

log = logging.getLogger("dominoes_tui.net")


def write_meta(path: Path, meta: dict[str, Any]) -> None:
    write_private(path, json.dumps(meta))


def write_whole_log(path: Path, events: list[dict[str, Any]]) -> None:
    write_private(path, dumps(events))


class TornLog(OSError):
    """An append failed and the file could not be cut back: it may end in a torn line, so
    the next save must write the whole log anew (an append after a torn line would put it
    in the middle, where a restart stops reading and everything after it is lost)."""


def append_log(path: Path, events: list[dict[str, Any]]) -> None:
    """Append `events`; on failure the file is cut back to where it was, then OSError
    (TornLog if it could not be cut back)."""
    try:
        size = path.stat().st_size
    except OSError:
        size = None
    try:
        append_private(path, dumps(events))
    except OSError as exc:
        try:
            if size is None:
                raise OSError("the log's size was not known")
            os.truncate(path, size)
        except OSError:
            raise TornLog(exc.errno, exc.strerror) from exc
        raise


def read_log(path: Path) -> Match:
    """The table's match, resumed where its last whole event ends."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc}") from None
    good = _whole_events(raw)
    if good < len(raw):
        tell(log, ngettext("{file}: a torn end ({n} byte) is cut back to the last whole event",
                           "{file}: a torn end ({n} bytes) is cut back to the last whole event", len(raw) - good).format(
            file=path.name, n=len(raw) - good), logging.WARNING)
        try:
            torn = path.with_name(path.name + ".torn")
            write_private(torn, raw[good:].decode("utf-8", "replace"))
            os.truncate(path, good)
        except OSError as exc:
            tell(log, _("Cannot cut {file} back: {reason} (it is read without its torn end)").format(
                file=path.name, reason=os_words(exc)), logging.WARNING)
    matches = load_matches(raw[:good].decode("utf-8"))
    if not matches:
        raise LogError(f"{path} holds no match")
    return matches[-1]


def _whole_events(raw: bytes) -> int:
    """How many leading bytes of `raw` are whole lines of JSON objects."""
    end = 0
    while end < len(raw):
        nl = raw.find(b"\n", end)
        if nl < 0:
            break
        line = raw[end:nl]
        if line.strip():
            try:
                if not isinstance(jsontext.loads(line), dict):
                    break
            except ValueError:
                break
        end = nl + 1
    return end


def tables_folder(path: Path) -> Path:
    return private_dir(path)
