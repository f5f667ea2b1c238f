"""The records as the screens read them: plain data (the same dicts `dominoes stats
--json` prints and the table server sends), from a database on this machine. The
hosted client has a twin of this that asks the server instead (net/)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .analyses import keep_analysis, stored_analysis
from .database import Records
from .queries import match_log
from .ratings import OVERALL
from .report import player_page, standings
from .store import chosen_url


class LocalSource:
    """Opens the database on first use and keeps it open. Every method may raise
    RecordsUnavailable, whose message is meant for a person."""

    def __init__(self, home: Path, url: str | None = None) -> None:
        self.url = chosen_url(url, home)
        self._records: Records | None = None

    def _open(self) -> Records:
        if self._records is None:
            self._records = Records.open(self.url)
        return self._records

    @property
    def where(self) -> str:
        return self._open().where

    def standings(self, variant: str = OVERALL) -> list[dict[str, Any]]:
        with self._open().connect() as conn:
            return standings(conn, variant)

    def player_page(self, player_id: int, variant: str = OVERALL) -> dict[str, Any]:
        with self._open().connect() as conn:
            return player_page(conn, player_id, variant)

    def match_log(self, match_id: int) -> str | None:
        with self._open().connect() as conn:
            return match_log(conn, match_id)

    def analysis(self, key: str) -> str | None:
        """The stored analysis of the match with this key (JSON text), or None."""
        with self._open().connect() as conn:
            return stored_analysis(conn, key)

    def keep_analysis(self, key: str, analysis: dict[str, Any], guesses: int) -> bool:
        """Keep a match's analysis beside its log; False when that match is not recorded."""
        return keep_analysis(self._open(), key, analysis, guesses)

    def close(self) -> None:
        if self._records is not None:
            self._records.close()
            self._records = None
