"""Puzzles while waiting in a hosted lobby: F3 opens the trainer, which runs here (this
machine's puzzles and records, no server asked), and closing it comes back to the table
still waiting."""
from __future__ import annotations

from dominoes_tui.net.server.server import Server
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from dominoes_tui.ui.screens.puzzles.puzzle_screen import PuzzleScreen

from ..ui.helpers import screen_lines
from .helpers import until


async def test_f3_while_waiting_opens_the_puzzles_and_q_goes_back_to_the_waiting_table(server: Server) -> None:
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        seats = [SeatInfo("You", "human"), SeatInfo("Open", "human")]
        await app.create(MatchSettings("draw", 2, seats, 20))
        await until(pilot, lambda: app.lobby.waiting is not None, "the waiting room")
        await until(pilot, lambda: "F3: puzzles while you wait." in " ".join(" ".join(screen_lines(app)).split()),
                    "the waiting room's words")
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the puzzles")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert app.lobby.waiting is not None
