"""The server sends events and views, never sentences (issue 27): every refusal, error and
notice carries `say` (one of net/wire/says.py's templates) and `args`; a client shows it in its
own language, and nothing a server forges (a template of its own, format bombs, markup,
escape codes, odd argument types) ever raises or reaches the screen as anything but plain
text."""
from __future__ import annotations

import asyncio
import json

import pytest

from dominoes_tui import i18n
from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.client.remote_table import RemoteTable
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.net.wire import says as S

FORGED_ARGS = [
    None, [], "text", 7, {"code": {"nested": [1, 2]}}, {"code": 10**30}, {"code": True},
    {"code": float("nan")}, {"code": "x" * 100_000}, {"code": "[bold red]boom[/] \x1b[31m\x07\u202e"},
    {"code": "{0:999999999}"}, {"code": "{a.__class__}"}, {"wrong": "key"},
]


@pytest.mark.parametrize("args", FORGED_ARGS)
def test_filling_a_template_never_raises_and_stays_short_and_plain(args) -> None:
    for language in ("en", "de"):
        i18n.use(language)
        shown = S.spoken({"type": "refused", "reason": "no open table 'ABCD'", "say": S.NO_SUCH_TABLE, "args": args})
        assert isinstance(shown, str) and len(shown) < 300
        assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 or ch == "\u202e" for ch in shown)
        # a field is filled (with "?" for a missing or odd value); a value's own braces are text, never read
        assert "{" not in shown or "{" in str(args)
        assert shown.startswith("no open table" if language == "en" else "kein offener Tisch")


@pytest.mark.parametrize("say", ["{0:999999999}", "{a.__class__}", "{a[0]}", "{", "}{", "%(x)s", "Your [bold]prize[/]: {x}"])
def test_a_template_of_the_servers_own_is_never_formatted(say: str) -> None:
    msg = {"type": "refused", "reason": "plain words", "say": say, "args": {"a": 1, "x": 2, "0": 3}}
    assert S.spoken(msg) == "plain words"  # not one of ours: the plain text, untouched
    assert S.fill(say, {"a": "b"}) is not None  # and our formatter survives it all the same


def test_markup_in_an_argument_is_shown_as_text_not_read() -> None:
    i18n.use("de")
    shown = S.spoken({"type": "notice", "text": "x", "say": S.RAN_OUT_OF_TIME,
                      "args": {"name": "[link=http://evil]Ana[/link]\x1b]8;;http://evil\x07", "seconds": "30"}})
    assert shown.startswith("[link=http://evil]Ana[/link]]8;;http://evil hatte keine Zeit mehr (30 s)")


def test_every_template_is_in_the_german_catalog() -> None:
    i18n.use("de")
    untranslated = [say for say in S.SAYS if i18n._(say) == say and say not in ("Server: {reason}",)]
    assert untranslated == []


async def test_the_servers_refusal_carries_its_template_and_reads_in_german(server: Server) -> None:
    conn = await Connection.open("127.0.0.1", server.port, "Ana")
    try:
        i18n.use("de")
        with pytest.raises(ServerRefused) as refused:
            await conn.request({"type": "join", "code": "zzzz"})
        assert str(refused.value) == "kein offener Tisch 'ZZZZ'"
        assert refused.value.say == S.NO_SUCH_TABLE
        i18n.use("en")
        with pytest.raises(ServerRefused) as again:
            await conn.request({"type": "join", "code": "zzzy"})
        assert str(again.value) == "no open table 'ZZZY'"
    finally:
        await conn.close()


async def test_a_raw_answer_keeps_the_english_text_beside_the_template(server: Server) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        writer.write(b'{"type":"hello","protocol":1,"name":"Raw"}\n{"type":"play"}\n' + b"x" * (P.MAX_LINE + 10) + b"\n")
        await writer.drain()
        answers = [json.loads(await asyncio.wait_for(reader.readline(), 10)) for _ in range(3)]
    finally:
        writer.close()
    refused, too_long = answers[1], answers[2]
    assert refused == {"type": "refused", "reason": "you are not at a table", "say": "you are not at a table"}
    assert too_long["reason"] == f"line too long (at most {P.MAX_LINE} bytes)" and too_long["fatal"] is True
    assert too_long["say"] == S.LINE_TOO_LONG and too_long["args"] == {"limit": P.MAX_LINE}
    i18n.use("de")
    assert S.spoken(too_long) == f"Zeile zu lang (höchstens {P.MAX_LINE} Bytes)"


async def fake_server(lines: list[dict | bytes]) -> tuple[asyncio.base_events.Server, int]:
    """A server that answers hello and, at the client's next message, sends `lines`,
    forged as it likes."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            hello = json.loads(await reader.readline())
            writer.write(P.encode({"type": "welcome", "protocol": 1, "name": "Ana", "id": hello.get("id")}))
            await reader.readline()
            for line in lines:
                writer.write(line if isinstance(line, bytes) else P.encode(line))
            await writer.drain()
            while await reader.readline():
                pass
        except (ConnectionError, asyncio.CancelledError):
            pass

    srv = await asyncio.start_server(handle, "127.0.0.1", 0)
    return srv, srv.sockets[0].getsockname()[1]


FORGED = [
    {"type": "notice", "code": "ABCD", "text": "\x1b[2J[blink]hi", "say": S.RAN_OUT_OF_TIME,
     "args": {"name": "{0:999999999}", "seconds": {"a": 1}}},
    {"type": "notice", "code": "ABCD", "text": "ok", "say": "{a.__class__.__init__.__globals__}", "args": {"a": 1}},
    {"type": "notice", "code": "ABCD", "text": "ok", "say": S.TABLE_CLOSED, "args": "not a mapping"},
    {"type": "error", "reason": "bye", "say": S.SERVER_ERROR, "args": {"kind": "\u202eevil" * 500}},
    {"type": "notice", "code": "ABCD", "say": 12, "args": [1]},
]


async def test_forged_says_from_a_fake_server_never_crash_the_client() -> None:
    srv, port = await fake_server(FORGED)
    try:
        conn = await Connection.open("127.0.0.1", port, "Ana")
        i18n.use("de")
        table = RemoteTable.__new__(RemoteTable)  # only its message handling: no table has started
        table.code, table.notes, table.on_note, table.on_evening = "ABCD", [], None, None
        conn.on_push = table._push  # what the client does at a table: its pushes reach the table's notes
        conn.send({"type": "list"})
        for _ in range(200):
            if len(table.notes) == len(FORGED):
                break
            await asyncio.sleep(0.05)
        assert len(table.notes) == len(FORGED)
        for note in table.notes:
            assert len(note) <= 220 and "\x1b" not in note and "\u202e" not in note
        # our template: a value is text, never read as a format; an odd one is "?"
        assert table.notes[0].startswith("{0:999999999} hatte keine Zeit mehr (? s)")
        assert table.notes[1] == "ok"  # a template not ours: the plain text
        assert table.notes[2] == "Tisch ? geschlossen: wer ihn angelegt hat, ist gegangen, und er hat nie begonnen."
        await conn.close()
    finally:
        srv.close()
        await srv.wait_closed()
