"""Opening the club database: SQLite in the data folder by default, or a PostgreSQL URL.

Opening upgrades an older database to the newest schema (Alembic, the migrations ship
inside the package). A SQLite file that is not a database is never written to: it is
renamed aside and the caller is told in words (RecordsUnavailable). A locked or
unreachable database is RecordsUnavailable too; whoever plays goes on playing.
"""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError

from ..i18n import _
from ..table.saves import set_aside as set_file_aside

DB_NAME = "records.sqlite"
BUSY_SECONDS = 5.0  # how long a write waits for another writer before giving up
CONNECT_SECONDS = 5  # how long to wait for a PostgreSQL server that does not answer


class RecordsUnavailable(Exception):
    """The records cannot be used now; the message is meant for a person."""

    def __init__(self, message: str, set_aside_as: Path | None = None) -> None:
        super().__init__(message)
        self.set_aside_as = set_aside_as


ENV_URL = "DOMINOES_TUI_DB"


def default_url(home: Path) -> str:
    return f"sqlite:///{home / DB_NAME}"


def chosen_url(explicit: str | None, home: Path) -> str:
    """--db if given, else $DOMINOES_TUI_DB, else the SQLite file in the data folder."""
    return explicit or os.environ.get(ENV_URL) or default_url(home)


def normal_url(url: str) -> str:
    """Accept what people type: postgres:// and postgresql:// mean psycopg 3 here."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise RecordsUnavailable(_("{url!r} is not a database URL (sqlite:///FILE or postgresql://USER@HOST/DB)").format(
            url=url)) from None
    backend = parsed.get_backend_name()
    if backend in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    elif backend != "sqlite":
        raise RecordsUnavailable(_("{driver}: the records live in SQLite or PostgreSQL only").format(
            driver=parsed.drivername))
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str, busy_seconds: float = BUSY_SECONDS) -> Engine:
    url = normal_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": busy_seconds})
        _sqlite_transactions(engine)
        return engine
    try:
        # A lock held too long (another recorder stuck) fails like SQLite's busy timeout.
        options = f"-c lock_timeout={int(busy_seconds * 1000)}"
        return create_engine(url, connect_args={"connect_timeout": CONNECT_SECONDS, "options": options},
                             pool_pre_ping=True)
    except (NoSuchModuleError, ImportError):
        # The driver is an optional extra; say how to add it here (as `dominoes web` and `ssh` do).
        from ..install import add_extra

        raise RecordsUnavailable(_("PostgreSQL needs the optional extra postgres (its driver, psycopg): {command}").format(
            command=add_extra("postgres"))) from None


def _sqlite_transactions(engine: Engine) -> None:
    """SQLite in WAL mode (readers never wait for a writer), with real transactions:
    the driver's own habit of starting them late would let two recorders read the same
    rating and both write it. A connection asks for `immediate` when it will write."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            # In WAL mode NORMAL never corrupts the file; a power cut may lose the last
            # match recorded, and recording a match costs one fsync fewer.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("immediate") else "BEGIN")


def is_corrupt(exc: BaseException) -> bool:
    """A file that is not a database (or a damaged one), as opposed to a busy one."""
    orig = getattr(exc, "orig", exc)
    return isinstance(orig, sqlite3.DatabaseError) and not isinstance(orig, sqlite3.OperationalError)


def sqlite_path(url: str) -> Path | None:
    parsed = make_url(normal_url(url))
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def set_aside(path: Path) -> Path:
    """Rename an unreadable database (and its WAL files) so nothing is written over it."""
    target = set_file_aside(path)
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists():
            side.rename(target.with_name(target.name + extra))
    return target


def describe(url: str) -> str:
    """The URL as it may be shown: no password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "?"


def explain(exc: BaseException, url: str) -> str:
    if isinstance(exc, DBAPIError):
        first = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else str(exc)
        why = first
    elif isinstance(exc, SQLAlchemyError):
        why = exc.__class__.__name__
    else:
        why = str(exc)
    return _("the records at {where} cannot be used now ({why})").format(where=describe(url), why=why)
