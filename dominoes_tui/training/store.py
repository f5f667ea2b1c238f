"""Puzzle files: `{"puzzles": [...]}`, read as strictly as a game log, written atomically.

The same shape serves the starter set shipped with the program (starter/), the player's
own file in the data folder, `dominoes puzzles export --json` and `import`. Each puzzle
is checked on reading (check.py): one that is wrong makes the whole file refused, with
the puzzle's number and the reason, so a forged file is never half taken.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import zlib
from collections.abc import Iterable
from pathlib import Path

from ..engine import jsontext
from ..engine.errors import N_, Phrase
from ..engine.files import atomic_write
from .check import puzzle_from_json
from .puzzle import Puzzle, PuzzleError

MOST_BYTES = 64 * 1024 * 1024  # a file of puzzles larger than this is not read
MOST_PUZZLES = 20_000
STARTER = Path(__file__).with_name("starter") / "puzzles.json.gz"
GZIP_MAGIC = b"\x1f\x8b"


def dumps(puzzles: Iterable[Puzzle]) -> str:
    """The file's text: one puzzle a line, so a change shows as lines in a diff."""
    rows = [json.dumps(p.to_json(), separators=(",", ":"), ensure_ascii=False) for p in puzzles]
    return '{"puzzles": [\n' + ",\n".join(rows) + ("\n" if rows else "") + "]}\n"


def write_puzzles(path: str | os.PathLike[str], puzzles: Iterable[Puzzle]) -> None:
    """Written atomically; gzipped where the name ends in .gz."""
    text = dumps(puzzles)
    atomic_write(path, gzip.compress(text.encode("utf-8"), mtime=0) if str(path).endswith(".gz") else text)


def loads(text: str | bytes) -> list[Puzzle]:
    """The puzzles of a file's text; PuzzleError names the first thing wrong."""
    if len(text) > MOST_BYTES:
        raise PuzzleError(Phrase(N_("more than {mb} MB: not a file of puzzles"), mb=MOST_BYTES // 2**20))
    try:
        data = jsontext.loads(text)
    except ValueError as exc:
        raise PuzzleError(Phrase(N_("not valid JSON ({reason})"), reason=Phrase(str(exc)))) from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise PuzzleError(Phrase(N_('a file of puzzles is a JSON object with a "puzzles" list')))
    items = data["puzzles"]
    if len(items) > MOST_PUZZLES:
        raise PuzzleError(Phrase(N_("more than {most} puzzles"), most=MOST_PUZZLES))
    out = []
    for number, item in enumerate(items, start=1):
        try:
            out.append(puzzle_from_json(item))
        except PuzzleError as exc:
            raise PuzzleError(Phrase(N_("puzzle {number}: {reason}"), number=number, reason=exc.phrase)) from None
    return out


def read_puzzles(path: str | os.PathLike[str]) -> list[Puzzle]:
    """The puzzles of a file, gzipped or not (the starter set is: its logs repeat a lot);
    OSError if it cannot be read, PuzzleError if it is wrong."""
    with open(path, "rb") as f:
        data = f.read(MOST_BYTES + 1)
    if data[:2] == GZIP_MAGIC:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                data = packed.read(MOST_BYTES + 1)
        except (OSError, EOFError, zlib.error) as exc:
            raise PuzzleError(Phrase(N_("not a readable gzip file ({reason})"), reason=str(exc)[:80])) from None
    return loads(data)


def merged(*groups: Iterable[Puzzle]) -> list[Puzzle]:
    """The puzzles of every group, each id once (the first seen kept), in order."""
    seen: dict[str, Puzzle] = {}
    for group in groups:
        for p in group:
            seen.setdefault(p.id, p)
    return list(seen.values())
