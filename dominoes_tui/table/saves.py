"""Where the game keeps its save and settings, and how a bad save is set aside.

The saves live in the data folder, the settings in the config folder (home.py says
where those are on each platform). A save is a game log
(docs/GAMELOG.md) cut off where the match stopped; it is never overwritten when it cannot be
read: it is renamed aside so nothing a person played is lost.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one copy at a time is then the person's care
    fcntl = None  # type: ignore[assignment]

from ..engine import LogError, Match, load_match
from ..engine.files import atomic_write
from ..i18n import _, told
from .home import SETTINGS_NAME, home, load_settings, settings_path

__all__ = ["SETTINGS_NAME", "home", "load_settings", "settings_path"]  # kept where callers found them

SAVE_NAME = "current-match.jsonl"
LAST_NAME = "last-match.jsonl"


MAX_SLOTS = 9

# The save slot this process holds: (slot number, the open lock file keeping it).
_held: tuple[int, IO[str]] | None = None


def _slot_name(slot: int) -> str:
    return SAVE_NAME if slot == 1 else SAVE_NAME.replace(".jsonl", f"-{slot}.jsonl")


def claim_slot() -> int:
    """Lock a save slot for this copy of the game, the first one free; returns its number.

    Two copies on one data folder must not overwrite each other's save, nor the second
    offer to resume the first's live match: each copy holds its own slot (a lock
    that the operating system drops when the process ends, even after a crash); slot 1
    is the usual one, a copy started while it is held gets slot 2, and so on.
    """
    global _held
    if _held is not None:
        return _held[0]
    if fcntl is None:
        return 1
    try:
        home().mkdir(parents=True, exist_ok=True)
    except OSError:
        return 1  # nothing can be saved anyway; the table says so
    for slot in range(1, MAX_SLOTS + 1):
        path = home() / (_slot_name(slot) + ".lock")
        try:
            handle = open(path, "a", encoding="utf-8")
        except OSError:
            return 1
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            continue
        _held = (slot, handle)
        return slot
    return 1


def release_slot() -> None:
    global _held
    if _held is not None:
        _held[1].close()  # closing the file drops the lock
        _held = None


def held_slot() -> int:
    return _held[0] if _held is not None else 1


def save_path() -> Path:
    return home() / _slot_name(held_slot())


def last_match_path() -> Path:
    return home() / LAST_NAME


def set_aside(path: Path) -> Path:
    """Rename a file that could not be read, keeping it for the curious; returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.unreadable-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.unreadable-{stamp}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target


class SaveProblem(Exception):
    """A save that exists but cannot be resumed; the message is meant for a person."""


def _held_elsewhere(slot: int) -> bool:
    """Is this slot's save the live match of another running copy (its lock is taken)?"""
    if fcntl is None:
        return slot != held_slot()  # no locks: only this copy's own slot is known to be free
    try:
        handle = open(home() / (_slot_name(slot) + ".lock"), "a", encoding="utf-8")
    except OSError:
        return False
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        handle.close()  # closing drops the lock again at once
    return False


def unfinished_saves() -> list[Path]:
    """Every save a match was left in that no running copy holds: this copy's own first,
    then those of copies that have ended (a second copy's `current-match-2.jsonl` would
    otherwise never be offered again)."""
    own = save_path()
    found = [own] if own.exists() else []
    for slot in range(1, MAX_SLOTS + 1):
        path = home() / _slot_name(slot)
        if path != own and path.exists() and not _held_elsewhere(slot):
            found.append(path)
    return found


def adopt(path: Path) -> None:
    """Take another slot's save over as this copy's own, to go on with it here."""
    if path != save_path():
        os.replace(path, save_path())


def load_unfinished(path: Path | None = None) -> Match | None:
    """The match left unfinished in `path` (default: this copy's save), if any. An
    unreadable save is renamed aside and reported through SaveProblem; a finished one is
    filed as the last match."""
    path = path or save_path()
    if not path.exists():
        return None
    try:
        match = load_match(path)
    except LogError as exc:
        try:
            aside = set_aside(path)
        except OSError as move_error:
            raise SaveProblem(_("The saved match could not be read ({reason}), nor moved aside ({problem}).").format(
                reason=told(exc), problem=move_error)) from None
        raise SaveProblem(_("The saved match could not be read ({reason}). It was kept as {name}.").format(
            reason=told(exc), name=aside.name)) from None
    if match.is_over:
        try:
            path.replace(last_match_path())
        except OSError:
            pass
        return None
    return match


def store_settings(data: dict[str, Any]) -> bool:
    """Remember the settings for next time; False (and nothing raised) when they cannot be."""
    try:
        atomic_write(settings_path(), json.dumps(data, indent=2, sort_keys=True))
    except OSError:
        return False  # remembering settings is a convenience; never stop a game for it
    return True
