"""Where `dominoes puzzles --generate` finds logged matches: the club records' analysed
matches (each with the plies its analysis marked, tried first), or a game log file."""
from __future__ import annotations

import json
import zlib
from pathlib import Path

from ..engine import LogError
from ..engine.gamelog import parse_lines, split_matches
from ..training.generate import Logged

MARKED = ("mistake", "blunder")  # the analysis's verdicts whose positions are tried first
MOST_MATCHES = 2_000  # analysed matches read from the records at most, the latest first


def from_records(url: str) -> list[Logged]:
    """The finished analysed matches of the records at `url` (RecordsUnavailable if they
    cannot be opened); a match whose log or analysis cannot be read is left out."""
    from sqlalchemy import select

    from ..records import Records
    from ..records.schema import match_analyses, matches

    out: list[Logged] = []
    with Records.open(url) as records, records.engine.connect() as conn:
        rows = conn.execute(
            select(matches.c.log, match_analyses.c.analysis)
            .select_from(match_analyses.join(matches, matches.c.id == match_analyses.c.match_id))
            .where(matches.c.status == "finished").order_by(matches.c.id.desc()).limit(MOST_MATCHES)
        ).all()
    for row in rows:
        try:
            text = zlib.decompress(row.log).decode("utf-8")
            chunks = list(split_matches(parse_lines(text)))
            marked = _marked(json.loads(row.analysis))
        except (zlib.error, UnicodeDecodeError, ValueError, LogError):
            continue
        out.extend(Logged(chunk, marked) for chunk in chunks[:1])
    return out


def _marked(analysis: object) -> tuple[int, ...]:
    moves: list[object] = []
    for match in analysis.get("matches", []) if isinstance(analysis, dict) else []:
        moves.extend(match.get("moves", []) if isinstance(match, dict) else [])
    if isinstance(analysis, dict) and isinstance(analysis.get("moves"), list):
        moves.extend(analysis["moves"])
    return tuple(m["ply"] for m in moves
                 if isinstance(m, dict) and m.get("verdict") in MARKED and type(m.get("ply")) is int)


def from_log(path: Path) -> list[Logged]:
    """Every match of a game log file, each checked against the rules (LogError names the
    first fault, an unreadable file too)."""
    from ..bots.analysis import log_matches

    return [Logged(chunk) for chunk in log_matches(path)]
