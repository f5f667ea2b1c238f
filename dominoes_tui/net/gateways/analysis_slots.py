"""At most N hosted match analyses at once on a server's machine, across its sessions.

The SSH gateway and the browser server run every session as a process of its own, and
each may analyse a finished match in one niced worker (docs/ANALYSIS.md, "On a
server"): one at a time in a session, but nothing counted them across sessions. Here
the sessions of one server share N slot files in a folder the server owns; an analysis
runs only while its session holds one of them with an exclusive `flock`. The kernel
drops a flock when the last descriptor of the file closes, so a session that is killed
(SIGKILL too) frees its slot by itself: there is never a stale lock to clear. The
worker is not a fork of its session (workers.py) and holds no descriptor of the slot:
it leaves within about half a second of its session's death, the one moment a slot
may count one worker fewer than run.

The server hands its sessions the folder and N in one environment variable (`ENV`).
Without it (a player's own machine, a server started by older code) nothing is counted
beyond a session's own one at a time; where the folder cannot hold slots (not writable,
no flock) the analysis runs as it would without them, said in a log line.
"""
from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from ...i18n import _
from ...i18n.os_words import os_words
from ...table.plain import plain
from ..host.console import tell
from ..host.storage import private_dir

try:
    import fcntl
except ImportError:  # Windows: no flock; the analyses there are not counted across sessions
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("dominoes_tui.net")

ENV = "DOMINOES_ANALYSIS_SLOTS"  # "N:FOLDER", set by the server for each session
DEFAULT = 2  # analyses at once on one server (`--analyses-at-once`)
FOLDER = "analysis-slots"  # in the server's data folder
POLL_S = 1.0  # how often a waiting analysis tries the slots again


class Slot:
    """One slot held (or, with no descriptor, a pass where slots cannot be used)."""

    def __init__(self, fd: int | None = None, index: int = -1) -> None:
        self.fd = fd
        self.index = index

    def release(self) -> None:
        """Free the slot (closing the descriptor drops the flock); again is harmless."""
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)


class Slots:
    def __init__(self, folder: Path, count: int) -> None:
        self.folder = folder
        self.count = count

    def take(self) -> Slot | None:
        """A free slot, held until released; None when all are held. OSError when slots
        cannot be used here (the folder or the file system refuses)."""
        if fcntl is None:
            raise OSError("no flock on this system")
        for i in range(self.count):
            fd = os.open(self.folder / f"slot-{i}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0),
                         0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # another session's
                os.close(fd)
                continue
            except OSError:
                os.close(fd)
                raise
            return Slot(fd, i)
        return None

    def wait(self, cancel: threading.Event, waiting: Callable[[], None], every: float | None = None) -> Slot | None:
        """A slot once one is free (`waiting()` is told once if none is at first), or a
        pass that holds none where slots cannot be used; None if cancelled meanwhile."""
        told = False
        while not cancel.is_set():
            try:
                slot = self.take()
            except OSError as exc:
                tell(log, _("The analysis slots in {folder} cannot be used ({reason}); this analysis runs without one").format(
                    folder=self.folder, reason=os_words(exc)), logging.WARNING)
                return Slot()
            if slot is not None:
                return slot
            if not told:
                told = True
                waiting()
            cancel.wait(POLL_S if every is None else every)
        return None


def from_env(environ: Mapping[str, str] | None = None) -> Slots | None:
    """The slots the server gave this session, or None (no server's count, or one that
    cannot be read: said in a log line)."""
    value = (os.environ if environ is None else environ).get(ENV)
    if not value:
        return None
    count, _sep, folder = value.partition(":")
    if not count.isdigit() or int(count) < 1 or not os.path.isabs(folder):
        tell(log, _("{variable}={value} is not N:FOLDER; analyses are not counted across sessions").format(
            variable=ENV, value=plain(value, 200)), logging.WARNING)
        return None
    return Slots(Path(folder), int(count))


def server_env(folder: Path, count: int) -> dict[str, str]:
    """What a server adds to each session's environment so that its sessions share
    `count` slots in `folder` (made if missing, tried once here); nothing, said in a
    log line, when the folder cannot hold them: the sessions then analyse as before."""
    try:
        private_dir(folder)
        slot = Slots(folder, count).take()  # None: all held already (sessions of a server before this one)
    except OSError as exc:
        tell(log, _("The analysis slots cannot be kept in {folder} ({reason}); hosted analyses are not counted across "
                    "sessions").format(folder=folder, reason=os_words(exc)), logging.WARNING)
        return {}
    if slot is not None:
        slot.release()
    return {ENV: f"{count}:{folder}"}
