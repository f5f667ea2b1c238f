"""Well-formed messages with wild field values: every one is answered with `refused`,
`error` or a proper answer, never with "server error" (which would mean a handler raised
something it did not expect). Seeded, so a failure replays."""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from tests.net.helpers import raw

FIELDS = ["code", "seat", "token", "move", "variant", "players", "target", "options", "seats", "seed",
          "bot_delay", "sit", "name", "protocol", "start"]


def wild(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any shape, biased toward the edges (empty, huge, negative, wrong type)."""
    choices: list[Any] = [
        None, True, False, 0, -1, 1, 2, 3, 4, 7, 2**31, -(2**63), 10**30, 0.5, -0.0, 1e308,
        "", " ", "ABCD", "draw", "partner", "kozel", "allfives", "human", "bot", "hard", "cmd:sh", "left", "right",
        "up", "down", "6-6", "0-0", "1-2", "9-9", "x" * 300, "\u0000", "Ä\u202e",
    ]
    roll = rng.random()
    if depth < 2 and roll < 0.15:
        return [wild(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if depth < 2 and roll < 0.3:
        keys = rng.sample(["kind", "level", "name", "tile", "end", "target_score", "capicu_bonus", "first_lead"], 2)
        return {k: wild(rng, depth + 1) for k in keys}
    return rng.choice(choices)


def message(rng: random.Random, codes: list[str]) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": rng.choice(sorted(P.CLIENT_TYPES - {"hello"}))}
    for name in rng.sample(FIELDS, rng.randint(0, 5)):
        msg[name] = wild(rng)
    if codes and rng.random() < 0.5:
        msg["code"] = rng.choice(codes)  # aim at real tables too
    if rng.random() < 0.3:
        msg["move"] = {"tile": rng.choice(["1-2", "6-6", "0-0", "3-5"]), "end": rng.choice([None, "left", "right", "up"])}
    if rng.random() < 0.5:
        msg["id"] = rng.randint(1, 10**6)
    return msg


async def test_wild_but_well_formed_messages_never_raise_in_the_server(server: Server, monkeypatch) -> None:
    monkeypatch.setattr(P, "MAX_ERRORS", 10**6)  # every mistake gets its answer; none hangs up
    monkeypatch.setattr(P, "RATE_PER_SECOND", 10**6)
    rng = random.Random(5)
    codes: list[str] = []
    failures: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for client in range(12):
        reader, writer = await raw(server.port)
        writer.write(P.encode({"type": "hello", "protocol": 1, "name": wild(rng) if client % 3 else f"F{client}"}))
        for _ in range(120):
            msg = message(rng, codes)
            writer.write((json.dumps(msg) + "\n").encode())
            await writer.drain()
            await asyncio.sleep(0)
        writer.write(P.encode({"type": "ping", "id": "last"}))
        await writer.drain()
        while True:  # read everything up to the answer to the last ping
            line = await asyncio.wait_for(reader.readline(), 20)
            assert line, "the server hung up on a client that only sent well-formed JSON"
            reply = json.loads(line)
            if reply.get("type") in ("created", "joined") and reply.get("code"):
                codes.append(reply["code"])
            if reply.get("type") == "error" and "server error" in str(reply.get("reason")):
                failures.append((msg, reply))
            if reply.get("type") == "pong" and reply.get("id") == "last":
                break
        writer.close()
    assert not failures, failures[:3]
    # and the server still serves: a plain table plays to its end
    reader, writer = await raw(server.port)
    writer.write(P.encode({"type": "hello", "protocol": 1, "name": "After"}))
    writer.write(P.encode({"type": "create", "variant": "block", "players": 2, "target": 10,
                           "seats": [{"kind": "bot"}, {"kind": "bot"}], "sit": None, "start": True, "id": 1}))
    await writer.drain()
    while True:
        reply = json.loads(await asyncio.wait_for(reader.readline(), 20))
        if reply.get("id") == 1:
            assert reply["type"] == "created", reply
            break
    writer.close()
