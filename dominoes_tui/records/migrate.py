"""Bring a database to the newest schema with the Alembic migrations in migrations/."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

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
    with _ONE_AT_A_TIME, engine.connect() as connection:
        # The writer's lock from the start (SQLite): a migration that read first and
        # wrote later would fail at once if another process wrote in between.
        connection.execution_options(immediate=True)
        found = current(connection)
        connection.rollback()
        script = ScriptDirectory(str(MIGRATIONS))
        if found is not None and found not in {r.revision for r in script.walk_revisions()}:
            raise TooNew(f"schema {found} is newer than this game knows ({head()}); update the game")
        if target == "head" and found == script.get_current_head():
            return
        command.upgrade(_config(connection), target)
        connection.commit()
