"""Bring a database to the newest schema with the Alembic migrations in migrations/."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import SQLAlchemyError

# PostgreSQL advisory lock: one recorder, or one upgrade, at a time across processes.
WRITER_LOCK = 0x646F6D
UPGRADE_WAIT = "60s"  # an upgrade waits this long for another process's upgrade or recording
MIGRATIONS = Path(__file__).with_name("migrations")
# Alembic keeps its running context in module globals: two threads of one process
# (a server recording a match while answering a page) must not migrate at once.
_ONE_AT_A_TIME = threading.Lock()
# Alembic tells of every connection it configures; a server's log has no use for it.
logging.getLogger("alembic").setLevel(logging.WARNING)


class TooNew(Exception):
    """The database was made by a newer version of the game."""


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    return ScriptDirectory(str(MIGRATIONS)).get_current_head() or ""


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    script = ScriptDirectory(str(MIGRATIONS))
    with _ONE_AT_A_TIME, engine.connect() as connection:
        # The writer's lock from the start (SQLite): a migration that read first and
        # wrote later would fail at once if another process wrote in between.
        connection.execution_options(immediate=True)
        if _is_current(connection, script, target):  # the usual case: nothing to wait for
            return
        postgres = connection.dialect.name == "postgresql"
        if postgres:
            # Processes starting at once on a new database would all read "no schema" and
            # all create it (a duplicate pg_type row fails all but one). The recorders'
            # lock, held for the whole upgrade, lets one do it; the others then find it done.
            connection.execute(text(f"SET lock_timeout = '{UPGRADE_WAIT}'"))
            connection.execute(text("SELECT pg_advisory_lock(:id)"), {"id": WRITER_LOCK})
            connection.commit()
        try:
            if _is_current(connection, script, target):
                return
            command.upgrade(_config(connection), target)
            connection.commit()
        finally:
            if postgres:
                _release(connection)


def _release(connection: Connection) -> None:
    """Let go of the session's lock. A pooled connection outlives this call, so a lock
    left behind would stop every recorder: if letting go fails, the session is ended."""
    try:
        connection.rollback()
        connection.execute(text("SELECT pg_advisory_unlock(:id)"), {"id": WRITER_LOCK})
        connection.execute(text("RESET lock_timeout"))
        connection.commit()
    except SQLAlchemyError:
        connection.invalidate()


def _is_current(connection: Connection, script: ScriptDirectory, target: str) -> bool:
    """True when the database is at `target` already; TooNew when it is past what we know."""
    found = current(connection)
    connection.rollback()
    if found is not None and found not in {r.revision for r in script.walk_revisions()}:
        raise TooNew(f"schema {found} is newer than this game knows ({head()}); update the game")
    return target == "head" and found == script.get_current_head()
