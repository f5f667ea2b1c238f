"""Every records test runs on SQLite and on a real PostgreSQL server (see tests/pgserver.py)."""
from __future__ import annotations

import time

import pytest

from tests import pgserver


@pytest.fixture(scope="session")
def pg_server():
    if not pgserver.available():
        pytest.skip("no PostgreSQL server binary (initdb, pg_ctl): the PostgreSQL tests are skipped")
    server = pgserver.PgServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'records.sqlite'}"
    return request.getfixturevalue("pg_server").new_database()


@pytest.fixture
def in_tokyo(monkeypatch):
    """The reader's machine is nine hours ahead of UTC (a POSIX zone: no tz database needed)."""
    monkeypatch.setenv("TZ", "JST-9")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
