"""Every message the real server sends, in a whole hosted match with a spectator, a lobby
session, a quick match search, a club evening, the records, a keyed hello and a garbled
line, decodes into its type
(net/wire/answers.py): the types are what the server sends, byte for byte as sent."""
from __future__ import annotations

from typing import Any

import pytest

from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.host.connection import Conn
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import answers as A

from .helpers import Driven, key_of, play_out

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 1, "players": 2, "fill_bots": True, "bot_level": "random"}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every line the server writes to any connection."""
    lines: list[bytes] = []
    send_bytes = Conn.send_bytes

    def record(self: Conn, data: bytes) -> None:
        lines.extend(line for line in data.split(b"\n") if line)
        send_bytes(self, data)

    monkeypatch.setattr(Conn, "send_bytes", record)
    return lines


async def test_every_message_the_server_sends_is_its_type(server: Server, sent: list[bytes]) -> None:
    ana = await Driven.connect(server.port, "Ana")
    unread: list[str] = []
    ana.conn.on_unreadable = unread.append
    await ana.conn.request({"type": "list"})
    await ana.create(variant="draw", players=3, target=20, seats=SEATS)
    watcher = await Driven.connect(server.port, "Wes")
    await watcher.watch(ana.code)
    ben = await Driven.connect(server.port, "Ben")
    await ben.join(ana.code)
    await play_out([ana, ben])
    with pytest.raises(ServerRefused):
        await ana.conn.request({"type": "join", "code": "ZZZZ"})
    for person in (ana, ben, watcher):
        await person.conn.request({"type": "leave"})
    await ben.conn.request({"type": "quick_match", "variant": "draw", "players": 2, "bots": False})
    await ben.conn.request({"type": "quick_cancel"})
    await ana.conn.request({"type": "tournament_organize", "secret": server.tournament_host.organizer_secret})
    await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})
    await ana.conn.request({"type": "tournament_register"})
    await ana.conn.request({"type": "tournament_start"})
    await ana.wait_for(lambda m: m.get("type") == "seated")
    await watcher.conn.request({"type": "board"})
    await watcher.conn.request({"type": "records", "what": "leaderboard"})
    keyed = await Connection.open("127.0.0.1", server.port, "Kim", key=key_of("Kim's words"))  # a challenge first
    watcher.conn.writer.write(b"not JSON\n")  # an error
    await ana.conn.request({"type": "ping"})
    await watcher.conn.request({"type": "ping"})

    kinds: dict[str, int] = {}
    for line in sent:
        msg: Any = A.read_answer(line)  # Unreadable (a test failure) for a wrong field
        assert msg is not None, line[:200]
        kinds[msg.wire_type] = kinds.get(msg.wire_type, 0) + 1
    assert unread == []
    assert {"challenge", "welcome", "tables", "created", "watching", "joined", "state", "refused", "error", "left",
            "searching", "tournament", "seated", "board", "records", "pong"} <= set(kinds), kinds
    for person in (ana, ben, watcher):
        await person.close()
    await keyed.close()
