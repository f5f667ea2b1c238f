"""A private table: on no list and no board, reached only by its long code (the invite),
and an address that keeps giving wrong codes has to wait, however often it reconnects."""
from __future__ import annotations

import pytest

from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import protocol as P

from .helpers import Driven, play_out

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


async def test_a_seats_token_is_no_guess_while_its_address_waits_after_wrong_codes(server: Server) -> None:
    """Others at the same address (a NAT, a club's one router) giving wrong codes cannot
    keep a person from the seat they hold, nor does asking for a finished table with its
    token count as a wrong code."""
    server.wrong_codes.clock = lambda: 0.0  # time stands still: the wait never runs out during the test
    ana = await Driven.connect(server.port, "Ana")
    made = await ana.create(seats=HUMANS, private=True)
    code, token = made["code"], made["token"]
    for i in range(8):
        guesser = await Driven.connect(server.port, f"Eve{i}")
        with pytest.raises(ServerRefused):
            await guesser.conn.request({"type": "join", "code": "ZZZZZZZZZZZ" + "ABCDEFGH"[i]})
        await guesser.close()
    stranger = await Driven.connect(server.port, "Eve9")
    with pytest.raises(ServerRefused, match="too many wrong"):  # without the token: still a guess, refused
        await stranger.conn.request({"type": "join", "code": code})
    with pytest.raises(ServerRefused, match="too many wrong"):  # a made-up token is no better
        await stranger.conn.request({"type": "join", "code": code, "token": "x" * 24})
    await stranger.close()
    back = await Driven.connect(server.port, "Ana")  # her client, come back on a new connection
    answer = await back.conn.request({"type": "join", "code": code, "token": token})
    assert answer["seat"] == 0 and answer["rejoin"]
    for c in (ana, back):
        await c.close()


async def test_a_finished_tables_code_with_its_token_is_not_a_wrong_guess(server: Server) -> None:
    """A client that came back between its match's end and the next pairing asks for its
    finished table: that is no guess, however often it asks."""
    server.wrong_codes.clock = lambda: 0.0
    ana = await Driven.connect(server.port, "Ana")
    made = await ana.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], target=5)
    code, token = made["code"], made["token"]
    await play_out([ana])
    for _ in range(8):
        with pytest.raises(ServerRefused, match="no open table"):
            await ana.conn.request({"type": "join", "code": code, "token": token})
    with pytest.raises(ServerRefused, match="no open table"):  # not waiting: a wrong code is still only wrong
        await ana.conn.request({"type": "join", "code": "ZZZZZZZZZZZZ"})
    await ana.close()
