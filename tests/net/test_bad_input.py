"""Garbage, over-long lines, unknown types and floods: an error or a hang-up for the
sender, never a crash of the server or of another table."""
from __future__ import annotations

import asyncio
import json

from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from tests.net.helpers import answer, closed, raw

from .helpers import WAIT, Driven, play_out


async def test_garbage_gets_errors_then_a_hang_up(server: Server) -> None:
    r, w = await raw(server.port)
    for junk in [b"hello\n", b"\xff\xfe\x00\n", b"[1,2,3]\n", b'{"no":"type"}\n', b'{"type":"play"}\n', b'{"type":"dance"}\n']:
        w.write(junk)
        msg = await answer(r)
        assert msg is not None and msg["type"] == "error", (junk, msg)
    w.write(P.encode({"type": "hello", "protocol": 99}))  # a future protocol: said plainly, then closed
    msg = await answer(r)
    assert msg["type"] == "error" and msg["fatal"] and "protocol" in msg["reason"]
    assert await closed(r)
    w.close()


async def test_unknown_types_and_misuse_after_hello(server: Server) -> None:
    r, w = await raw(server.port)
    w.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "\x1b[31mEvil" + "x" * 100}))
    welcome = await answer(r)
    assert welcome["type"] == "welcome" and "\x1b" not in welcome["name"] and len(welcome["name"]) <= P.MAX_NAME
    for msg in [{"type": "teleport"}, {"type": "hello", "protocol": 1}, {"type": "play", "move": {}},
                {"type": "create", "variant": "chess"}, {"type": "create", "players": "many"},
                {"type": "join", "code": 5}, {"type": "start"}, {"type": "list", "id": {"x": 1}}]:
        w.write(P.encode(msg))
        got = await answer(r)
        assert got["type"] in ("error", "refused"), (msg, got)
    w.write(P.encode({"type": "ping", "id": 7}))
    assert (await answer(r)) == {"type": "pong", "id": 7}  # still served
    # too many mistakes: hung up
    for _ in range(P.MAX_ERRORS + 5):
        w.write(b"nonsense\n")
    assert await closed(r)
    w.close()


async def test_over_long_line_is_refused_and_closed(server: Server) -> None:
    r, w = await raw(server.port)
    w.write(b'{"type":"hello","name":"' + b"a" * (P.MAX_LINE * 2) + b'"}\n')
    msg = await answer(r)
    assert msg["type"] == "error" and "too long" in msg["reason"]
    assert await closed(r)
    w.close()


async def test_flood_is_cut_off_and_other_tables_play_on(server: Server) -> None:
    # A table in play with two people ...
    ana = await Driven.connect(server.port, "Ana")
    await ana.create(variant="draw", players=2, target=20, seats=[{"kind": "human"}, {"kind": "human"}])
    ben = await Driven.connect(server.port, "Ben")
    await ben.join(ana.code)
    await ana.wait_for(lambda m: m.get("type") == "state")
    # ... while someone floods the server with pings, garbage and over-long lines.
    r, w = await raw(server.port)
    w.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION}) + P.encode({"type": "ping"}) * 5000)
    assert await closed(r)
    w.close()
    r2, w2 = await raw(server.port)
    w2.write(b"\x00" * 100 + b"\n")
    assert (await answer(r2))["type"] == "error"
    w2.write(b"x" * (P.MAX_LINE + 10) + b"\n")
    assert (await answer(r2))["type"] == "error"
    assert await closed(r2)
    w2.close()
    # the table was not touched: the match plays to its end
    last = await play_out([ana, ben])
    assert last["view"]["phase"] == "match_over"
    ping = await ana.conn.request({"type": "ping"})
    assert ping["type"] == "pong"
    await ana.close()
    await ben.close()


async def test_tables_made_and_abandoned_do_not_pile_up(server: Server) -> None:
    spam = await Driven.connect(server.port, "Spam")
    made = []
    for _ in range(5):
        made.append((await spam.conn.request({"type": "create", "variant": "draw", "players": 2, "sit": None}))["code"])
    import pytest

    from dominoes_tui.net.client.client import ServerRefused

    with pytest.raises(ServerRefused, match="running or waiting"):
        await spam.conn.request({"type": "create", "variant": "draw", "players": 2, "sit": None})
    assert all(code in server.tables for code in made)
    await spam.close()
    for _ in range(int(WAIT / 0.01)):
        if not any(code in server.tables for code in made):
            break
        await asyncio.sleep(0.01)
    assert not any(code in server.tables for code in made)


async def test_a_token_or_secret_that_is_no_plain_text_is_refused_not_a_server_error(server: Server) -> None:
    """A seat token or organizer secret is compared in constant time; a string with
    letters beyond ASCII, or a lone surrogate from a JSON escape, once made that
    comparison raise (a 'server error' and a traceback in the host's log)."""
    ana = await Driven.connect(server.port, "Ana")
    await ana.create(variant="draw", players=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    r, w = await raw(server.port)
    w.write(P.encode({"type": "hello", "protocol": P.PROTOCOL_VERSION, "name": "Mallory"}))
    assert (await answer(r))["type"] == "welcome"
    for token in ["é" * 32, "\ud800" * 32]:
        w.write(json.dumps({"type": "join", "code": ana.code, "token": token, "id": 1}).encode() + b"\n")
        got = await answer(r)
        assert got["type"] in ("refused", "error") and "server error" not in got.get("reason", ""), got
    w.write(json.dumps({"type": "tournament_organize", "secret": "\ud800" * 40, "id": 2}).encode() + b"\n")
    got = await answer(r)
    assert got["type"] in ("refused", "error") and "server error" not in got.get("reason", ""), got
    w.close()
    await ana.close()


def test_ordinary_refusals_spread_over_an_evening_are_forgiven_but_a_flood_is_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A lobby open all evening meets refusals now and then (a seat just taken, a table just
    started): they must not add up to a hang-up; 21 mistakes at once still do."""
    from types import SimpleNamespace

    from dominoes_tui.net.host import connection

    now = [0.0]
    monkeypatch.setattr(connection, "time", SimpleNamespace(monotonic=lambda: now[0]))
    conn = connection.Conn(None, None)  # type: ignore[arg-type]  # no socket: only its count
    spread = []
    for _ in range(200):  # one refusal every 90 s: five hours of them
        now[0] += 90.0
        spread.append(conn.mistake())
    assert not any(spread)
    flood = [conn.mistake() for _ in range(P.MAX_ERRORS + 1)]
    assert flood[-1] and not any(flood[: P.MAX_ERRORS - 2])
