"""What many clients ask for, built once and sent to each: the lobby's list of tables
and the projector board. Each is kept, encoded, for a moment (LOBBY_FRESH, BOARD_FRESH
seconds; the lobby's until it changes, too), so a hundred connections asking within the
rate limit cost the server a hundred sends, not a hundred builds: a flood of `board`
requests once took another address's ping to 480 ms. An answer's `id` is spliced into
the kept bytes."""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from ...engine import MATCH_OVER
from ..evening.board_feed import EveningSource, Leaders, board
from ..host.connection import Conn
from ..host.pacing import Coalesced
from ..tables.table import Table
from ..wire import protocol as P

LOBBY_EVERY = 0.5  # seconds between lobby pushes, at most
LOBBY_FRESH = 0.5  # seconds a built lobby list is sent again unchanged, at most (the lobby pushes as often)
BOARD_FRESH = 0.5  # seconds a built board is sent again (boards ask once a second)
MAX_BOARDS = 64  # boards kept at once (one per table a board asked to feature)


def _with_id(data: bytes, msg_id: Any) -> bytes:
    """Kept message bytes (`{...}\\n`) answering `msg_id`."""
    if msg_id is None:
        return data
    return data[:-2] + b',"id":' + json.dumps(msg_id).encode("utf-8") + b"}\n"


class Views:
    def __init__(self, tables: dict[str, Table], conns: set[Conn], presence: Callable[[], dict[str, Any]],
                 evening: EveningSource | None, leaders: Leaders | None,
                 puzzle: Callable[[], dict[str, Any] | None] | None = None) -> None:
        """`tables` and `conns`: the server's own (read as they change); `presence`: who is
        online and searching; `evening`, `leaders` and `puzzle` (the puzzle of the evening
        as shown now) for the board."""
        self.tables, self.conns, self.presence, self.evening, self.leaders = tables, conns, presence, evening, leaders
        self.puzzle = puzzle
        self._push = Coalesced(LOBBY_EVERY, self._send_lobby)
        self._tables: tuple[float, bytes] | None = None  # (when built, the lobby's `"tables":[…]`)
        self._boards: dict[str | None, tuple[float, bytes]] = {}

    def lobby(self) -> list[dict[str, Any]]:
        return [t.info() for t in self.tables.values() if t.phase != MATCH_OVER and not t.private]

    def lobby_changed(self) -> None:
        """Tell everyone in the lobby, at most twice a second (a busy server opens many
        tables at once, and every lobby client gets the whole list)."""
        self._tables = None
        self._push.due()

    def _send_lobby(self) -> None:
        in_lobby = [c for c in self.conns if c.hello and c.table is None]  # never those at a table
        if not in_lobby:
            return
        data = self.tables_message()  # who is online and searching rides along: never left stale
        for c in in_lobby:
            c.send_bytes(data)

    def tables_message(self, msg_id: Any = None) -> bytes:
        """The `tables` message: the lobby (kept) and who is online (counted now)."""
        now = time.monotonic()
        if self._tables is None or now - self._tables[0] > LOBBY_FRESH:
            self._tables = (now, json.dumps(self.lobby(), separators=(",", ":")).encode("utf-8"))
        presence = P.encode(self.presence())[1:]  # `"online":…}\n`
        return _with_id(b'{"type":"tables","tables":' + self._tables[1] + b"," + presence, msg_id)

    def board_message(self, feature: object, msg_id: Any = None) -> bytes:
        """The `board` message for a board that asks to feature `feature` (kept a moment)."""
        key = feature if isinstance(feature, str) and feature in self.tables else None
        now = time.monotonic()
        kept = self._boards.get(key)
        if kept is None or now - kept[0] > BOARD_FRESH:
            if len(self._boards) >= MAX_BOARDS:
                self._boards.clear()
            shown = self.puzzle() if self.puzzle is not None else None
            kept = self._boards[key] = (now, P.encode(board(self.tables, self.evening, key, self.leaders, shown)))
        return _with_id(kept[1], msg_id)
