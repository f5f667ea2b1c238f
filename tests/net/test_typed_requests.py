"""Every client message is a type (net/wire/requests.py), read and checked at the edge:
a handler gets a `Create` or a `Play`, never a dict. Each field of each message type,
sent from a raw socket as null, a huge number, a nested object where text is wanted, or
the wrong kind of value, is one answer line and one counted mistake, never a server
error; NaN, a 10,000-deep nesting and a 1 MB string end as they always did, and a flood
of wrong messages leaves the server serving."""
from __future__ import annotations

import asyncio
import json
from typing import Any

import msgspec
import pytest

from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.net.wire import says as S
from dominoes_tui.net.wire.requests import BY_KIND, LENIENT, Create, Malformed, Play, first_wrong

from .helpers import WAIT

WILD: list[Any] = [None, 10**30, -(2**70), 1e300, {"a": {"b": "c"}}, [["x"]], True, "x" * 300, ""]


async def _hello(port: int, name: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_CLIENT_LINE)
    writer.write(P.encode({"type": "hello", "protocol": 1, "name": name}))
    assert json.loads(await asyncio.wait_for(reader.readline(), WAIT))["type"] == "welcome"
    return reader, writer


async def _answers_to(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, line: bytes, mark: int) -> list[dict]:
    """Everything the server says after `line`, up to its pong to a ping marked `mark`."""
    writer.write(line + P.encode({"type": "ping", "id": f"mark{mark}"}))
    got = []
    while True:
        raw = await asyncio.wait_for(reader.readline(), WAIT)
        assert raw, "the server hung up"
        answer = json.loads(raw)
        if answer == {"type": "pong", "id": f"mark{mark}"}:
            return got
        got.append(answer)


def test_a_line_becomes_its_typed_request() -> None:
    play = P.read_request(b'{"type": "play", "move": {"tile": "3-5", "end": "left"}, "id": 4}\n')
    assert isinstance(play, Play) and play.move.tile == "3-5" and play.move.end == "left" and play.id == 4
    create = P.read_request(b'{"type": "create", "players": 4, "seats": [{"kind": "bot", "level": "hard"}]}\n')
    assert isinstance(create, Create) and create.players == 4 and create.seats is not None and create.seats[0].level == "hard"
    wrong = P.read_request(b'{"type": "join", "code": "ABCD", "seat": true, "id": "j"}\n')
    assert isinstance(wrong, Malformed) and (wrong.kind, wrong.field, wrong.value, wrong.id) == ("join", "seat", True, "j")


async def test_every_field_of_every_message_wrong_is_one_counted_mistake(limited, monkeypatch) -> None:
    monkeypatch.setattr(P, "MAX_ERRORS", 10**6)
    monkeypatch.setattr(P, "RATE_PER_SECOND", 10**6)
    server: Server = await limited(work_burst=10**6, work_per_address=10**6)  # each answered for its field
    reader, writer = await _hello(server.port, "Wild")
    conn = next(c for c in server.conns if c.name == "Wild")
    sent = 0
    for kind, cls in sorted(BY_KIND.items()):
        if kind in ("hello", "prove", "ping"):
            continue  # before the welcome only (below); a ping has no field but its id
        for field in msgspec.structs.fields(cls):
            if field.encode_name in ("type", "id") or (kind, field.encode_name) in LENIENT:
                continue  # a lenient field of the wrong type reads as left out, as it always did
            for value in WILD:
                message = {"type": kind, field.encode_name: value, "id": sent}
                if first_wrong(cls, message)[0] != field.encode_name:
                    continue  # a value the type takes (null where a field may be left out)
                before = conn.errors
                got = await _answers_to(reader, writer, json.dumps(message).encode() + b"\n", sent)
                assert len(got) == 1 and got[0]["type"] in ("error", "refused") and got[0]["id"] == sent, (message, got)
                assert got[0].get("say") != S.SERVER_ERROR and len(json.dumps(got[0])) < 600, (message, got)
                assert conn.errors == pytest.approx(before + 1, abs=0.05), message  # less what time forgave
                sent += 1
    assert sent > 150
    writer.close()


@pytest.mark.parametrize("field,value", [("protocol", "1"), ("secret", 12), ("key", {"k": 1}), ("name", [1, 2])])
async def test_a_hello_with_a_wrong_field_is_answered_as_always(server: Server, field: str, value: object) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, limit=P.MAX_CLIENT_LINE)
    writer.write(P.encode({"type": "hello", "protocol": 1, "name": "Ana", field: value}))
    answer = json.loads(await asyncio.wait_for(reader.readline(), WAIT))
    expected = {"protocol": ("error", S.WRONG_PROTOCOL), "secret": ("error", S.BAD_SECRET), "key": ("error", S.BAD_KEY),
                "name": ("welcome", None)}[field]
    assert (answer["type"], answer.get("say")) == expected, answer
    if field == "protocol":
        assert answer["fatal"] is True and answer["args"]["given"] == "'1'"
    if field == "name":
        assert answer["name"] == "Guest"
    writer.close()


@pytest.mark.parametrize("kind", sorted(set(BY_KIND) - {"hello", "prove", "ping"}))
async def test_nan_deep_nesting_and_a_megabyte_in_any_message(server: Server, kind: str, monkeypatch) -> None:
    monkeypatch.setattr(P, "RATE_PER_SECOND", 10**6)
    reader, writer = await _hello(server.port, "Deep")
    head = b'{"type": "' + kind.encode() + b'", "id": 1, "code": '
    for raw in (head + b"NaN}\n", head + b"[" * 5000 + b"]" * 5000 + b"}\n"):
        got = await _answers_to(reader, writer, raw, 0)
        assert len(got) == 1 and got[0]["type"] == "error" and got[0]["say"] == S.NOT_JSON, got
    for raw in (head + b"[" * 10_000 + b"]" * 10_000 + b"}\n", head + b'"' + b"x" * 2**20 + b'"}\n'):
        writer.write(raw)
        try:  # the server closes with the rest of the line unread: the kernel may reset before its answer arrives
            answer = json.loads(await asyncio.wait_for(reader.readline(), WAIT) or b"{}")
            assert answer == {} or (answer["say"] == S.LINE_TOO_LONG and answer["fatal"] is True), answer
            assert await asyncio.wait_for(reader.read(), WAIT) == b""  # then closed
        except ConnectionResetError:
            pass
        writer.close()
        reader, writer = await _hello(server.port, "Deep")  # and it serves the next one
    writer.close()


async def test_a_flood_of_wrong_fields_is_cut_off_and_the_server_serves_on(server: Server) -> None:
    reader, writer = await _hello(server.port, "Flood")
    wrong = [{"type": "create", "players": None, "target": "x"}, {"type": "play", "move": {"tile": 5}},
             {"type": "join", "code": {"nested": "object"}}, {"type": "records", "what": "everything"}]
    writer.write(b"".join(P.encode(m) for m in wrong) * 200)
    answers = []
    while raw := await asyncio.wait_for(reader.readline(), WAIT):
        answers.append(json.loads(raw))
    assert len(answers) == P.MAX_ERRORS + 1 and answers[-1]["fatal"] is True
    assert all(a["type"] in ("error", "refused") and a.get("say") != S.SERVER_ERROR for a in answers)
    writer.close()
    reader, writer = await _hello(server.port, "After")
    got = await _answers_to(reader, writer, P.encode({"type": "list", "id": 1}), 1)
    assert got[0]["type"] == "tables"
    writer.close()


async def test_a_wrong_field_is_named_only_where_the_server_always_named_it(server: Server) -> None:
    """The checks the server makes before reading a field still come first: a table's
    rules before its seed, a code before the token, a seated creator's start never reads
    a code (measured against the server before types: 932 of 935 wrong messages answered
    the same, the rest a falsy non-object `options` and a push's timing)."""
    reader, writer = await _hello(server.port, "Order")
    cases = [
        ({"type": "create", "variant": "chess", "seed": "x"}, "refused", "unknown variant"),
        ({"type": "create", "seed": 1.5}, "refused", S.NO_SEEDS),
        ({"type": "create", "seats": "all bots"}, "refused", S.GIVE_SEATS),
        ({"type": "join", "code": "QQQQ", "token": 7}, "refused", S.NO_SUCH_TABLE),
        ({"type": "records", "variant": "chess"}, "error", S.RECORDS_VARIANT),
        ({"type": "play", "move": "6-6"}, "refused", S.NOT_AT_TABLE),
    ]
    for i, (message, kind, say) in enumerate(cases):
        got = await _answers_to(reader, writer, P.encode({**message, "id": i}), i)
        assert [a["type"] for a in got] == [kind] and say in (got[0].get("say") or got[0]["reason"]), (message, got)
    made = await _answers_to(reader, writer, P.encode({"type": "create", "players": 2, "id": "t"}), 99)
    assert made[0]["type"] == "created"
    got = await _answers_to(reader, writer, P.encode({"type": "start", "code": 12345, "id": "s"}), 100)
    assert [a["type"] for a in got if "id" in a] == ["started"], got
    writer.close()
