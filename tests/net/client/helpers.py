"""A hostile table server on a real socket, and the server's own messages to spoil.

`Hostile` answers a hello with a welcome, then answers each request with what the test
gave it for that request's type (with the request's id), and pushes what the test sends.
`samples()` are the messages the real server builds for a seeded table (its own
functions), so a test spoils one field of a message that is otherwise right."""
from __future__ import annotations

import asyncio
import copy
import json
import random
from types import SimpleNamespace
from typing import Any

from dominoes_tui.engine import Match, Seat, make_config
from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.tables.table import Slot, Table
from dominoes_tui.net.wire import protocol as P

WELCOME = {"type": "welcome", "protocol": P.PROTOCOL_VERSION, "name": "Ana", "identity": {"name": "Ana", "kind": "guest"}}


def seeded_table(code: str = "KXMP", seed: int = 5) -> Table:
    """A started two-seat table as the server holds it (no sockets)."""
    config = make_config("draw", 2, 100)
    host = SimpleNamespace(tables_dir=None, default_level="random", limits=SimpleNamespace(turn_time=None))
    t = Table(host, code, config, [Slot(n, "human", None, "tok") for n in ("Ana", "Ben")], seed, 0.0)  # type: ignore[arg-type]
    t.match = Match(config, random.Random(seed), [Seat(n, "human") for n in ("Ana", "Ben")], seed)
    t.match.begin_round()
    return t


def samples() -> dict[str, dict[str, Any]]:
    """A right message of each type a client answers or is pushed, as the server makes it."""
    t = seeded_table()
    info, state = t.info(), t.state_for(0)
    seat = {"round": 1, "table": 1, "seat": 0, "code": "KXMP", "token": "t"}
    return {
        "welcome": WELCOME,
        "joined": {"type": "joined", "code": t.code, "seat": 0, "token": "tok", "rejoin": False, "creator": True,
                   "table": info, "state": state, "rounds": []},
        "watching": {"type": "watching", "code": t.code, "table": info, "state": t.state_for(None), "rounds": []},
        "tables": {"type": "tables", "tables": [info], "online": 2, "searching": {}},
        "table": {"type": "table", "table": info},
        "state": state,
        "notice": {"type": "notice", "code": t.code, "text": "hello", "say": "hello"},
        "seated": {"type": "seated", **seat},
        "tournament": {"type": "tournament", "tournament": None, "you": {"entered": True, "seat": seat}},
        "searching": {"type": "searching", "search": {"variant": "draw", "players": 2, "bots": True, "wait": 30,
                                                      "waited": 1.5}, "online": 2, "searching": {"draw 2p": 1}},
    }


def spoiled(msg: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """`msg` with the field at `path` ("view.layout.ends") set to `value`."""
    out = copy.deepcopy(msg)
    *inner, last = path.split(".")
    part: Any = out
    for key in inner:
        part = part[int(key)] if isinstance(part, list) else part[key]
    if isinstance(part, list):
        part[int(last)] = value
    else:
        part[last] = value
    return out


def line(msg: dict[str, Any] | bytes) -> bytes:
    return msg if isinstance(msg, bytes) else (json.dumps(msg) + "\n").encode()


class Hostile:
    """The server: `answers[type]` is what a request of that type gets (its id added)."""

    def __init__(self) -> None:
        self.answers: dict[str, dict[str, Any] | bytes] = {"hello": WELCOME}
        self.writers: list[asyncio.StreamWriter] = []
        self.heard: list[bytes] = []  # every line a client sent, as sent
        self.port = 0
        self._server: asyncio.Server | None = None

    async def __aenter__(self) -> Hostile:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        for w in self.writers:
            w.close()
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.append(writer)
        while line_in := await reader.readline():
            self.heard.append(line_in)
            request = json.loads(line_in)
            answer = self.answers.get(request["type"], {"type": "pong"})
            if isinstance(answer, bytes):
                writer.write(answer)
            else:
                writer.write(line({**answer, "id": request.get("id")}))
            await writer.drain()

    def push(self, msg: dict[str, Any] | bytes) -> None:
        for w in self.writers:
            w.write(line(msg))

    async def connect(self) -> Connection:
        return await Connection.open("127.0.0.1", self.port, "Ana", timeout=5)
