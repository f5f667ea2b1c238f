"""A match's analysis (bots/analysis), kept in the records beside the match's log.

Stored as the JSON of MatchAnalysis.to_json, one per match (found by the match's key, so
a replay of a log file finds the analysis of the same match recorded here). Reading hands
back the text as stored: the caller parses it and, if that fails, says so and analyses
again; a damaged analysis never stops anything.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, text
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..engine import jsontext
from .database import Records, _unavailable
from .migrate import WRITER_LOCK
from .schema import match_analyses, match_seats, matches
from .store import sqlite_path


def match_id_for(conn: Connection, key: str) -> int | None:
    row = conn.execute(select(matches.c.id).where(matches.c.key == key)).first()
    return int(row.id) if row else None


def stored_analysis(conn: Connection, key: str) -> str | None:
    """The stored analysis of the match with this key, as text; None if there is none."""
    row = conn.execute(
        select(match_analyses.c.analysis)
        .select_from(match_analyses.join(matches, matches.c.id == match_analyses.c.match_id))
        .where(matches.c.key == key)
    ).first()
    return str(row.analysis) if row else None


def keep_analysis(records: Records, key: str, analysis: dict[str, Any], guesses: int) -> bool:
    """Keep (or replace) the analysis of the match with this key. False when that match
    is not in the records (a walk-through, a match whose recording failed): nothing kept.
    RecordsUnavailable when the database cannot be written now."""
    data = json.dumps(analysis, sort_keys=True, separators=(",", ":"))
    try:
        with records.engine.connect() as conn:
            conn.execution_options(immediate=True)
            with conn.begin():
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": WRITER_LOCK})
                match_id = match_id_for(conn, key)
                if match_id is None:
                    return False
                conn.execute(delete(match_analyses).where(match_analyses.c.match_id == match_id))
                conn.execute(insert(match_analyses).values(
                    match_id=match_id, guesses=guesses, made_at=datetime.now(UTC), analysis=data))
    except IntegrityError:
        return False  # the match was replaced (an abandoned one completed) while we wrote
    except SQLAlchemyError as exc:
        records.engine.dispose()
        raise _unavailable(exc, records.url, sqlite_path(records.url)) from None
    return True


@dataclass(frozen=True)
class AnalysedSeat:
    """One seat a player held in an analysed match: the analysis as stored, and which seat."""

    match_id: int
    ended_at: datetime
    variant: str
    seat: int
    analysis: str


def analysed_seats(conn: Connection, player_id: int, limit: int = 100) -> list[AnalysedSeat]:
    """The player's seats in analysed matches, the newest `limit` matches, oldest first."""
    rows = conn.execute(
        select(matches.c.id, matches.c.ended_at, matches.c.variant, match_seats.c.seat, match_analyses.c.analysis)
        .select_from(match_analyses.join(matches, matches.c.id == match_analyses.c.match_id)
                     .join(match_seats, match_seats.c.match_id == matches.c.id))
        .where(match_seats.c.player_id == player_id)
        .order_by(matches.c.ended_at.desc(), matches.c.id.desc(), match_seats.c.seat)
        .limit(limit)
    ).all()
    return [AnalysedSeat(r.id, r.ended_at, r.variant, r.seat, r.analysis) for r in reversed(rows)]


def accuracy_history(conn: Connection, player_id: int, limit: int = 100) -> tuple[list[dict[str, Any]], int]:
    """The player's accuracy in each analysed match, oldest first (a seat each; a bot
    level that sat twice has a row per seat), and how many stored analyses could not be
    read (a damaged one is left out, never a failure)."""
    from ..bots.analysis import MatchAnalysis

    out: list[dict[str, Any]] = []
    unreadable = 0
    for row in analysed_seats(conn, player_id, limit):
        try:
            analysis = MatchAnalysis.from_json(jsontext.loads(row.analysis))
            seat = next(s for s in analysis.seats if s.seat == row.seat)
        except Exception:  # noqa: BLE001 - any damage at all: this one is left out
            unreadable += 1
            continue
        if seat.moves:  # a seat that never had a choice has no accuracy to show
            at = row.ended_at if row.ended_at.tzinfo else row.ended_at.replace(tzinfo=UTC)
            out.append({"match_id": row.match_id, "seat": row.seat, "at": at.isoformat(), "variant": row.variant,
                        "accuracy": round(seat.accuracy, 1), "moves": seat.moves, "blunders": seat.blunders,
                        "mistakes": seat.mistakes})
    return out, unreadable
