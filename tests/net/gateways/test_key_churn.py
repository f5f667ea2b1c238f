"""SSH key churn: fresh keys are fresh persons, not fresh people. One address once
claimed 685 gateway names and 93 table-server names in 120 s, a new key for each. New
names are budgeted per address at the gateway, and the table server counts a vouched
person's claim against the address he really came from as well as against the person."""
from __future__ import annotations

import asyncio
import secrets
import sys
from pathlib import Path

import pytest

from dominoes_tui.net.gateways.vouch import vouch_for
from dominoes_tui.net.server.server import Server

from ..helpers import WAIT, key_hello, key_of

SESSION = "import time; time.sleep(0.2)"


async def test_fresh_keys_from_one_address_claim_few_gateway_names(server: Server, tmp_path: Path) -> None:
    asyncssh = pytest.importorskip("asyncssh")
    from dominoes_tui.net.gateways.ssh_admission import Admission
    from dominoes_tui.net.gateways.ssh_gateway import Gateway

    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", command=[sys.executable, "-c", SESSION],
                 admission=Admission(names_per_address=3))
    await gw.start("127.0.0.1", 0)
    try:
        for i in range(5):  # a new key, and a new name, each time
            key = asyncssh.generate_private_key("ssh-ed25519")
            async with asyncssh.connect("127.0.0.1", gw.port, username=f"Sock{i}", client_keys=[key], known_hosts=None,
                                        agent_path=None) as conn:
                proc = await conn.create_process(term_type="xterm", term_size=(80, 24))
                await asyncio.wait_for(proc.wait_closed(), WAIT)
        assert [name for name, _keys in gw.keys.listing()] == ["Sock0", "Sock1", "Sock2"]
        key = asyncssh.generate_private_key("ssh-ed25519")  # another address has a budget of its own
        async with asyncssh.connect("127.0.0.1", gw.port, username="Ana", client_keys=[key], known_hosts=None,
                                    agent_path=None, local_addr=("127.0.0.2", 0)) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24))
            await asyncio.wait_for(proc.wait_closed(), WAIT)
        assert "Ana" in [name for name, _keys in gw.keys.listing()]
    finally:
        await gw.close()


async def hello(port: int, name: str, vouch: str) -> str:
    """A claiming hello with a fresh key and a gateway's vouch; the identity's kind."""
    person, _, rest = vouch.partition(":")
    address, _, mac = rest.rpartition(":")
    welcome = await key_hello(port, name, key_of(secrets.token_urlsafe(24)),
                              vouch={"person": person, "address": address, "mac": mac})
    return str(welcome["identity"]["kind"])


async def test_fresh_persons_from_one_address_claim_no_more_than_the_address_may(server: Server) -> None:
    key = (server.data_dir / "gateway.key").read_text().strip().encode()
    server.names.claims_per_address = 3
    kinds = [await hello(server.port, f"Sock{i}", vouch_for(key, f"SHA256:fresh-key-{i}", "192.0.2.7"))
             for i in range(5)]  # five fresh keys, five persons, one address
    assert kinds == ["claimed"] * 3 + ["guest"] * 2
    assert await hello(server.port, "Ana", vouch_for(key, "SHA256:ana", "192.0.2.8")) == "claimed"
