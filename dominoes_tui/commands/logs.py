"""The log of a server (`dominoes host`, `ssh`, `web`) as a host running an evening under
nohup or systemd reads it: one line per event, whatever its message holds (a traceback
too, its lines joined by `\\n`), each beginning with the local time in ISO 8601 with its
offset, the level and the part of the program that speaks:

    2026-12-03T20:15:02+01:00 INFO dominoes_tui.net: table WZQB started

`--log-level` chooses how much (default info), `--log-file FILE` appends to a file
instead of stderr, reopened when logrotate has moved it (WatchedFileHandler)."""
from __future__ import annotations

import argparse
import logging
import logging.handlers
import sys
from datetime import datetime
from pathlib import Path

from ..i18n import _

LEVELS = ("debug", "info", "warning", "error")


class OneLine(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="seconds")

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\r", "").replace("\n", "\\n")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--log-level", choices=LEVELS, default="info", metavar="|".join(LEVELS),
                   help=_("how much the log says (default info)"))
    p.add_argument("--log-file", type=Path, default=None, metavar="FILE",
                   help=_("append the log to FILE instead of stderr (reopened when logrotate moves it)"))


def start(args: argparse.Namespace, quiet: tuple[str, ...] = ()) -> str | None:
    """Send every log record to stderr or the file, one line each; what is wrong, or None.
    `quiet`: libraries whose INFO lines say nothing to a host (asyncssh's channels)."""
    try:
        handler: logging.Handler = (logging.handlers.WatchedFileHandler(args.log_file, encoding="utf-8")
                                    if args.log_file is not None else logging.StreamHandler(sys.stderr))
    except OSError as exc:
        return _("cannot write {path}: {reason}").format(path=args.log_file, reason=exc.strerror or exc)
    handler.setFormatter(OneLine())
    root = logging.getLogger()
    for old in root.handlers[:]:
        if isinstance(old.formatter, OneLine):  # started before in this process (the tests)
            root.removeHandler(old)
            old.close()
    root.addHandler(handler)
    root.setLevel(args.log_level.upper())
    for name in quiet:
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
    return None
