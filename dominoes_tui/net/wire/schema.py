"""The JSON Schemas that docs/ publishes for bot and client authors, written from the types
themselves: docs/schema/protocol.json (what a client may send the table server,
net/wire/requests.py), docs/schema/server.json (what the server sends a client,
net/wire/answers.py) and docs/schema/gamelog.json (one line of a game log,
engine/log_events.py).

    python -m dominoes_tui.net.wire.schema write [FOLDER]   # FOLDER: the checkout's docs/schema
    python -m dominoes_tui.net.wire.schema check [FOLDER]   # 1 when a file differs from the types

tests/net/test_schema.py runs the check, so the published schema never goes stale.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from ...engine.files import atomic_write
from ...engine.log_events import AnyEvent
from .answers import AnyAnswer
from .requests import AnyRequest

FOLDER = Path(__file__).resolve().parents[3] / "docs" / "schema"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMAS: dict[str, tuple[Any, str, str]] = {
    "protocol.json": (AnyRequest, "dominoes_tui table protocol: a client's message",
                      "One line a client sends the table server (docs/PROTOCOL.md), tagged by \"type\". "
                      "The server refuses a message whose fields break these types; fields not named are ignored."),
    "server.json": (AnyAnswer, "dominoes_tui table protocol: the server's message",
                    "One line the table server sends a client (docs/PROTOCOL.md), tagged by \"type\". "
                    "A client ignores a type it does not know and fields not named; the seats in a message "
                    "are the table's (0 to players - 1, a spectator's view -1)."),
    "gamelog.json": (AnyEvent, "dominoes_tui game log: one event",
                     "One line of a game log (docs/GAMELOG.md), tagged by \"event\". "
                     "Fields not named are welcome and ignored; the rules are checked by replaying the log."),
}


def schema_text(name: str) -> str:
    kind, title, description = SCHEMAS[name]
    schema = {"$schema": DIALECT, "title": title, "description": description, **msgspec.json.schema(kind)}
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def stale(folder: Path = FOLDER) -> list[str]:
    """The schema files in `folder` that differ from the types (or are missing)."""
    out = []
    for name in SCHEMAS:
        try:
            if (folder / name).read_text(encoding="utf-8") != schema_text(name):
                out.append(name)
        except OSError:
            out.append(name)
    return out


def write(folder: Path = FOLDER) -> None:
    for name in SCHEMAS:
        atomic_write(folder / name, schema_text(name))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("write", "check") or len(argv) > 2:
        print("usage: python -m dominoes_tui.net.wire.schema write|check [FOLDER]", file=sys.stderr)
        return 2
    folder = Path(argv[1]) if len(argv) > 1 else FOLDER
    if argv[0] == "write":
        write(folder)
        return 0
    for name in stale(folder):
        print(f"{folder / name} differs from the types: python -m dominoes_tui.net.wire.schema write")
    return 1 if stale(folder) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
