"""Who a connection is, at the table server (the identity rated play uses):
a secret claims a name, another secret or none is a guest under a name of its own, the
seat's name is the identity's (never a name the join message gives), and a finished
match records each seat's identity."""
from __future__ import annotations

import json
import secrets

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.host.names import NameRegister
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import proof

from .helpers import Driven, key_of, play_out


def a_secret() -> str:
    return secrets.token_urlsafe(24)


async def test_a_secret_claims_a_name_and_another_is_a_guest(server: Server) -> None:
    ana_secret = a_secret()
    ana = await Connection.open("127.0.0.1", server.port, "Ana", key=key_of(ana_secret))
    assert ana.name == "Ana" and not ana.guest
    eve = await Connection.open("127.0.0.1", server.port, "Ana", key=key_of(a_secret()))
    assert eve.name == "Ana~2" and eve.guest
    bare = await Connection.open("127.0.0.1", server.port, "ANA")  # the same name, folded; no secret
    assert bare.name.startswith("ANA~") and bare.guest
    await ana.close()
    back = await Connection.open("127.0.0.1", server.port, "ana", key=key_of(ana_secret))
    assert back.name == "Ana" and not back.guest  # her secret, any spelling: her name as claimed
    for c in (eve, bare, back):
        await c.close()


def claim(reg: NameRegister, name: str, words: str, address: str) -> bool:
    """`name` proved with the key made from `words` at this register, as a server checks it."""
    key = key_of(words)
    signed = proof.message("127.0.0.1:7788", a_secret(), name.casefold(), key.public)
    return reg.prove(name, key.public, signed, key.sign(signed), None, address, lambda n: False).claimed


async def test_the_register_survives_a_restart_and_keeps_no_secret(tmp_path) -> None:
    path = tmp_path / "names.json"
    words = a_secret()
    first = NameRegister(path)
    assert claim(first, "Ana", words, "10.0.0.1")
    text = path.read_text()
    assert words not in text and key_of(words).pem() not in text and path.stat().st_mode & 0o777 == 0o600
    again = NameRegister(path)
    assert claim(again, "Ana", words, "10.0.0.2")
    assert not claim(again, "Ana", a_secret(), "10.0.0.2")
    assert again.release("ana") and not NameRegister(path).is_claimed("Ana")


def test_one_address_cannot_claim_every_name(tmp_path) -> None:
    reg = NameRegister(tmp_path / "names.json", claims_per_address=3)
    claimed = [claim(reg, f"N{i}", a_secret(), "10.0.0.9") for i in range(6)]
    assert claimed == [True, True, True, False, False, False]
    assert claim(reg, "Other", a_secret(), "10.0.0.10")


async def test_the_seat_name_is_the_identity_and_the_finished_match_records_it(server: Server) -> None:
    ana = Driven(await Connection.open("127.0.0.1", server.port, "Ana", key=key_of(a_secret())))
    eve = Driven(await Connection.open("127.0.0.1", server.port, "Eve"))
    made = await ana.create(variant="block", players=2, target=10, seats=[{"kind": "human"}, {"kind": "human"}])
    joined = await eve.join(made["code"], name="Ana")  # a join that says another name changes nothing
    assert [s["name"] for s in joined["table"]["seats"]] == ["Ana", "Eve"]
    table = server.tables[made["code"]]
    assert table.identities() == ["name:Ana", None]
    await play_out([ana, eve])
    finished = server.data_dir / "finished"
    for _ in range(200):
        records = list(finished.glob("*.json"))
        if records:
            break
        import asyncio

        await asyncio.sleep(0.05)
    record = json.loads(records[0].read_text())
    assert [s["identity"] for s in record["seats"]] == ["name:Ana", None]
    assert record["practice"] is False
    assert records[0].stat().st_mode & 0o777 == 0o600
    await ana.close()
    await eve.close()
