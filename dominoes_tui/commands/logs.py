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

from ..i18n import _, pgettext
from ..i18n.os_words import os_words

LEVELS = ("debug", "info", "warning", "error")
# Quiet in every server: Alembic tells of each plugin it sets up as it is imported (the
# records' module quiets it only once its import is done), in English, news to nobody.
QUIET = ("alembic",)


def level_word(level: int) -> str:
    """A line's level as the host reads it: its messages are in the host's language
    (net/host/console.py), and so is the word before them."""
    words = {logging.DEBUG: pgettext("log level", "DEBUG"), logging.INFO: pgettext("log level", "INFO"),
             logging.WARNING: pgettext("log level", "WARNING"), logging.ERROR: pgettext("log level", "ERROR"),
             logging.CRITICAL: pgettext("log level", "CRITICAL")}
    return words.get(level, logging.getLevelName(level))


class OneLine(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="seconds")

    def format(self, record: logging.LogRecord) -> str:
        shown = logging.makeLogRecord(record.__dict__)  # the record itself may go to other handlers too
        shown.levelname = level_word(record.levelno)
        return super().format(shown).replace("\r", "").replace("\n", "\\n")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--log-level", choices=LEVELS, default="info", metavar="|".join(LEVELS),
                   help=_("how much the log says (default info)"))
    file = pgettext("metavar", "FILE")
    p.add_argument("--log-file", type=Path, default=None, metavar=file,
                   help=_("append the log to {file} instead of stderr (reopened when logrotate moves it)").format(file=file))


def start(args: argparse.Namespace, quiet: tuple[str, ...] = ()) -> str | None:
    """Send every log record to stderr or the file, one line each; what is wrong, or None.
    `quiet`: libraries whose INFO lines say nothing to a host (asyncssh's channels)."""
    try:
        handler: logging.Handler = (logging.handlers.WatchedFileHandler(args.log_file, encoding="utf-8")
                                    if args.log_file is not None else logging.StreamHandler(sys.stderr))
    except OSError as exc:
        return _("cannot write {path}: {reason}").format(path=args.log_file, reason=os_words(exc))
    handler.setFormatter(OneLine())
    root = logging.getLogger()
    for old in root.handlers[:]:
        if isinstance(old.formatter, OneLine):  # started before in this process (the tests)
            root.removeHandler(old)
            old.close()
    root.addHandler(handler)
    root.setLevel(args.log_level.upper())
    for name in (*QUIET, *quiet):
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
    return None
