"""A corrupt, locked or unreachable database never stops a game and is never written
over: the match's log is kept for `dominoes stats --import`."""
from __future__ import annotations

import sqlite3
import threading
from datetime import UTC

import pytest
from sqlalchemy import text

from dominoes_tui.records import Records, RecordsUnavailable, record_or_keep, summarize
from dominoes_tui.records.importing import summaries_from_log
from dominoes_tui.records.keep import UNRECORDED

from .helpers import people, play


def test_a_corrupt_records_file_is_set_aside_never_overwritten(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    junk = b"this is not a database, it is a letter to my aunt\n" * 200
    (home / "records.sqlite").write_bytes(junk)
    match = play("draw", 2, people("Ana", "medium"), seed=7)
    kept = record_or_keep(summarize(match), home)
    assert not kept.recorded
    assert "could not be read" in kept.message and "stats --import" in kept.message
    aside = [p for p in home.iterdir() if p.name.startswith("records.unreadable-")]
    assert len(aside) == 1 and aside[0].read_bytes() == junk
    logs = list((home / UNRECORDED).iterdir())
    assert len(logs) == 1
    # the kept log goes into a new database later, the same match
    with Records.open(home=home) as records:
        assert records.record_many(summaries_from_log(logs[0].read_text(), kept_when(match)))["recorded"] == 1


def kept_when(match):
    from datetime import datetime

    return datetime.now(UTC)


def test_a_locked_records_file_costs_a_message_not_the_game(tmp_path):
    home = tmp_path / "home"
    Records.open(home=home).close()
    holder = sqlite3.connect(home / "records.sqlite", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program writing, and not letting go
    try:
        match = play("draw", 2, people("Ana", "easy"), seed=12)
        kept = record_or_keep(summarize(match), home, busy_seconds=0.2)
        assert not kept.recorded and "locked" in kept.message
        assert (home / "records.sqlite").exists()
        assert len(list((home / UNRECORDED).iterdir())) == 1
    finally:
        holder.rollback()
        holder.close()


def test_an_unreachable_server_costs_a_message_not_the_game(tmp_path, pg_server):
    match = play("draw", 2, people("Ana", "easy"), seed=13)
    url = f"postgresql://postgres@/nowhere?host={tmp_path / 'no-socket-here'}&port=11151"
    kept = record_or_keep(summarize(match), tmp_path, url)
    assert not kept.recorded and "cannot be used now" in kept.message
    assert len(list((tmp_path / UNRECORDED).iterdir())) == 1


def test_a_recorder_that_holds_the_lock_too_long_does_not_hang_another(pg_server):
    url = pg_server.new_database()
    Records.open(url).close()
    with Records.open(url) as holder, holder.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(6582125)"))  # the recorders' lock (0x646F6D)
        with Records.open(url, busy_seconds=0.3) as records:
            with pytest.raises(RecordsUnavailable):
                records.record(summarize(play("draw", 2, people("Ana", "easy"), seed=14)))
        conn.execute(text("SELECT pg_advisory_unlock(6582125)"))


def test_two_recorders_at_once_both_count(db_url):
    """Two tables ending at the same moment: neither rating update is lost."""
    played = [play("draw", 2, people("Ana", "easy"), seed=40 + i) for i in range(6)]
    with Records.open(db_url) as records:
        threads = [threading.Thread(target=records.record, args=(summarize(m),)) for m in played]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        with records.connect() as conn:
            rows = conn.execute(text("SELECT matches FROM ratings WHERE variant = 'all'")).all()
        assert [r[0] for r in rows] == [6, 6]
