"""A person whose name is already at the table (a bot the creator named so, or the same
person in a second seat) is seated under it with "~N", as the server's guest names go,
never with a bare digit that reads as another bot ("Bot 12")."""
from __future__ import annotations

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.server.server import Server
from tests.net.helpers import Driven, key_of


async def test_a_person_named_like_a_bot_at_the_table_is_told_apart(server: Server) -> None:
    maker = await Driven.connect(server.port, "Maker")
    await maker.create(variant="draw", players=3, target=10, options={}, seats=[
        {"kind": "human"}, {"kind": "bot", "level": "easy", "name": "Bot 1"}, {"kind": "human"}])
    person = Driven(await Connection.open("127.0.0.1", server.port, "Bot 1", key=key_of("a secret, long enough")))
    answer = await person.join(maker.code)
    names = [s["name"] for s in answer["table"]["seats"]]
    assert names == ["Maker", "Bot 1", "Bot 1~2"]
    for p in (maker, person):
        await p.close()


def test_a_long_name_keeps_its_suffix_within_the_limit() -> None:
    from types import SimpleNamespace

    from dominoes_tui.net.server.seating import Seating
    from dominoes_tui.net.wire.protocol import MAX_NAME

    long = "L" * MAX_NAME
    table = SimpleNamespace(slots=[SimpleNamespace(name=long)] + [SimpleNamespace(name=f"{long[:MAX_NAME - 2]}~{n}")
                                                                 for n in range(2, 10)] + [SimpleNamespace(name="")])
    name = Seating._unique_name(table, long, seat=len(table.slots) - 1)
    assert name == f"{long[:MAX_NAME - 3]}~10" and len(name) == MAX_NAME
