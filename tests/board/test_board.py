"""The projector board: what it draws (pure and in snapshots at 200×60 and 80×24), its
keys, and that the server's board answer holds no hidden tile."""
from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.net.server import Server
from dominoes_tui.ui.board_app import BoardApp
from dominoes_tui.ui.board_render import render_board
from dominoes_tui.ui.render import Look, plain
from tests.net.helpers import Driven

from .fixtures import CODES, sample_board

SIZES = [(200, 60), (80, 24)]
TILE = re.compile(r'"(\d-\d)"')


class FixedSource:
    """A board that never changes, remembering which table was asked for."""

    where = "127.0.0.1:11200"

    def __init__(self) -> None:
        self.asked: list[str | None] = []

    async def fetch(self, pinned: str | None) -> dict[str, Any]:
        self.asked.append(pinned)
        return sample_board(pinned)

    async def close(self) -> None:
        pass


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_shows_every_table_the_standings_and_this_round(size: tuple[int, int]) -> None:
    board = sample_board()
    text = plain(render_board(board, *size, Look(), "127.0.0.1:11200"))
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    assert "round 2 of 3" in lines[0]
    for code in CODES:
        assert code in text, "every live table is on the board"
    assert f"Table {board['featured']}" in text and "Standings" in text and "Recent results" in text
    assert "Hal 101 v Eli 47" in text


def test_names_from_the_network_are_plain_text() -> None:
    board = sample_board()
    board["tables"][0]["seats"][0]["name"] = "[bold red]Mal\x1b[2J\x07"
    text = plain(render_board(board, 200, 60, Look()))
    assert "[bold red]Mal" in text and "\x1b" not in text and "\x07" not in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_snapshot(snap_compare, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = BoardApp(FixedSource(), poll=3600)

    async def run_before(pilot) -> None:  # noqa: ANN001
        for _ in range(50):
            await pilot.pause(0.05)
            if app.board is not None:
                break
        app.draw()
        await pilot.pause(0)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_keys_pick_the_large_table_and_a_goes_back_to_auto() -> None:
    source = FixedSource()
    app = BoardApp(source, poll=0.05)
    async with app.run_test(size=(200, 60)) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if app.board is not None:
                break
        auto = app.board["featured"]  # type: ignore[index]
        await pilot.press("right")
        picked = app.pinned
        assert picked is not None and picked != auto
        for _ in range(100):
            await pilot.pause(0.05)
            if source.asked and source.asked[-1] == picked and app.board["featured"] == picked:  # type: ignore[index]
                break
        assert app.board["featured"] == picked and app.board["auto"] is False  # type: ignore[index]
        assert f"Table {picked} (picked)" in str(app.query_one("#board").render())
        await pilot.press("a")
        assert app.pinned is None
        for _ in range(100):
            await pilot.pause(0.05)
            if source.asked[-1] is None and app.board["featured"] == auto:  # type: ignore[index]
                break
        assert app.board["featured"] == auto


@pytest.fixture
async def server(tmp_path: Path):  # noqa: ANN201
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def test_the_board_answer_holds_no_hidden_tile(server: Server) -> None:
    maker = await Driven.connect(server.port, "Ana")
    bots = [{"kind": "bot", "level": "random"}] * 4
    await maker.create(variant="allfives", players=4, target=300, seats=bots, start=True, bot_delay=0.02)
    stranger = await Driven.connect(server.port, "Eve")
    tiles_seen = 0
    for _ in range(60):
        await asyncio.sleep(0.03)
        answer = await stranger.conn.request({"type": "board"})
        assert [t["code"] for t in answer["tables"]] == [maker.code] and answer["featured"] == maker.code
        view = answer["view"]
        assert view["hand"] == [] and view["legal"] == []
        assert all(e.get("tile") is None for e in view["history"] if e["event"] == "draw")
        assert "token" not in json.dumps(answer)
        if view["phase"] != "playing":
            continue  # a finished round shows its hands to everyone (the scoring)
        lay = view["layout"]
        public = {p[0] for p in (*lay["line"], *lay["up"], *lay["down"])}
        assert set(TILE.findall(json.dumps(answer))) <= public, "nothing but the tiles on the table"
        tiles_seen = max(tiles_seen, len(public))
    assert tiles_seen >= 4, "the match was watched while tiles were on the table"
    await maker.close()
    await stranger.close()
