"""The puzzle rating in the club records (records/puzzle_book.py), on SQLite and PostgreSQL:
a solve moves the person up and the puzzle down, a miss the reverse, the streak counts
and resets, every rated attempt is kept, and the figures survive closing and reopening."""
from __future__ import annotations

from sqlalchemy import inspect, select

from dominoes_tui.records import Records, migrate
from dominoes_tui.records.puzzle_book import PuzzleBook
from dominoes_tui.records.puzzle_rating import shown
from dominoes_tui.records.schema import puzzle_attempts
from dominoes_tui.records.store import make_engine

P1, P2 = "0123456789abcdef", "fedcba9876543210"


def test_a_solve_moves_the_person_up_and_the_puzzle_down(db_url) -> None:
    with Records.open(db_url) as records:
        rated = PuzzleBook(records).rate(P1, 1500.0, solved=True)
    assert shown(rated.after.rating) > shown(rated.before.rating) == 1500.0
    assert shown(rated.puzzle_after) < shown(rated.puzzle_before) == 1500.0


def test_a_miss_moves_the_person_down_and_the_puzzle_up(db_url) -> None:
    with Records.open(db_url) as records:
        rated = PuzzleBook(records).rate(P1, 1700.0, solved=False)
    assert shown(rated.after.rating) < 1500.0
    assert shown(rated.puzzle_after) > shown(rated.puzzle_before) == 1700.0


def test_the_streak_counts_and_a_miss_resets_it(db_url) -> None:
    with Records.open(db_url) as records:
        book = PuzzleBook(records)
        streaks = [book.rate(pid, 1500.0, solved).after for pid, solved in
                   [(P1, True), (P2, True), (P1, True), (P2, False), (P1, True)]]
    assert [s.streak for s in streaks] == [1, 2, 3, 0, 1]
    assert [s.best for s in streaks] == [1, 2, 3, 3, 3]


def test_the_figures_survive_a_restart(db_url) -> None:
    with Records.open(db_url) as records:
        book = PuzzleBook(records)
        book.rate(P1, 1500.0, True)
        last = book.rate(P2, 1600.0, False)
        ratings = book.puzzle_ratings()
    with Records.open(db_url) as records:
        again = PuzzleBook(records)
        assert again.standing() == last.after
        assert again.puzzle_ratings() == ratings
        assert again.solved() == {P1}
        assert again.standing().attempts == 2


def test_every_rated_attempt_is_kept(db_url) -> None:
    with Records.open(db_url) as records:
        book = PuzzleBook(records)
        first = book.rate(P1, 1500.0, True)
        second = book.rate(P1, 1500.0, False)
        with records.connect() as conn:
            rows = conn.execute(select(puzzle_attempts).order_by(puzzle_attempts.c.id)).all()
    assert [(r.puzzle_id, r.solved) for r in rows] == [(P1, True), (P1, False)]
    assert rows[0].rating_before == shown(first.before.rating) and rows[0].rating_after == shown(first.after.rating)
    assert rows[1].rating_before == rows[0].rating_after == shown(second.before.rating)
    assert rows[0].at is not None


def test_a_database_at_0004_gains_the_puzzle_tables(db_url) -> None:
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0004")
    with engine.connect() as conn:
        assert "puzzle_players" not in inspect(conn).get_table_names()
    engine.dispose()
    with Records.open(db_url) as records:
        with records.connect() as conn:
            assert {"puzzle_players", "puzzle_ratings", "puzzle_attempts"} <= set(inspect(conn).get_table_names())
        assert PuzzleBook(records).rate(P1, 1500.0, True).after.streak == 1
