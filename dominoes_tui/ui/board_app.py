"""`dominoes board`: the projector screen of a club evening, read-only.

It asks the server for the `board` once a second and draws it (board_render.py). Keys
pick which table is shown large: ←/→ step through the live tables, `a` goes back to
the automatic choice (the closest game), `q` quits. It never sits at a table and is
sent no hidden tile (the server's board answer holds only public facts).
"""
from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..i18n import N_, _
from ..i18n.os_words import os_words
from ..net.client.client import Connection, ConnectionLost, ServerRefused, unreadable
from ..net.wire.answers import Board
from .render import Look
from .screens.hosted.board_render import render_board
from .speaking_app import SpeakingApp
from .widgets.footer import Footer

POLL_SECONDS = 1.0


class BoardSource(Protocol):
    where: str

    async def fetch(self, pinned: str | None) -> Mapping[str, Any] | Board: ...
    async def close(self) -> None: ...


class ServerSource:
    """The board of a table server, asked for over the table protocol."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self._conn: Connection | None = None

    async def fetch(self, pinned: str | None) -> Mapping[str, Any] | Board:
        if self._conn is None or self._conn.closed:
            self._conn = await Connection.open(self.host, self.port, "Board")
        request: dict[str, Any] = {"type": "board"}
        if pinned:
            request["feature"] = pinned
        try:
            answer = await self._conn.request(request)
        except (TimeoutError, OSError, ConnectionLost):
            await self.close()
            raise
        if not isinstance(answer, Board):
            raise ServerRefused(unreadable(answer.wire_type, "$.type"))
        return answer

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()


class BoardView(Static):
    DEFAULT_CSS = "BoardView { width: 100%; height: 1fr; }"


class BoardApp(SpeakingApp[int]):
    TITLE = "dominoes board"
    BINDINGS = [
        Binding("right", "step(1)", N_("next table")),
        Binding("left", "step(-1)", N_("previous table")),
        Binding("a", "auto", N_("auto (closest game)")),
        Binding("q", "quit", N_("quit")),
    ]

    def __init__(self, source: BoardSource, look: Look | None = None, poll: float = POLL_SECONDS) -> None:
        super().__init__()
        self.source = source
        self.look = look or Look()
        self.poll = poll
        self.board: dict[str, Any] | None = None  # the last board, its parts typed (answers.py); `featured` is ours to change
        self.pinned: str | None = None
        self.status = _("connecting to {address}…").format(address=self.where)

    @property
    def where(self) -> str:
        return self.source.where

    def compose(self) -> ComposeResult:
        yield BoardView(id="board")
        yield Footer()

    def on_mount(self) -> None:
        self.run_worker(self._follow(), exclusive=True, name="board-feed")
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    async def _follow(self) -> None:
        """Ask for the board every `poll` seconds; reconnect after a lost connection."""
        while True:
            try:
                self.board = dict((await self.source.fetch(self.pinned)).items())
                if self.pinned and self.board.get("featured") != self.pinned:
                    self.pinned = None  # that table has finished: back to the automatic choice
                self.status = ""
            except (TimeoutError, OSError, ConnectionLost) as exc:
                why = _("the connection was lost") if isinstance(exc, ConnectionLost) else os_words(exc)
                self.status = _("no connection to {address} ({kind}); trying again").format(
                    address=self.where, kind=why)
            except ServerRefused as exc:
                self.status = _("the server refused the board: {reason}").format(reason=exc)
            self.draw()
            await asyncio.sleep(self.poll)

    def draw(self) -> None:
        found = self.query(BoardView)
        if not found:  # not composed yet, or already closing
            return
        view = found.first()
        width, height = view.size.width or self.size.width, view.size.height or self.size.height - 1
        if self.board is None:
            view.update(self.status)
            return
        lines = render_board(self.board, width, height, self.look, self.where)
        if self.status:
            lines[-1] = Text(self.status[:width], style="reverse")
        view.update(Text("\n").join(lines))

    def action_step(self, delta: int) -> None:
        if not self.board or not self.board["tables"]:
            return
        codes = [t["code"] for t in self.board["tables"]]
        current = self.pinned or self.board.get("featured")
        i = codes.index(current) if current in codes else -1
        self.pinned = codes[(i + delta) % len(codes)]
        self.board["featured"], self.board["auto"] = self.pinned, False
        self.board.pop("view", None)  # the next answer brings the picked table's chain
        self.draw()

    def action_auto(self) -> None:
        self.pinned = None
        if self.board:
            self.board["auto"] = True
        self.draw()

    async def on_unmount(self) -> None:
        await self.source.close()
