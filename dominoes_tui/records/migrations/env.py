"""Alembic's environment: runs on the connection the records store hands it."""
from __future__ import annotations

from alembic import context

from dominoes_tui.records.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
