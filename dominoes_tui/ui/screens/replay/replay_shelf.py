"""Where the analysis of a match opened from a log file is kept (`dominoes replay FILE`
and its list of matches), so that opening the file again shows it at once.

A match recorded in the club records on this machine keeps its analysis there, beside
its log (found by the match's key, as the records' own replay does). Any other match
keeps it in the data folder, one file a match: `analyses/<key>.json`, written atomically.
When the records cannot be opened (locked, damaged, never made), the folder serves.

The key names the file only when it looks as match_key makes it (64 hex digits); any
other key (a log can be forged) is hashed first, so no key can name a file outside the
folder. A kept file that cannot be read back is set aside (renamed, as a bad save is) and
handed back as it was, so the viewer says in words that it is made again; never a crash.
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path
from typing import Any

from ....i18n import _, told
from ....i18n.os_words import os_words
from ....net.host.console import tell
from .replay_analysis import LocalShelf, Shelf, parse

log = logging.getLogger(__name__)

FOLDER_NAME = "analyses"
KEY_NAME = re.compile(r"[0-9a-f]{64}")  # what records.summary.match_key makes


def file_name(key: str) -> str:
    """A file name for the key that stays in its folder, whatever the key holds."""
    if not KEY_NAME.fullmatch(key):
        key = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{key}.json"


class FolderShelf:
    """Analyses kept as files in a folder (by default `analyses/` in the data folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder

    @property
    def folder(self) -> Path:
        if self._folder is None:
            from ....table.home import home

            self._folder = home() / FOLDER_NAME
        return self._folder

    def path(self, key: str) -> Path:
        return self.folder / file_name(key)

    def load(self, key: str) -> str | None:
        path = self.path(key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        text = ""  # what cannot even be decoded is handed back as nothing, which no parse takes
        try:
            text = data.decode("utf-8")
            parse(text)
        except Exception as exc:  # noqa: BLE001 - any damage at all: kept aside, the match analysed again
            self._set_aside(path, exc)
            # The viewer parses what it is given, as it does the records' text: this
            # fails there the same way, and it says so and analyses again.
        return text

    def keep(self, key: str, analysis: dict[str, Any], guesses: int) -> bool:
        from ....engine.files import atomic_write

        atomic_write(self.path(key), json.dumps(analysis, sort_keys=True, separators=(",", ":")))
        return True

    @staticmethod
    def _set_aside(path: Path, exc: Exception) -> None:
        from ....table.saves import set_aside

        try:
            aside = set_aside(path)
        except OSError as move_exc:  # then the new analysis is written over it
            tell(log, _("Cannot read the analysis {file} ({reason}), nor move it aside: {why}").format(
                file=path.name, reason=told(exc), why=os_words(move_exc)), logging.WARNING)
        else:
            tell(log, _("Cannot read the analysis {file} ({reason}); it is kept as {aside}").format(
                file=path.name, reason=told(exc), aside=aside.name), logging.WARNING)


def records_here() -> bool:
    """Are there club records to look in: a database named by $DOMINOES_TUI_DB, or the
    SQLite file in the data folder once a match was recorded? A replay of a file does not
    make an empty one."""
    from ....records.store import RecordsUnavailable, chosen_url, sqlite_path
    from ....table.home import home

    try:
        path = sqlite_path(chosen_url(None, home()))
    except RecordsUnavailable:
        return False  # a URL that is no URL: the folder serves
    return path is None or path.exists()


class KeptShelf:
    """The club records for a match recorded there, else the data folder's `analyses/`.

    `records` is None to look for the records on this machine (LocalShelf) at first use.
    Once they fail to open or to answer, this shelf keeps to the folder: each try of a
    locked database would wait its time out again.
    """

    def __init__(self, records: Shelf | None = None, folder: FolderShelf | None = None) -> None:
        self._records = records
        self._looked = records is not None
        self.folder = folder or FolderShelf()

    def _records_shelf(self) -> Shelf | None:
        if not self._looked:
            self._looked = True
            self._records = LocalShelf() if records_here() else None
        return self._records

    def _records_failed(self, exc: Exception) -> None:
        tell(log, _("The club records cannot keep the analysis ({reason}); it is kept in {folder}").format(
            reason=told(exc), folder=self.folder.folder), logging.WARNING)
        self._records = None

    def load(self, key: str) -> str | None:
        records = self._records_shelf()
        if records is not None:
            try:
                text = records.load(key)
            except Exception as exc:  # noqa: BLE001 - locked, damaged, away: the folder serves
                self._records_failed(exc)
            else:
                if text is not None:
                    return text
        return self.folder.load(key)

    def keep(self, key: str, analysis: dict[str, Any], guesses: int) -> bool:
        records = self._records_shelf()
        if records is not None:
            try:
                if records.keep(key, analysis, guesses):
                    return True
            except Exception as exc:  # noqa: BLE001 - as for load: the folder keeps it instead
                self._records_failed(exc)
        return self.folder.keep(key, analysis, guesses)
