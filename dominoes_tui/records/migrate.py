"""Bring a database to the newest schema with the Alembic migrations in migrations/."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

MIGRATIONS = Path(__file__).with_name("migrations")


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
    with engine.connect() as connection:
        found = current(connection)
        connection.rollback()
        script = ScriptDirectory(str(MIGRATIONS))
        if found is not None and found not in {r.revision for r in script.walk_revisions()}:
            raise TooNew(f"schema {found} is newer than this game knows ({head()}); update the game")
        if target == "head" and found == script.get_current_head():
            return
        command.upgrade(_config(connection), target)
        connection.commit()
