"""A puzzle read from a file is checked, never trusted: every field's type and size, the
id against its content, the log replayed by the engine to the position, the seat the
one to move there, and each answer a legal move of it. PuzzleError says, in one line,
the first thing wrong.
"""
from __future__ import annotations

import math
from typing import Any

from ..engine import LogError, Match, Move, find_variant, make_config
from ..engine.errors import N_, ConfigError, Phrase
from ..engine.game import PLAYING
from ..engine.gamelog import replay
from ..engine.layout import END_NAMES, End
from ..engine.tiles import parse_tile
from .puzzle import BAD_ID, ID_LENGTH, Puzzle, PuzzleError, content_id
from .themes import THEMES

FIELDS = ("id", "variant", "players", "options", "theme", "seat", "log", "answer", "solved", "rating")
MOST_LOG_LINES = 2_000  # a long match's position: some 400 events; far more is not a game
MOST_ANSWERS = 28
LOWEST_RATING, HIGHEST_RATING = 0.0, 4_000.0


def _refuse(key: str, **args: object) -> PuzzleError:
    return PuzzleError(Phrase(key, **args))


def _whole(value: Any) -> bool:
    return type(value) is int


def move_of(words: str) -> Move:
    """A move as the analysis writes it ("3-5 left", a lead "6-6"); ValueError if it is not one."""
    tile_text, _sep, end = words.partition(" ")
    if end and end not in END_NAMES:
        raise ValueError(words)
    return Move(parse_tile(tile_text), End(end) if end else None)


def puzzle_from_json(data: Any) -> Puzzle:
    """The puzzle `data` (one of a file's) stands for, checked from its fields to its answer."""
    if not isinstance(data, dict):
        raise _refuse(N_("a puzzle is a JSON object"))
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise _refuse(N_("a puzzle needs the field {field!r}"), field=missing[0])
    variant, players, options, seat = data["variant"], data["players"], data["options"], data["seat"]
    if not isinstance(variant, str) or not _whole(players) or not isinstance(options, dict) or not _whole(seat):
        raise _refuse(N_("its variant, number of players, options and seat must be a name, a number, an object "
                         "and a number"))
    try:
        find_variant(variant)
        config = make_config(variant, players, options=dict(options))
    except (ConfigError, ValueError, TypeError) as exc:
        raise PuzzleError(Phrase(N_("its table cannot be played: {reason}"), reason=getattr(exc, "phrase", str(exc)))) from None
    if not 0 <= seat < config.players:
        raise _refuse(N_("seat {seat} is not a seat of the table"), seat=seat)
    log, answer, theme = data["log"], data["answer"], data["theme"]
    if not isinstance(log, list) or not 1 <= len(log) <= MOST_LOG_LINES or not all(isinstance(e, dict) for e in log):
        raise _refuse(N_("its log must be a list of 1 to {most} events"), most=MOST_LOG_LINES)
    if (not isinstance(answer, list) or not 1 <= len(answer) <= MOST_ANSWERS
            or not all(isinstance(a, str) and len(a) <= 12 for a in answer)):
        raise _refuse(N_("its answer must be a list of 1 to {most} moves"), most=MOST_ANSWERS)
    if not isinstance(theme, list) or not all(isinstance(t, str) and t in THEMES for t in theme) \
            or len(set(theme)) != len(theme):
        raise _refuse(N_("its themes must be a list of these, each once: {themes}"), themes=", ".join(THEMES))
    rating, solved, pid = data["rating"], data["solved"], data["id"]
    if not isinstance(solved, bool):
        raise _refuse(N_("solved must be true or false"))
    if (isinstance(rating, bool) or not isinstance(rating, int | float) or not math.isfinite(rating)
            or not LOWEST_RATING <= rating <= HIGHEST_RATING):
        raise _refuse(N_("its rating must be a number from {low} to {high}"), low=int(LOWEST_RATING),
                      high=int(HIGHEST_RATING))
    if not isinstance(pid, str) or len(pid) != ID_LENGTH or pid != content_id(variant, players, options, seat, tuple(log)):
        raise _refuse(BAD_ID, id=str(pid)[:40])
    match = _position(log, variant, players, options)
    if match.phase != PLAYING or match.to_act != seat:
        raise _refuse(N_("at the end of its log seat {seat} is not the one to move"), seat=seat)
    legal = set(match.legal_moves())
    for words in answer:
        try:
            move = move_of(words)
        except ValueError:
            raise _refuse(N_("{move!r} is not a move"), move=words[:20]) from None
        if move not in legal:
            raise _refuse(N_("{move!r} is not a legal move at the position"), move=words)
    if len(set(answer)) != len(answer):
        raise _refuse(N_("its answer names a move twice"))
    return Puzzle(variant=variant, players=players, options=dict(options), seat=seat, log=tuple(log),
                  answer=tuple(answer), solved=solved, theme=tuple(theme), rating=float(rating), id=pid)


def _position(log: list[dict[str, Any]], variant: str, players: int, options: dict[str, Any]) -> Match:
    """The match at the end of the log, which must be of the puzzle's table."""
    start = log[0]
    if (start.get("event") != "match_start" or start.get("variant") != variant
            or not isinstance(start.get("seats"), list) or len(start["seats"]) != players
            or start.get("options") != options):
        raise _refuse(N_("its log must start with the match_start of its table"))
    known = {"match_start", "round_start", "play", "draw", "pass", "score", "round_end", "match_end"}
    if any(not isinstance(e.get("event"), str) or e["event"] not in known for e in log):
        raise _refuse(N_("its log holds an event that is not one"))
    try:
        return replay(list(enumerate(log, start=1)))
    except LogError as exc:
        raise PuzzleError(Phrase(N_("its log breaks the rules: {reason}"), reason=exc.phrase)) from None
    except (RecursionError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise PuzzleError(Phrase(N_("its log breaks the rules: {reason}"), reason=str(exc)[:80])) from None
