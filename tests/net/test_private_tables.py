"""A private table: on no list and no board, reached only by its long code (the invite),
and an address that keeps giving wrong codes has to wait, however often it reconnects."""
from __future__ import annotations

import pytest

from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P

from .helpers import Driven

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_a_private_table_is_unlisted_and_its_invite_seats_a_friend(server: Server) -> None:
    ana = await Driven.connect(server.port, "Ana")
    made = await ana.create(seats=HUMANS, private=True)
    code = made["code"]
    assert len(code) == P.PRIVATE_CODE_LENGTH and made["table"]["private"]
    stranger = await Driven.connect(server.port, "Eve")
    lobby = await stranger.conn.request({"type": "list"})
    assert code not in {t["code"] for t in lobby["tables"]}
    friend = await Driven.connect(server.port, "Ben")
    joined = await friend.join(f"{code[:4]}-{code[4:8]}-{code[8:].lower()}")  # as a person might type it
    assert joined["seat"] == 1
    board = await stranger.conn.request({"type": "board"})
    assert code not in {t["code"] for t in board["tables"]}
    for c in (ana, stranger, friend):
        await c.close()


async def test_wrong_codes_are_limited_per_address_across_reconnects(server: Server) -> None:
    if hasattr(server, "wrong_codes"):
        server.wrong_codes.clock = lambda: 0.0  # time stands still: a wait never runs out during the test
    ana = await Driven.connect(server.port, "Ana")
    code = (await ana.create(seats=HUMANS, private=True))["code"]
    refusals = []
    for i in range(8):  # a new connection for every guess: mistakes count per address, not per connection
        guesser = await Driven.connect(server.port, f"Eve{i}")
        with pytest.raises(ServerRefused) as exc:
            await guesser.conn.request({"type": "join", "code": "ZZZZZZZZZZZ" + "ABCDEFGH"[i]})
        refusals.append(str(exc.value))
        await guesser.close()
    assert all("no open table" in r for r in refusals[:6])  # five free mistakes; the sixth starts a wait
    assert all("too many wrong table codes" in r for r in refusals[6:]), refusals
    blocked = await Driven.connect(server.port, "Eve9")
    with pytest.raises(ServerRefused, match="too many wrong"):  # not even the right code while it waits
        await blocked.conn.request({"type": "join", "code": code})
    await blocked.close()
    await ana.close()
