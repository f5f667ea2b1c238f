"""Driven clients for the server tests: a thin layer over net.client.Connection that
collects every pushed message and can wait (bounded) for one that matches."""
from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from collections.abc import Callable
from typing import Any

import msgspec

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.host.names import NameRegister, fold
from dominoes_tui.net.wire import proof
from dominoes_tui.net.wire import protocol as P
from dominoes_tui.net.wire.proof import PlayerKey
from dominoes_tui.net.wire.protocol import PROTOCOL_VERSION
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.render import END_KEYS
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.ui.helpers import Notices

PACE_PER_SECOND, PACE_BURST = P.RATE_PER_SECOND * 0.75, P.RATE_BURST // 2  # well under the server's limit
WAIT = 20.0  # the longest any single wait may take before the test fails (never a timing assertion)


def as_dict(msg: Any) -> dict[str, Any]:
    """A message the connection read (typed, net/wire/answers.py) as the dict the server
    sent (a field it left out absent at the top), which the tests may mark (`_sent`)."""
    return {k: v for k, v in msgspec.to_builtins(msg).items() if v is not None}


class Driven:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.pushed: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = []
        self._changed = asyncio.Event()
        conn.on_push = self._push
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = None
        self._tokens, self._last = float(PACE_BURST), 0.0

    @classmethod
    async def connect(cls, port: int, name: str) -> Driven:
        return cls(await Connection.open("127.0.0.1", port, name))

    async def pace(self) -> None:
        """Wait, if need be, to stay under the server's rate limit: a driven client plays
        a bot-speed match faster than any person, and the server rightly hangs up on a
        client sending more than 20 messages a second."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        self._tokens = min(PACE_BURST, self._tokens + (now - self._last) * PACE_PER_SECOND)
        self._last = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / PACE_PER_SECOND)
            self._tokens, self._last = 1.0, loop.time()
        self._tokens -= 1

    def _push(self, typed: Any) -> None:
        msg = as_dict(typed)
        self.pushed.append(msg)
        if msg.get("type") == "state":
            self.states.append(msg)
        self._changed.set()

    async def wait_for(self, pred: Callable[[dict[str, Any]], bool], since: int = 0, timeout: float = WAIT) -> dict[str, Any]:
        """The first pushed message from index `since` on that matches (waiting for it, bounded)."""
        seen = since

        async def scan() -> dict[str, Any]:
            nonlocal seen
            while True:
                for msg in self.pushed[seen:]:
                    seen += 1
                    if pred(msg):
                        return msg
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(scan(), timeout)

    def _answer_state(self, typed: Any) -> None:
        """Keep an answer's state in the server's order: pushes read after the answer but
        before the awaiting request resumed are newer, and must stay last."""
        state = as_dict(typed)
        seq = int(state.get("seq", 0))
        for i, s in enumerate(self.states):
            if s.get("code") == state.get("code") and int(s.get("seq", 0)) > seq:
                self.states.insert(i, state)
                return
        self.states.append(state)

    @property
    def view(self) -> dict[str, Any]:
        return self.states[-1]["view"]

    async def create(self, **kw: Any) -> dict[str, Any]:
        answer = await self.conn.request({"type": "create", **kw})
        self.code = answer["code"]
        if "seat" in answer:
            self.seat, self.token = answer["seat"], answer["token"]
        if "state" in answer:
            self._answer_state(answer["state"])
        return answer

    async def join(self, code: str, **kw: Any) -> dict[str, Any]:
        answer = await self.conn.request({"type": "join", "code": code, **kw})
        self.code, self.seat, self.token = answer["code"], answer["seat"], answer["token"]
        if "state" in answer:
            self._answer_state(answer["state"])
        return answer

    async def watch(self, code: str) -> dict[str, Any]:
        answer = await self.conn.request({"type": "watch", "code": code})
        self.code = code
        if "state" in answer:
            self._answer_state(answer["state"])
        return answer

    async def close(self) -> None:
        await self.conn.close()


def _match_over(view: dict[str, Any]) -> bool:
    return bool(view["phase"] == "match_over")


async def play_out(players: list[Driven], max_steps: int = 5000,
                   until: Callable[[dict[str, Any]], bool] = _match_over) -> dict[str, Any]:
    """Play every person's turn with the first legal move and say ready after each round,
    until the first player's view is `until` (the match is over); returns the last state
    the first player saw."""
    for _ in range(max_steps):
        last = players[0].states[-1] if players[0].states else None
        if last and until(last["view"]):
            return last
        counts = [len(p.pushed) for p in players]
        acted = False
        for p in players:
            if not p.states:
                continue
            st = p.states[-1]
            v = st["view"]
            if v["phase"] == "playing" and v["to_act"] == p.seat and v["legal"] and not st.get("_sent"):
                st["_sent"] = True
                await p.pace()
                p.conn.send({"type": "play", "move": v["legal"][0]})
                acted = True
            elif v["phase"] == "round_over" and not st.get("_sent"):
                st["_sent"] = True
                await p.pace()
                p.conn.send({"type": "ready"})
                acted = True
        waits = [asyncio.ensure_future(p.wait_for(lambda m: True, since=n)) for p, n in zip(players, counts)]
        done, pending = await asyncio.wait(waits, timeout=WAIT, return_when=asyncio.FIRST_COMPLETED)
        for w in pending:
            w.cancel()
        for w in done:
            w.exception()
        if not done:
            where = []
            for p in players:  # what each waited on: the next failure says which race it was
                v = p.states[-1]["view"] if p.states else {}
                where.append(f"{p.conn.name} seat {p.seat} at {p.code}: phase {v.get('phase')}, to act {v.get('to_act')}, "
                             f"{len(v.get('legal') or [])} legal, sent {bool(p.states and p.states[-1].get('_sent'))}, "
                             f"last pushed {[_pushed_words(m) for m in p.pushed[-4:]]}")
            raise AssertionError(f"nothing happened for {WAIT}s (acted={acted}); " + " | ".join(where))
    raise AssertionError("the match did not end")


HELLO = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "x"}


def _pushed_words(m: dict[str, Any]) -> str:
    """A pushed message in a failure's words: its type, and why when it says."""
    return str(m.get("type")) + (f":{m.get('reason')}" if m.get("reason") else "")


def key_of(words: str) -> PlayerKey:
    """A player's key made from words, so a test says "the same person" by the same words."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return PlayerKey(Ed25519PrivateKey.from_private_bytes(hashlib.sha256(words.encode("utf-8")).digest()))


def claim(reg: NameRegister, name: str, words: str, address: str = "127.0.0.1") -> bool:
    """`name` proved at this register with the key made from `words`, as a server checks a
    proof: the way a test claims a name before its server starts."""
    key = key_of(words)
    signed = proof.message("127.0.0.1:7788", secrets.token_urlsafe(24), fold(name), key.public)
    return reg.prove(name, key.public, signed, key.sign(signed), None, address, lambda n: False).claimed


async def key_hello(port: int, name: str, key: PlayerKey, **fields: Any) -> dict[str, Any]:
    """A hello with a key over a raw socket, its challenge signed as a client does, and the
    server's welcome (the socket is closed after it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(P.encode({"type": "hello", "protocol": 1, "name": name, "key": key.public, **fields}))
        challenge = json.loads(await asyncio.wait_for(reader.readline(), WAIT))
        assert challenge["type"] == "challenge", challenge
        here = proof.endpoint(writer.get_extra_info("peername")) or "?"
        signed = proof.message(here, challenge["challenge"], fold(P.clean_name(name)), key.public)
        writer.write(P.encode({"type": "prove", "signature": key.sign(signed)}))
        return dict(json.loads(await asyncio.wait_for(reader.readline(), WAIT)))
    finally:
        writer.close()


async def open_from(source: str, port: int, name: str, host: str = "127.0.0.1", **proofs: Any) -> Connection:
    """A client that connects from `source` (another loopback address: 127.0.0.2 …, or an
    address of a test's own network namespace), as a person on another machine would;
    `proofs`: Connection.open's key (and old_secret, or an old client's secret)."""
    from unittest import mock

    real = asyncio.open_connection

    async def bound(*args: Any, **kw: Any) -> Any:
        return await real(*args, local_addr=(source, 0), **kw)

    with mock.patch.object(asyncio, "open_connection", bound):
        return await Connection.open(host, port, name, **proofs)


async def autoplay(p: Driven) -> None:
    """A second person who plays the first legal move and reads every summary at once."""
    while True:
        n = len(p.pushed)
        if p.states:
            st = p.states[-1]
            v = st["view"]
            if v["phase"] == "match_over":
                return
            if not st.get("_sent"):
                if v["phase"] == "playing" and v["to_act"] == p.seat:
                    st["_sent"] = True
                    p.conn.send({"type": "play", "move": v["legal"][0]})
                elif v["phase"] == "round_over":
                    st["_sent"] = True
                    p.conn.send({"type": "ready"})
        await p.wait_for(lambda m: True, since=n, timeout=60)


async def until(pilot, cond, what: str) -> None:
    for _ in range(int(WAIT / 0.02)):
        if cond():
            return
        await pilot.pause(0.02)
    app = pilot.app
    raise AssertionError(
        f"waited too long for {what}: screens {[type(s).__name__ for s in app.screen_stack]}, "
        f"client {app.client!r}, conn {getattr(app, 'conn', None)!r}, notes {list(Notices.active or ())} "
        f"lobby {getattr(getattr(app, 'lobby', None), 'message', None)!r}"
    )


async def play_with_keys(pilot, app: RemoteApp, on_step=None) -> int:
    """Play the person's seat with keys until the match-end screen shows; returns moves made."""
    moves = 0
    for step in range(20000):
        screen = app.screen
        if isinstance(screen, MatchEndScreen):
            return moves
        if on_step is not None and await on_step(step, moves):
            continue
        if isinstance(screen, RoundSummaryScreen):
            await pilot.press("enter")
            continue
        if isinstance(screen, TableScreen) and screen.my_turn():
            options = screen.moves_for(screen.selected)
            await pilot.press(END_KEYS[options[-1].end] if len(options) > 1 else "enter")
            moves += 1
            continue
        await pilot.pause(0.01)
    raise AssertionError("the match did not end")


async def raw(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_CLIENT_LINE)


async def answer(reader: asyncio.StreamReader) -> dict | None:
    line = await asyncio.wait_for(reader.readline(), WAIT)
    return json.loads(line) if line else None


async def closed(reader: asyncio.StreamReader) -> bool:
    """Read until the server hangs up (bounded); True if it did."""
    async def drain() -> None:
        while await reader.read(65536):
            pass
    try:
        await asyncio.wait_for(drain(), WAIT)
        return True
    except ConnectionError:
        return True


def quick_pushes(monkeypatch: Any) -> None:
    """An entry or withdrawal is answered by the evening's next push, which waits PUSH_EVERY
    (0.25 s) to coalesce a burst: for the servers made after this call, tests not about that
    pacing wait 0.02 s for each answer instead."""
    from dominoes_tui.net.evening import tournament_host

    monkeypatch.setattr(tournament_host, "PUSH_EVERY", 0.02)
