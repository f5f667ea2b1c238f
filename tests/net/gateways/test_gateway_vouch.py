"""The table server's budget of new name claims is per person, not per gateway: every
SSH session reaches it from the gateway's address, and after twenty new members the next
one's name was his at the gateway but a guest's at the table server."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import sys

import pytest

from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.server.server import Server

from ..helpers import WAIT, key_hello, key_of


def signed(key: bytes, person: str) -> dict[str, str]:
    """A vouch as the gateway makes it (net/gateways/vouch.py): a person id and its HMAC under the gateway key."""
    return {"person": person, "mac": hmac.new(key, f"person:{person}".encode(), hashlib.sha256).hexdigest()}


async def hello(port: int, name: str, vouch: dict[str, str] | None) -> dict:
    """A claiming hello with a fresh key, and the server's welcome."""
    return await key_hello(port, name, key_of(secrets.token_urlsafe(24)), **({"vouch": vouch} if vouch else {}))


async def test_claims_vouched_for_by_a_gateway_count_per_person(tmp_path) -> None:
    data = tmp_path / "server"
    data.mkdir(mode=0o700)
    key_text = secrets.token_hex(32)
    (data / "gateway.key").write_text(key_text + "\n")
    (data / "gateway.key").chmod(0o600)
    srv = Server(data, bot_delay=0.0, default_level="random", standin_delay=0.0)
    await srv.start("127.0.0.1", 0)
    try:
        kinds = [(await hello(srv.port, f"Member{i}", signed(key_text.encode(), f"person{i}")))["identity"]["kind"]
                 for i in range(25)]  # 25 members of one gateway, all from its one address
        assert kinds == ["claimed"] * 25, kinds
        for i in range(20):  # the address's own budget, spent without vouches
            assert (await hello(srv.port, f"Plain{i}", None))["identity"]["kind"] == "claimed"
        forged = await hello(srv.port, "Mallory", {"person": "person99", "mac": "0" * 64})
        assert forged["identity"]["kind"] == "guest"  # a forged vouch counts against the address: spent
    finally:
        await srv.close()


SESSION = """
import asyncio, sys
from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.client.tokens import identity_key
async def main():
    _, addr, _, name = sys.argv[1:5]
    host, port = addr.rsplit(":", 1)
    conn = await Connection.open(host, int(port), name, key=identity_key())
    print("identity:", "guest" if conn.guest else "claimed", flush=True)
    await conn.close()
asyncio.run(main())
"""


async def test_an_ssh_member_claims_his_name_at_the_table_server_after_twenty_others(server: Server, tmp_path) -> None:
    asyncssh = pytest.importorskip("asyncssh")
    from dominoes_tui.net.gateways.ssh_gateway import Gateway

    # the gateway's address has used its hour's budget of claims; the member comes from an
    # address of his own (a claim counts against the person and the address he came from)
    for i in range(20):
        await (await Connection.open("127.0.0.1", server.port, f"Early{i}", key=key_of(secrets.token_urlsafe(24)))).close()
    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", command=[sys.executable, "-c", SESSION],
                 vouch_key=server.data_dir / "gateway.key")
    await gw.start("127.0.0.1", 0)
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", gw.port, username="Newbie", client_keys=[key], known_hosts=None,
                                    agent_path=None, local_addr=("127.0.0.2", 0)) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            seen = b""
            while b"identity:" not in seen or not seen.rstrip().endswith((b"guest", b"claimed")):
                chunk = await asyncio.wait_for(proc.stdout.read(4096), WAIT)
                if not chunk:
                    break
                seen += chunk
            assert b"identity: claimed" in seen, seen
    finally:
        await gw.close()
