"""The deal is secret: hosted tables deal from the OS's random source,
a client's seed is refused unless the host allows seeded practice tables (which then
say so), the log keeps the deals so restarts work, and files holding deals or tokens
are the owner's only."""
from __future__ import annotations

import random
import stat

import pytest

from dominoes_tui.net.client import tokens
from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.host.limits import Limits
from dominoes_tui.net.server.server import Server
from dominoes_tui.ui.screens.hosted.lobby import status_words

from .helpers import Driven

PEOPLE2 = [{"kind": "human"}, {"kind": "bot", "level": "random"}]


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_a_clients_seed_is_refused(server: Server) -> None:
    a = await Connection.open("127.0.0.1", server.port, "A")
    with pytest.raises(ServerRefused, match="practice"):
        await a.request({"type": "create", "variant": "draw", "players": 2, "seed": 7, "sit": None})
    assert not server.tables
    await a.close()


async def test_hosted_tables_deal_from_the_os_and_the_log_keeps_the_deals(tmp_path) -> None:
    data = tmp_path / "server"
    srv = Server(data, bot_delay=0.0, default_level="random", standin_delay=600)
    await srv.start("127.0.0.1", 0)
    ana = await Driven.connect(srv.port, "Ana")
    made = await ana.create(variant="draw", players=2, seats=PEOPLE2)
    table = srv.tables[made["code"]]
    assert isinstance(table.match.rng, random.SystemRandom) and table.seed is None
    start = table.match.events[0]
    assert start.get("seed") is None  # nothing to search for
    assert any(e["event"] == "round_start" and e.get("hands") for e in table.match.events)  # the deal itself
    assert made["table"]["practice"] is False
    assert "practice" not in status_words(made["table"])
    # the owner's only: the data folder, the tables, the log with its deals, the seats with their tokens
    assert mode(data) == 0o700 and mode(data / "tables") == 0o700
    assert mode(data / "tables" / f"{made['code']}.jsonl") == 0o600
    assert mode(data / "tables" / f"{made['code']}.json") == 0o600
    await ana.close()
    await srv.close()
    again = Server(data, bot_delay=0.0, default_level="random", standin_delay=600)
    await again.start("127.0.0.1", 0)
    try:
        back = again.tables[made["code"]]
        assert back.match.events[: len(table.match.events)] == table.match.events  # the same deal, from the log
        assert isinstance(back.match.rng, random.SystemRandom)  # and later deals from the OS again
    finally:
        await again.close()


async def test_a_practice_host_makes_seeded_tables_that_say_so(tmp_path) -> None:
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", limits=Limits(practice=True))
    await srv.start("127.0.0.1", 0)
    try:
        a = await Driven.connect(srv.port, "A")
        made = await a.create(variant="draw", players=2, seats=PEOPLE2, seed=7)
        assert made["table"]["practice"] is True
        assert "practice" in status_words(made["table"])
        assert srv.tables[made["code"]].practice and srv.match_record(srv.tables[made["code"]])["practice"]
        await a.close()
    finally:
        await srv.close()


async def test_a_clients_tokens_and_identity_are_its_owners_only(server: Server, dominoes_home) -> None:
    key = tokens.identity_key()
    assert key is not None and (tokens.identity_key() or key).public == key.public  # made once, then kept
    tokens.put("127.0.0.1", server.port, "ABCD", "Ana", "t0ken")
    assert mode(dominoes_home / "tokens.json") == 0o600 and mode(dominoes_home / "identity.key") == 0o600
    assert mode(dominoes_home) == 0o700
