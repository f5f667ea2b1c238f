"""A refusal the server builds from an engine error (a move the rules do not allow, a
table the variant does not allow) reaches each client as the engine's key and arguments,
so every client reads it in its own language, whatever the server's; its English text
stays beside them for old clients."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from dominoes_tui import i18n
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.net.wire import says as S

from .helpers import WAIT


async def _send(writer: asyncio.StreamWriter, reader: asyncio.StreamReader, msg: dict[str, Any], kind: str,
                seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Send `msg` and read the server's lines until one of type `kind` (bounded); the
    lines before it are kept in `seen`."""
    writer.write(P.encode(msg))
    await writer.drain()
    for _ in range(200):
        got = json.loads(await asyncio.wait_for(reader.readline(), WAIT))
        if got.get("type") == kind:
            return dict(got)
        if seen is not None:
            seen.append(got)
    raise AssertionError(f"no {kind} answer")


def _to_act(msg: dict[str, Any], seat: int) -> bool:
    return msg.get("type") == "state" and msg["view"]["phase"] == "playing" and msg["view"]["to_act"] == seat


async def _refusals(port: int) -> tuple[dict[str, Any], ...]:
    """Refusals from engine errors, read raw: a table the variant does not allow, a move
    naming an end there is none of, a tile the mover does not hold, a tile that is null."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        await _send(writer, reader, {"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "Ana"}, "welcome")
        players = await _send(writer, reader, {"type": "create", "variant": "duel", "players": 4}, "refused")
        seen: list[dict[str, Any]] = []
        made = await _send(writer, reader, {"type": "create", "variant": "block", "players": 2, "target": 10, "start": True,
                                            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}, "created", seen)
        seat = made["seat"]
        seen += [made["state"]] if "state" in made else []
        for _ in range(200):  # the bot moves in milliseconds: the first state with Ana to act
            state = next((m for m in seen if _to_act(m, seat)), None)
            if state is not None:
                break
            seen.append(json.loads(await asyncio.wait_for(reader.readline(), WAIT)))
        else:
            raise AssertionError("Ana never came to act")
        end = await _send(writer, reader, {"type": "play", "move": {"tile": "0-0", "end": "middle"}}, "refused")
        hand = set(state["view"]["hand"])
        missing = next(f"{a}-{b}" for a in range(7) for b in range(a, 7) if f"{a}-{b}" not in hand)
        held = await _send(writer, reader, {"type": "play", "move": {"tile": missing, "end": None}}, "refused")
        null = await _send(writer, reader, {"type": "play", "move": {"tile": None, "end": None}}, "refused")
        return players, end, held, null
    finally:
        writer.close()


async def test_an_engine_refusal_reads_in_german_to_a_german_client_of_an_english_server(server: Server) -> None:
    i18n.use("en")  # the server speaks English while it refuses: it is one process with the test
    players, end, held, null = await _refusals(server.port)
    assert players["reason"] == "Classic Duel is played by 2 players, not 4"  # for old clients
    assert held["reason"].startswith("seat 0 does not hold")
    i18n.use("de")  # the client reads German
    assert S.spoken(players) == "Klassisches Duell wird von 2 Spielern gespielt, nicht von 4"
    assert S.spoken(end) == "ungültiger Zug: Ende 'middle' ist keines von left, right, up, down oder null"
    assert S.spoken(held).startswith("Platz 0 hat ") and S.spoken(held).endswith(" nicht")
    assert S.spoken(null) == 'ungültiger Zug: None ist kein Stein (so schreiben: "3-5", Zahlen 0 bis 6)'


async def test_an_engine_refusal_reads_in_english_to_an_english_client_of_a_german_server(server: Server) -> None:
    i18n.use("de")  # the server's process speaks German
    refusals = await _refusals(server.port)
    players, end, held, null = refusals
    assert players["reason"] == "Classic Duel is played by 2 players, not 4"  # the text stays English
    i18n.use("en")
    assert [S.spoken(refused) for refused in refusals] == [refused["reason"] for refused in refusals]  # told as said
    assert S.spoken(players) == "Classic Duel is played by 2 players, not 4"
    assert S.spoken(end) == "bad move: end 'middle' is not one of left, right, up, down or null"
    assert S.spoken(held) == held["reason"] and held["reason"].startswith("seat 0 does not hold")


def test_a_forged_nested_phrase_is_shown_as_a_question_mark_never_read() -> None:
    """A server may send words inside words only from our own catalog, and only so deep."""
    i18n.use("de")
    for detail in ({"say": "{0.__class__}", "args": {"0": 1}}, {"say": "left", "context": "not ours"},
                   {"say": S.BAD_MOVE, "args": {"detail": {"say": S.BAD_MOVE, "args": {"detail": {"say": S.NO_ROUND}}}}},
                   {"say": "x", "plural": "xs", "n": 2}, {"say": ["list"]}):
        shown = S.spoken({"type": "refused", "reason": "bad move: x", "say": S.BAD_MOVE, "args": {"detail": detail}})
        assert shown.startswith("ungültiger Zug: ") and "{" not in shown and "class" not in shown
        assert shown.count("ungültiger Zug") <= 1 + S.NESTED
    end = S.spoken({"type": "refused", "reason": "-", "say": "the {end} end is not open",
                    "args": {"end": {"say": "top", "context": "end"}}})
    assert end == "das Ende oben ist nicht offen"
