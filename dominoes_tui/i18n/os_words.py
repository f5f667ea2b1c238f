"""Why the system refused, in the reader's language.

The operating system's own words ("Connection refused", "[Errno 111] Connect call
failed ('127.0.0.1', 1)") come from the C library in its locale, which on most
machines is English whatever LANG says, and Python's text around them is English
always. The reasons a player meets (a server not running, a name that does not
resolve, a full disk, a folder that may not be written) are said here in the
program's own catalog; anything rarer keeps the system's short text, never the
"[Errno N]" dress around it.
"""
from __future__ import annotations

import errno
import socket

from . import N_, _, told

_BY_ERRNO = {
    errno.ECONNREFUSED: N_("connection refused (is the server running?)"),
    errno.ECONNRESET: N_("the connection was reset"),
    errno.ETIMEDOUT: N_("no answer in time"),
    errno.EHOSTUNREACH: N_("that host cannot be reached"),
    errno.ENETUNREACH: N_("the network cannot be reached"),
    errno.EADDRINUSE: N_("that address is already in use"),
    errno.EADDRNOTAVAIL: N_("that address is not on this machine"),
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EISDIR: N_("that is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
}


def os_words(exc: BaseException) -> str:
    """A short reason for an OSError (or a timeout), in the language in use; any other
    error by its own words (an engine's told in the language too)."""
    if isinstance(exc, socket.gaierror):
        return _("unknown host name")
    if isinstance(exc, TimeoutError) and not getattr(exc, "errno", None):
        return _("no answer in time")
    number = getattr(exc, "errno", None)
    if number in _BY_ERRNO:
        return _(_BY_ERRNO[number])
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return told(exc) or exc.__class__.__name__
