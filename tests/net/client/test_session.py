"""The client's session without a screen: it sits down, keeps the seat's token, and
takes the seat back after the network went away, as plain Python (the app only shows it)."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dominoes_tui.net.client import session as session_module
from dominoes_tui.net.client import tokens
from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.client.remote_table import RemoteTable
from dominoes_tui.net.client.session import Session
from dominoes_tui.net.server.server import Server

from ..helpers import WAIT, Driven

# two people and two bots: the table starts when both people sit
SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}]


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "RECONNECT_PAUSE", 0.02)


async def seated(server: Server, keep_tokens: bool = True) -> tuple[Session, Driven, str, RemoteTable]:
    ben = await Driven.connect(server.port, "Ben")
    code = (await ben.create(variant="draw", players=4, target=40, seats=SEATS))["code"]
    s = Session("127.0.0.1", server.port, "Ana", keep_tokens=keep_tokens)
    pushed: list[dict[str, Any]] = []
    s.on_push = pushed.append
    await s.open()
    assert s.conn is not None
    answer = await s.conn.request({"type": "join", "code": code, "name": "Ana"})
    opens, state = s.sit(answer)
    assert s.seat == 1 and s.token_for(code) == answer["token"]
    if not opens:  # the answer came before the table started: it waits for the first state
        assert s.pending == answer and s.waits_at(code)
        for _ in range(int(WAIT / 0.02)):
            state = next((m for m in pushed if m.get("type") == "state" and m.get("code") == code), None)
            if state is not None:
                break
            await asyncio.sleep(0.02)
        assert s.came(state) == answer  # type: ignore[arg-type]
    client = s.table(answer, state)
    assert s.table_code == code and s.pending is None and client.my_seat == 1 and not s.early
    return s, ben, code, client


async def test_a_dropped_session_takes_its_seat_back_with_its_token(server: Server, quick: None) -> None:
    s, ben, code, client = await seated(server)
    said: list[str] = []
    client.on_lost = lambda: said.append("lost")  # the table's client has the line while it is open
    table = server.tables[code]
    token = table.slots[1].token
    assert table.slots[1].conn is not None
    table.slots[1].conn.abort()  # the network goes away under Ana's feet
    for _ in range(int(WAIT / 0.02)):
        if "lost" in said:
            break
        await asyncio.sleep(0.02)
    assert "lost" in said
    s.lost()
    opened: list[Connection] = []

    async def told(conn: Connection) -> None:
        opened.append(conn)

    answer = await s.take_back(code, told)
    assert answer is not None and answer["seat"] == 1
    assert opened == [s.conn] and table.slots[1].token == token and table.slots[1].conn is not None
    await s.close()
    await ben.close()


async def test_a_guests_tokens_live_in_its_session_only(server: Server) -> None:
    s, ben, code, _client = await seated(server, keep_tokens=False)
    assert s.proof() == {}  # a guest proves no name
    assert s.token_for(code) is not None
    assert tokens.get("127.0.0.1", server.port, code, "Ana") is None  # nothing written for the next one
    s.drop_token(code)
    assert s.token_for(code) is None
    await s.close()
    await ben.close()


async def test_a_server_that_never_comes_back_gives_the_seat_up(server: Server, quick: None,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "RECONNECT_TRIES", 3)
    s, ben, code, _client = await seated(server)
    await ben.close()
    await server.close()
    tries: list[Any] = []
    real = Connection.open

    async def counted(*args: Any, **kwargs: Any) -> Connection:
        tries.append(args)
        return await real(*args, **kwargs)

    monkeypatch.setattr(Connection, "open", counted)
    assert await s.take_back(code, lambda conn: asyncio.sleep(0)) is None
    assert len(tries) == 3


async def test_a_refused_seat_is_raised_to_the_app(server: Server, quick: None) -> None:
    s, ben, code, _client = await seated(server)
    s.keep_token(code, "not-the-token")
    s.seat = 1
    with pytest.raises(ServerRefused):
        await s.take_back(code, lambda conn: asyncio.sleep(0))
    await s.close()
    await ben.close()
