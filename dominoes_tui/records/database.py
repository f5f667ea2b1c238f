"""The records as one object: open (and upgrade) a database, record a match, close.

Recording is one transaction that takes the writer's lock first (BEGIN IMMEDIATE in
SQLite, an advisory lock in PostgreSQL), so two tables ending at once never both read
a rating and both write it. A match is recorded once: its key decides.
"""
from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, CursorResult, Engine, bindparam, delete, insert, select, text, update
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from ..i18n import _
from ..i18n.os_words import os_words
from ..table.private_files import private_file
from .identity import Identity
from .migrate import WRITER_LOCK, TooNew, upgrade
from .ratings import Rating, rate, rating_variants
from .schema import match_seats, matches, players, rating_history, ratings
from .store import (
    BUSY_SECONDS,
    RecordsUnavailable,
    default_url,
    describe,
    explain,
    is_corrupt,
    make_engine,
    set_aside,
    sqlite_path,
)
from .summary import ABANDONED, FINISHED, MatchSummary

RECORDED, ALREADY, COMPLETED = "recorded", "already recorded", "completed"
_LOCK_ID = WRITER_LOCK  # PostgreSQL advisory lock: one recorder (or one upgrade) at a time


class Records:
    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url

    @property
    def where(self) -> str:
        return describe(self.url)

    @classmethod
    def open(cls, url: str | None = None, home: Path | None = None, busy_seconds: float = BUSY_SECONDS) -> Records:
        """Open and upgrade; RecordsUnavailable (with words for a person) if that fails.
        A SQLite file that is not a database is renamed aside, never written."""
        if url is None:
            if home is None:
                raise ValueError("a URL or a home folder")
            url = default_url(home)
        path = sqlite_path(url)
        if path is not None:
            try:
                private_file(path)
            except OSError as exc:
                raise RecordsUnavailable(_("the records folder {folder} cannot be made ({why})").format(
                    folder=path.parent, why=os_words(exc))) from None
        engine = make_engine(url, busy_seconds)
        try:
            upgrade(engine)
        except TooNew as exc:
            engine.dispose()
            raise RecordsUnavailable(_("the records at {where} were written by a newer version: {why}").format(
                where=describe(url), why=exc)) from None
        except (SQLAlchemyError, OSError) as exc:
            engine.dispose()
            raise _unavailable(exc, url, path) from None
        return cls(engine, url)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def connect(self) -> Connection:
        return self.engine.connect()

    # -- recording ----------------------------------------------------------------
    def record(self, summary: MatchSummary) -> str:
        """RECORDED, ALREADY (the same match was in before) or COMPLETED (an abandoned
        match that went on and finished replaces its abandoned record)."""
        try:
            with self.engine.connect() as conn:
                conn.execution_options(immediate=True)
                with conn.begin():
                    return self._record(conn, summary)
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise _unavailable(exc, self.url, sqlite_path(self.url)) from None

    def record_many(self, summaries: Iterable[MatchSummary]) -> dict[str, int]:
        """Several matches in one transaction (an import, a simulation): counts by outcome."""
        counts = {RECORDED: 0, ALREADY: 0, COMPLETED: 0}
        try:
            with self.engine.connect() as conn:
                conn.execution_options(immediate=True)
                with conn.begin():
                    for summary in summaries:
                        counts[self._record(conn, summary)] += 1
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise _unavailable(exc, self.url, sqlite_path(self.url)) from None
        return counts

    def _record(self, conn: Connection, summary: MatchSummary) -> str:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
        outcome = RECORDED
        found = conn.execute(select(matches.c.id, matches.c.status).where(matches.c.key == summary.key)).first()
        if found is not None:
            if found.status == FINISHED or summary.status == ABANDONED:
                return ALREADY
            conn.execute(delete(match_seats).where(match_seats.c.match_id == found.id))
            conn.execute(delete(matches).where(matches.c.id == found.id))
            outcome = COMPLETED
        ids = {s.identity.key: _player_id(conn, s.identity) for s in summary.seats}
        match_id = _inserted_id(conn.execute(insert(matches).values(
            key=summary.key, variant=summary.variant, players=summary.players,
            options=json.dumps(summary.options, sort_keys=True), target=summary.target,
            status=summary.status, rated=summary.rated, source=summary.source, rounds=summary.rounds,
            started_at=summary.started_at, ended_at=summary.ended_at,
            log=zlib.compress(summary.log.encode("utf-8")),
        )))
        conn.execute(insert(match_seats), [
            {"match_id": match_id, "seat": s.seat, "player_id": ids[s.identity.key], "name": s.name,
             "team": s.team, "score": s.score, "placing": s.placing}
            for s in summary.seats
        ])
        if summary.rated:
            for variant in rating_variants(summary):
                _rate(conn, summary, ids, variant, match_id)
        return outcome


def _player_id(conn: Connection, who: Identity) -> int:
    row = conn.execute(select(players.c.id, players.c.name).where(players.c.key == who.key)).first()
    if row is not None:
        if row.name != who.name:  # the last name a key played under is the one shown
            conn.execute(update(players).where(players.c.id == row.id).values(name=who.name))
        return int(row.id)
    return _inserted_id(conn.execute(insert(players).values(
        key=who.key, name=who.name, kind=who.kind, created_at=datetime.now(UTC),
    )))


def _inserted_id(result: CursorResult[Any]) -> int:
    """The id the database gave the one row an INSERT just made."""
    key = result.inserted_primary_key
    assert key is not None, "a single-row INSERT always has a primary key"
    return int(key[0])


def _rate(conn: Connection, summary: MatchSummary, ids: dict[str, int], variant: str, match_id: int) -> None:
    rows = conn.execute(
        select(ratings.c.player_id, ratings.c.mu, ratings.c.sigma, ratings.c.matches, ratings.c.wins)
        .where(ratings.c.variant == variant, ratings.c.player_id.in_(list(ids.values())))
    ).all()
    by_id = {r.player_id: r for r in rows}
    current = {key: Rating(by_id[pid].mu, by_id[pid].sigma) for key, pid in ids.items() if pid in by_id}
    now = summary.ended_at
    won = {s.identity.key for s in summary.seats if s.placing == 1}
    changed, added, history = [], [], []
    for key, new in rate(summary, current).items():
        pid = ids[key]
        win = 1 if key in won else 0
        row = {"pid": pid, "mu": new.mu, "sigma": new.sigma, "at": now}
        if pid in by_id:
            changed.append({**row, "n": by_id[pid].matches + 1, "w": by_id[pid].wins + win})
        else:
            added.append({"player_id": pid, "variant": variant, "mu": new.mu, "sigma": new.sigma, "matches": 1,
                          "wins": win, "updated_at": now})
        history.append({"match_id": match_id, "player_id": pid, "variant": variant, "mu": new.mu,
                        "sigma": new.sigma, "at": now})
    # One statement each, for every player at once: a match records in a few round trips.
    if changed:
        conn.execute(
            update(ratings)
            .where(ratings.c.player_id == bindparam("pid"), ratings.c.variant == variant)
            .values(mu=bindparam("mu"), sigma=bindparam("sigma"), matches=bindparam("n"), wins=bindparam("w"),
                    updated_at=bindparam("at")),
            changed,
        )
    if added:
        conn.execute(insert(ratings), added)
    conn.execute(insert(rating_history), history)


def _unavailable(exc: BaseException, url: str, path: Path | None) -> RecordsUnavailable:
    if path is not None and isinstance(exc, DBAPIError) and is_corrupt(exc) and path.exists():
        try:
            aside = set_aside(path)
        except OSError as move_error:
            return RecordsUnavailable(_("the records file {file} cannot be read, nor moved aside ({why})").format(
                file=path, why=os_words(move_error)))
        return RecordsUnavailable(_("the records file {file} could not be read; it was kept as {aside} "
                                    "and a new one starts").format(file=path.name, aside=aside.name), set_aside_as=aside)
    return RecordsUnavailable(explain(exc, url))
