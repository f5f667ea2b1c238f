"""The puzzle rating kept in the club records (puzzle_rating.py says how it moves).

One person's figures: their rating, streak and best streak (puzzle_players), the rating
of every puzzle attempted here (puzzle_ratings, by the puzzle's id) and each rated
attempt (puzzle_attempts). A rated attempt is one transaction under the writer's lock,
read and written together, so two trainers on one database never lose an update. Any
failure is RecordsUnavailable with words for a person; the trainer goes on without.
"""
from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Connection, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from ..engine import Seat
from .database import Records, _player_id, _unavailable
from .identity import Identity, local_identity
from .migrate import WRITER_LOCK
from .puzzle_rating import Rated, Standing, puzzle_start, rate_attempt, shown
from .ratings import Rating
from .schema import players, puzzle_attempts, puzzle_players, puzzle_ratings
from .store import sqlite_path

KEYBOARD = local_identity(Seat("You", "human"))  # the person at this machine, as a match here records them


class PuzzleBook:
    def __init__(self, records: Records, who: Identity = KEYBOARD) -> None:
        self.records = records
        self.who = who

    def _failed(self, exc: SQLAlchemyError) -> Exception:
        self.records.engine.dispose()
        return _unavailable(exc, self.records.url, sqlite_path(self.records.url))

    def _player(self, conn: Connection) -> int | None:
        row = conn.execute(select(players.c.id).where(players.c.key == self.who.key)).first()
        return int(row.id) if row else None

    def standing(self) -> Standing:
        try:
            with self.records.connect() as conn:
                return _standing(conn, self._player(conn))
        except SQLAlchemyError as exc:
            raise self._failed(exc) from None

    def puzzle_ratings(self) -> dict[str, Rating]:
        try:
            with self.records.connect() as conn:
                rows = conn.execute(select(puzzle_ratings.c.puzzle_id, puzzle_ratings.c.mu, puzzle_ratings.c.sigma))
                return {str(r.puzzle_id): Rating(r.mu, r.sigma) for r in rows}
        except SQLAlchemyError as exc:
            raise self._failed(exc) from None

    def solved(self) -> set[str]:
        """The puzzles this person has solved at some attempt (their first try at a showing)."""
        try:
            with self.records.connect() as conn:
                pid = self._player(conn)
                if pid is None:
                    return set()
                rows = conn.execute(select(puzzle_attempts.c.puzzle_id).distinct()
                                    .where(puzzle_attempts.c.player_id == pid, puzzle_attempts.c.solved))
                return {str(r.puzzle_id) for r in rows}
        except SQLAlchemyError as exc:
            raise self._failed(exc) from None

    def rate(self, puzzle_id: str, start: float, solved: bool) -> Rated:
        """One rated attempt: the person's and the puzzle's ratings moved, the streak, the attempt kept."""
        now = datetime.now(UTC)
        try:
            with self.records.connect() as conn:
                conn.execution_options(immediate=True)
                with conn.begin():
                    if conn.dialect.name == "postgresql":
                        conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": WRITER_LOCK})
                    pid = _player_id(conn, self.who)
                    before = _standing(conn, pid)
                    row = conn.execute(select(puzzle_ratings).where(puzzle_ratings.c.puzzle_id == puzzle_id)).first()
                    puzzle = Rating(row.mu, row.sigma) if row else puzzle_start(start)
                    rated = rate_attempt(before, puzzle, solved)
                    _keep(conn, pid, puzzle_id, rated, row is not None, now)
                    return rated
        except SQLAlchemyError as exc:
            raise self._failed(exc) from None

    def close(self) -> None:
        self.records.close()


def _standing(conn: Connection, pid: int | None) -> Standing:
    if pid is None:
        return Standing()
    row = conn.execute(select(puzzle_players).where(puzzle_players.c.player_id == pid)).first()
    if row is None:
        return Standing()
    return Standing(Rating(row.mu, row.sigma), row.streak, row.best_streak, row.attempts)


def _keep(conn: Connection, pid: int, puzzle_id: str, rated: Rated, known: bool, now: datetime) -> None:
    after = rated.after
    person = {"mu": after.rating.mu, "sigma": after.rating.sigma, "attempts": after.attempts, "streak": after.streak,
              "best_streak": after.best, "updated_at": now}
    if rated.before.attempts:
        conn.execute(update(puzzle_players).where(puzzle_players.c.player_id == pid).values(**person))
    else:
        conn.execute(insert(puzzle_players).values(player_id=pid, **person))
    puzzle = {"mu": rated.puzzle_after.mu, "sigma": rated.puzzle_after.sigma, "updated_at": now}
    if known:
        conn.execute(update(puzzle_ratings).where(puzzle_ratings.c.puzzle_id == puzzle_id)
                     .values(attempts=puzzle_ratings.c.attempts + 1, **puzzle))
    else:
        conn.execute(insert(puzzle_ratings).values(puzzle_id=puzzle_id, attempts=1, **puzzle))
    conn.execute(insert(puzzle_attempts).values(
        player_id=pid, puzzle_id=puzzle_id, at=now, solved=rated.solved,
        rating_before=shown(rated.before.rating), rating_after=shown(after.rating)))
