"""The schema comes from the migrations: from nothing, and from the previous version."""
from __future__ import annotations

import json
import zlib
from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import insert, inspect, text

from dominoes_tui.engine import dumps
from dominoes_tui.records import RECORDED, Records, RecordsUnavailable, migrate, queries, summarize
from dominoes_tui.records.schema import match_seats, matches, metadata, players
from dominoes_tui.records.store import make_engine

from .helpers import people, play


def test_an_empty_database_gets_the_whole_schema(db_url):
    with Records.open(db_url) as records:
        with records.connect() as conn:
            assert migrate.current(conn) == migrate.head()
            # what the migrations built is what schema.py describes
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []


def test_a_database_from_the_previous_version_upgrades_itself(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0001")
    with engine.begin() as conn:
        assert "rating_history" not in inspect(conn).get_table_names()
        old = play("draw", 2, people("Ana", "easy"), seed=1)
        now = datetime.now(UTC)
        # tables as 0001 made them; schema.py's definitions of them have not changed since
        ana = conn.execute(insert(players).values(key="local:ana", name="Ana", kind="person", created_at=now)
                           ).inserted_primary_key[0]
        bot = conn.execute(insert(players).values(key="bot:easy", name="bot:easy", kind="bot", created_at=now)
                           ).inserted_primary_key[0]
        old_id = conn.execute(insert(matches).values(
            key="old", variant="draw", players=2, options=json.dumps({}), target=100, status="finished", rated=True,
            source="local", rounds=3, started_at=now, ended_at=now, log=zlib.compress(dumps(old.events).encode()),
        )).inserted_primary_key[0]
        for variant in ("draw", "all"):  # 0001 kept ratings, but no wins beside them
            conn.execute(text("INSERT INTO ratings (player_id, variant, mu, sigma, matches, updated_at) "
                              "VALUES (:p, :v, 27.0, 8.0, 1, :t)"), {"p": ana, "v": variant, "t": now})
        conn.execute(insert(match_seats), [
            {"match_id": old_id, "seat": 0, "player_id": ana, "name": "Ana", "team": None, "score": 101, "placing": 1},
            {"match_id": old_id, "seat": 1, "player_id": bot, "name": "Easy", "team": None, "score": 40, "placing": 2},
        ])
    engine.dispose()
    with Records.open(db_url) as records:
        with records.connect() as conn:
            assert migrate.current(conn) == migrate.head()
            ana = queries.find_players(conn, "Ana")[0]
            assert queries.by_variant(conn, ana.id)[0].wins == 1  # the old match is still there
            # 0003 counted the old win beside the rating
            assert [(s.name, s.wins) for s in queries.leaderboard(conn, "draw")] == [("Ana", 1)]
        assert records.record(summarize(play("draw", 2, people("Ana", "easy"), seed=2))) == RECORDED
        with records.connect() as conn:
            assert len(queries.history(conn, ana.id)) == 1  # history starts after the upgrade


def test_a_database_from_a_newer_version_is_left_alone(db_url):
    Records.open(db_url).close()
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    with pytest.raises(RecordsUnavailable, match="newer version"):
        Records.open(db_url)
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert migrate.current(conn) == "0099"
    engine.dispose()


def test_a_url_that_is_not_a_database_is_said_plainly():
    with pytest.raises(RecordsUnavailable, match="SQLite or PostgreSQL"):
        Records.open("mysql://x@localhost/db")
    with pytest.raises(RecordsUnavailable, match="not a database URL"):
        Records.open("no such thing")
