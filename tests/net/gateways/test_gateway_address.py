"""A gateway's members are counted at the address each really came from: the SSH and web
gateways run one client per session, so every member reached the table server from the
gateway's own address and shared its limits (nine guests of a club evening over SSH hit
"8 guests per address"). So the gateway vouches for the real address (vouch.py), and
the table server re-keys the connection to it in the hello; a forged vouch changes nothing.

The addresses vouched for here (192.0.2.x, documentation addresses) are only data in a
signed message: every packet stays on loopback."""
from __future__ import annotations

import asyncio
import json
import secrets
import sys
from pathlib import Path

import pytest

from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.gateways.vouch import ENV, Vouched, read_vouch, vouch_for, vouch_from_env
from dominoes_tui.net.host.limits import Limits
from dominoes_tui.net.server.server import Server

from ..helpers import WAIT, Driven

SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 1, "target": 15, "fill_bots": True, "bot_level": "random"}


async def raw_hello(port: int, vouch: object, secret: str | None = None) -> tuple[dict, asyncio.StreamWriter]:
    """A hello as any program could send it (no client library), and the server's answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    msg: dict = {"type": "hello", "protocol": 1, "name": "Raw", "vouch": vouch}
    if secret is not None:
        msg["secret"] = secret
    writer.write((json.dumps(msg) + "\n").encode())
    return json.loads(await asyncio.wait_for(reader.readline(), WAIT)), writer


def as_hello(vouch: str) -> dict[str, str]:
    """The vouch as the client puts it in its hello (PERSON:ADDRESS:MAC from the gateway)."""
    person, _, rest = vouch.partition(":")
    address, _, mac = rest.rpartition(":")
    return {"person": person, "address": address, "mac": mac}


def test_the_vouch_travels_through_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    key = secrets.token_hex(32).encode()
    for address, counted_as in (("192.0.2.1", "192.0.2.1"), ("2001:db8::5", "2001:db8::/64"),
                                ("::ffff:192.0.2.1", "192.0.2.1")):  # an IPv4 address mapped into IPv6 is that address
        monkeypatch.setenv(ENV, vouch_for(key, None, address))
        sent = vouch_from_env()
        assert sent == {"person": "", "address": address, "mac": sent["mac"]}
        assert read_vouch(key, sent) == Vouched(None, counted_as)
    monkeypatch.setenv(ENV, vouch_for(key, "SHA256:abc", "2001:db8::5"))
    got = read_vouch(key, vouch_from_env())
    assert got.person and got.address == "2001:db8::/64"  # an IPv6 address counts by its /64, as guesses do
    monkeypatch.setenv(ENV, "0123abcd:" + "0" * 64)  # an old gateway's PERSON:MAC
    assert vouch_from_env() == {"person": "0123abcd", "mac": "0" * 64}
    assert read_vouch(secrets.token_hex(32).encode(), vouch_from_env()).address is None  # another server's key
    stripped = {k: v for k, v in vouch_from_env().items() if k != "address"}  # passed off as the first kind
    assert read_vouch(key, stripped).person is None


async def test_vouched_guests_from_nine_addresses_all_enter_an_evening(evening_server: Server,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Guests are 8 per address; nine members of one gateway, each from his own address, all
    enter. Forged vouches claiming other addresses are counted at the gateway's: the ninth is refused."""
    assert evening_server.tournament_host.guests_per_address == 8
    org = await Driven.connect(evening_server.port, "Host")
    await org.conn.request({"type": "tournament_organize", "secret": evening_server.tournament_host.organizer_secret})
    await org.conn.request({"type": "tournament_open", "settings": SETTINGS})
    members = []
    for i in range(9):  # the client, handed each session's vouch as the gateway hands it
        monkeypatch.setenv(ENV, vouch_for(evening_server.gateway_key, None, f"192.0.2.{i + 1}"))
        members.append(await Connection.open("127.0.0.1", evening_server.port, f"Guest{i}"))
        await members[-1].request({"type": "tournament_register"})
    assert sorted(c.address for c in evening_server.conns if c.name.startswith("Guest")) == [f"192.0.2.{i + 1}" for i in range(9)]
    forgers = []
    for i in range(9):
        good = vouch_for(evening_server.gateway_key, None, "192.0.2.1")
        monkeypatch.setenv(ENV, f":192.0.2.{100 + i}:{good.rpartition(':')[2]}")  # signed for another address
        forgers.append(await Connection.open("127.0.0.1", evening_server.port, f"Forger{i}"))
        if i < 8:
            await forgers[-1].request({"type": "tournament_register"})
    assert {c.address for c in evening_server.conns if c.name.startswith("Forger")} == {"127.0.0.1"}
    with pytest.raises(ServerRefused, match="8 guests"):
        await forgers[-1].request({"type": "tournament_register"})
    for conn in [org.conn, *members, *forgers]:
        await conn.close()


async def test_the_connection_limit_is_checked_again_at_the_vouched_address(tmp_path: Path) -> None:
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", limits=Limits(conns_per_address=2))
    await srv.start("127.0.0.1", 0)
    try:
        to_7 = as_hello(vouch_for(srv.gateway_key, None, "192.0.2.7"))
        held = [await raw_hello(srv.port, to_7) for _ in range(2)]
        assert all(welcome["type"] == "welcome" for welcome, _ in held)
        # the gateway's own address holds none of them now: a member from elsewhere gets in
        welcome, writer = await raw_hello(srv.port, as_hello(vouch_for(srv.gateway_key, None, "192.0.2.8")))
        assert welcome["type"] == "welcome"
        held.append((welcome, writer))
        refused, writer = await raw_hello(srv.port, to_7)  # a third from 192.0.2.7
        assert refused == {"type": "error", "reason": "too many connections from your address", "fatal": True,
                           "say": "too many connections from your address"}
        held.append((refused, writer))
        assert sorted(c.address for c in srv.conns if c.hello) == ["192.0.2.7", "192.0.2.7", "192.0.2.8"]
        for _, w in held:
            w.close()
    finally:
        await srv.close()


@pytest.mark.parametrize("vouch", [
    {"person": "", "address": "192.0.2.9", "mac": "0" * 64},  # forged
    {"person": "", "address": "192.0.2.9"},  # unsigned
    {"person": "", "address": "192.0.2.9", "mac": "é" * 64},  # not even hex: once a server error
    {"person": "p", "mac": "é" * 64},
    {"person": "", "address": ["192.0.2.9"], "mac": "0" * 64},
    "192.0.2.9",
])
async def test_a_forged_or_unsigned_vouch_changes_nothing(server: Server, vouch: object) -> None:
    welcome, writer = await raw_hello(server.port, vouch, secret=secrets.token_urlsafe(24))
    assert welcome["type"] == "welcome", welcome
    assert [c.address for c in server.conns if c.hello] == ["127.0.0.1"]
    writer.close()


SESSION = """
import asyncio, sys
from dominoes_tui.net.client.client import Connection
async def main():
    _, addr, _, name = sys.argv[1:5]
    host, port = addr.rsplit(":", 1)
    conn = await Connection.open(host, int(port), name)
    print("connected", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # held open until told
    await conn.close()
asyncio.run(main())
"""


async def test_an_ssh_guest_is_counted_at_the_address_he_came_from(server: Server, tmp_path: Path) -> None:
    """A login with the password and no key (a guest) over IPv6 loopback: the table server sees the
    gateway's 127.0.0.1, and counts him at ::1's /64."""
    asyncssh = pytest.importorskip("asyncssh")
    from dominoes_tui.net.gateways.ssh_gateway import Gateway

    gw = Gateway(f"127.0.0.1:{server.port}", tmp_path / "ssh", command=[sys.executable, "-c", SESSION],
                 password="club night", vouch_key=server.data_dir / "gateway.key")
    await gw.start("::1", 0)
    try:
        async with asyncssh.connect("::1", gw.port, username="Visitor", password="club night", client_keys=None,
                                    known_hosts=None, agent_path=None) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            seen = b""
            while b"connected" not in seen:
                chunk = await asyncio.wait_for(proc.stdout.read(4096), WAIT)
                assert chunk, seen
                seen += chunk
            assert [c.address for c in server.conns if c.name.startswith("Visitor")] == ["::/64"], seen
            proc.stdin.write(b"\n")
            await asyncio.wait_for(proc.wait_closed(), WAIT)
    finally:
        await gw.close()


async def test_a_browser_tab_is_counted_at_its_own_address(server: Server) -> None:
    """The tab's client process gets the vouch for the tab's remote address (::1 here) in
    its environment, and the table server counts it there, not at the gateway's 127.0.0.1."""
    pytest.importorskip("textual_serve")
    aiohttp = pytest.importorskip("aiohttp")
    from aiohttp import web

    from dominoes_tui.net.gateways.web import make_web_server
    from tests.net.gateways.helpers import reap_tab_processes

    web_server = make_web_server(f"127.0.0.1:{server.port}", "::1", 0, name="Tab",
                                 vouch_key=server.data_dir / "gateway.key")
    runner = web.AppRunner(await web_server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "::1", 0)
    await site.start()
    url = f"http://[::1]:{site._server.sockets[0].getsockname()[1]}"
    web_server.public_url = url
    try:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                for _ in range(int(WAIT / 0.05)):  # the tab's game starts and says hello
                    if any(c.name == "Tab" and c.hello for c in server.conns):
                        break
                    await asyncio.sleep(0.05)
                assert [c.address for c in server.conns if c.name == "Tab"] == ["::/64"]
                await ws.close()
        for _ in range(int(WAIT / 0.05)):
            if not any(c.name == "Tab" for c in server.conns):
                break
            await asyncio.sleep(0.05)
        await reap_tab_processes()
    finally:
        await runner.cleanup()


def test_a_tab_without_the_key_gets_no_vouch_not_even_an_inherited_one(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("textual_serve")
    from dominoes_tui.net.gateways import web

    monkeypatch.setenv(ENV, "someone:192.0.2.1:" + "0" * 64)  # in the gateway's own environment
    service = web.VouchingAppService("true", write_bytes=None, write_str=None, close=None, download_manager=None)
    assert service._build_environment()[ENV].startswith("someone")  # not a tab of ours: left alone
    token = web._TAB_VOUCH.set("")
    try:
        assert ENV not in service._build_environment()
    finally:
        web._TAB_VOUCH.reset(token)
