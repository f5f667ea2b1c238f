"""Whatever line a client sends, the server answers it in one line and counts it: a
number past Python's 4,300 digits, NaN, a number past a float's range, text that is not
UTF-8, nesting too deep and a wrong top-level type are protocol mistakes, never "server
error"; a server error counts toward the close as a mistake does and costs the log one
line, not a traceback a line; and the handshake's seconds run from connecting, however
many lines come before the hello."""
from __future__ import annotations

import asyncio
import json
import logging
import time

import pytest

from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.net.wire import says as S

from .helpers import WAIT

LONG_NUMBER = b'{"type": "ping", "id": 1, "n": ' + b"7" * 5000 + b"}\n"
UNDECODABLE = [
    LONG_NUMBER,
    b'{"type": "ping", "id": 1, "n": NaN}\n',
    b'{"type": "ping", "id": 1, "n": -Infinity}\n',
    b'{"type": "ping", "id": 1, "n": 1e999}\n',
    b'{"type": "ping", "id": "\xff\xfe"}\n',
    b"[" * 5000 + b"]" * 5000 + b"\n",
    b'["type", "ping"]\n',
]


async def answers(port: int, lines: list[bytes]) -> tuple[list[dict], bool]:
    """What the server answers to `lines` sent one by one, and whether it then hung up."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_CLIENT_LINE)
    got = []
    try:
        for line in lines:
            writer.write(line)
            got.append(json.loads(await asyncio.wait_for(reader.readline(), WAIT)))
        closed = await asyncio.wait_for(reader.read(), WAIT) == b""
    except (ConnectionError, json.JSONDecodeError):
        closed = True
    finally:
        writer.close()
    return got, closed


@pytest.mark.parametrize("line", UNDECODABLE, ids=["4300-digits", "nan", "infinity", "1e999", "not-utf8", "deep", "list"])
async def test_a_line_that_cannot_be_decoded_is_a_counted_mistake(server: Server, line: bytes) -> None:
    got, closed = await answers(server.port, [line] * (P.MAX_ERRORS + 1))
    assert all(a["type"] == "error" and a["say"] != S.SERVER_ERROR for a in got), got[0]
    assert all(len(json.dumps(a)) < 300 for a in got)  # one line of answer, not the line back
    assert got[-1].get("fatal") is True and not any(a.get("fatal") for a in got[:-1]) and closed


async def test_server_errors_count_toward_the_close_and_log_one_line_each(server: Server, monkeypatch,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> list:
        raise RuntimeError("a bug a stranger found")

    monkeypatch.setattr(server, "create", broken)  # a request outside the address's work budget
    server.failures.per_hour = 30
    hello = P.encode({"type": "hello", "protocol": 1, "name": "Eve"})
    with caplog.at_level(logging.INFO, logger="dominoes_tui.net"):
        for _ in range(3):
            got, closed = await answers(server.port, [hello] + [b'{"type": "create", "id": 2}\n'] * (P.MAX_ERRORS + 1))
            assert [a["say"] for a in got[1:]] == [S.SERVER_ERROR] * (P.MAX_ERRORS + 1)
            assert got[-1].get("fatal") is True and closed
    failed = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(failed) == 30  # 63 failures: the hour's lines, then silence
    assert sum(1 for r in failed if r.exc_info) == 1  # one traceback for the one kind of failure
    assert all("\n" not in r.getMessage() for r in failed)


async def test_the_handshake_is_ten_seconds_from_connecting_not_per_line(limited) -> None:
    server = await limited(handshake_timeout=1.0)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    start = time.monotonic()
    lines = []
    try:
        while time.monotonic() - start < 6:  # a line every 0.3 s, never a hello
            writer.write(b'{"type": "ping"}\n')
            line = await asyncio.wait_for(reader.readline(), WAIT)
            if not line:
                break
            lines.append(line)
            await asyncio.sleep(0.3)
    except ConnectionError:
        pass
    finally:
        writer.close()
    last = lines[-1] if lines else b"{}"
    assert time.monotonic() - start < 4, "a client that never says hello stays connected"
    assert json.loads(last)["say"] == S.NO_HELLO
