"""Processes (not threads: each has its own Alembic) starting at once on a new
PostgreSQL database: one builds the schema while the others wait on the recorders'
advisory lock, then find it built. Before, each read "no schema" and all created it,
and all but one failed (duplicate key in pg_type), losing their matches.

To make the race certain rather than likely, every child, once it has read the
database's revision, waits until either all the children have read it (all of them
saw "no schema": the race is on, and only a check made again under the lock saves
it) or every child still to read is waiting on the advisory lock. A wait on a
condition, never a sleep."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from sqlalchemy import func, select

from dominoes_tui.records import Records
from dominoes_tui.records.schema import matches

CHILDREN = 4
ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent('''
    import sys, time
    from pathlib import Path
    import psycopg
    from dominoes_tui.records import Records, migrate, summarize
    from tests.records.helpers import people, play

    url, folder, me, n = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    plain_url = url.replace("postgresql+psycopg://", "postgresql://")
    read_revision = migrate.current

    def advisory_waiters():
        with psycopg.connect(plain_url, autocommit=True) as c:
            return c.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                             "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())").fetchone()[0]

    def current(connection):
        found = read_revision(connection)
        (folder / f"read-{me}").touch()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            readers = len(list(folder.glob("read-*")))
            if readers >= n or advisory_waiters() >= n - readers:
                break
            time.sleep(0.02)
        return found

    migrate.current = current
    (folder / f"ready-{me}").touch()
    while not (folder / "go").exists():  # every child starts the upgrade together
        time.sleep(0.01)
    with Records.open(url) as records:
        print(records.record(summarize(play("draw", 2, people("Ana", "easy"), seed=500 + me))))
''')


def test_four_processes_upgrade_a_new_postgresql_database_at_once(pg_server, tmp_path):
    import time

    url = pg_server.new_database()
    children = [
        subprocess.Popen([sys.executable, "-c", CHILD, url, str(tmp_path), str(i), str(CHILDREN)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        for i in range(CHILDREN)
    ]
    try:
        deadline = time.monotonic() + 120
        while len(list(tmp_path.glob("ready-*"))) < CHILDREN and time.monotonic() < deadline:
            assert all(c.poll() is None for c in children), [c.communicate() for c in children]
            time.sleep(0.02)
        (tmp_path / "go").touch()
        results = [c.communicate(timeout=120) for c in children]
    finally:
        for c in children:
            if c.poll() is None:
                c.kill()
    codes = [c.returncode for c in children]
    assert codes == [0] * CHILDREN, [err[-600:] for _out, err in results]
    assert [out.strip() for out, _err in results] == ["recorded"] * CHILDREN
    with Records.open(url) as records, records.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(matches)) == CHILDREN
