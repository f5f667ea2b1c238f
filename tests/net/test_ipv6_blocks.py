"""Every per-address limit counts an IPv6 address by its /64 (one home or one machine is
handed the whole block, and walks it freely), and an IPv4-mapped one as the IPv4
address: one function, guesses.address_key, at the table server, the names, the
evening, the SSH gateway and the browser server. From one /64 a stranger once took
every connection, 60 tables, 30 name claims and 12 guest entrants.

The attack needs many addresses of one /64 on this machine: the test runs in a network
namespace of its own (`unshare -n`) with fd00::1 … fd00::9/64 on its loopback, and is
skipped, saying why, where the machine does not allow one."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from dominoes_tui.net.host.guesses import address_key

ADDRESSES = [f"fd00::{i}" for i in range(1, 10)]

SCRIPT = r"""
import asyncio, json, subprocess, sys, tempfile
from pathlib import Path
subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
for a in %(addresses)r:
    subprocess.run(["ip", "addr", "add", a + "/64", "dev", "lo", "nodad"], check=True)
subprocess.run(["ip", "addr", "add", "fd00:1::8/64", "dev", "lo", "nodad"], check=True)  # another /64
sys.path.insert(0, %(tests)r)
from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.evening import tournament_host
from dominoes_tui.net.host.limits import Limits
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.gateways.vouch import vouch_for
from tests.net.helpers import key_of, open_from

SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 2, "players": 2, "fill_bots": True, "bot_level": "random"}

async def attempt(coro):
    try:
        await coro
        return True
    except (OSError, ServerRefused, asyncio.IncompleteReadError):
        return False

async def main():
    found = {}
    data = Path(tempfile.mkdtemp())
    tournament_host.PUSH_EVERY = 0.02  # an entry waits for the evening's push: not what is counted here
    srv = Server(data / "server", bot_delay=0.0, default_level="random", standin_delay=0.0,
                 limits=Limits(conns_per_address=3, tables_per_address=2, tables_per_conn=5))
    srv.names.claims_per_address = 2
    srv.tournament_host.entrants_per_address = 2
    await srv.start("fd00::1", 0)
    conns = []
    for a in %(addresses)r[1:5]:  # four addresses of one /64, two connections each
        for i in range(2):
            try:
                conns.append(await open_from(a, srv.port, f"C{a[-1]}{i}", host="fd00::1"))
            except (OSError, ServerRefused, asyncio.IncompleteReadError):
                pass
    found["connections"] = len(conns)
    found["keys"] = sorted({c.address for c in srv.conns})
    for c in conns:
        await c.close()
    claimed = 0
    for a in %(addresses)r[1:5]:
        c = await open_from(a, srv.port, f"Name{a[-1]}", key=key_of(f"the key of {a}"), host="fd00::1")
        claimed += not c.guest
        await c.close()
    found["claims"] = claimed
    tables = 0
    makers = [await open_from(a, srv.port, f"M{a[-1]}", host="fd00::1") for a in %(addresses)r[1:4]]
    for m in makers:
        tables += await attempt(m.request({"type": "create", "variant": "draw", "players": 2, "sit": None,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}))
    found["tables"] = tables
    for m in makers:
        await m.close()
    secret = srv.tournament_host.organizer_secret
    org = await open_from("fd00:1::8", srv.port, "Org", host="fd00::1")
    await org.request({"type": "tournament_organize", "secret": secret})
    await org.request({"type": "tournament_open", "settings": SETTINGS})
    guests = [await open_from(a, srv.port, f"G{a[-1]}", host="fd00::1") for a in %(addresses)r[1:4]]
    found["entrants"] = sum([await attempt(g.request({"type": "tournament_register"})) for g in guests])
    for g in [org, *guests]:
        await g.close()
    # an IPv4-mapped address a gateway vouches for counts with the IPv4 address itself
    key = (data / "server" / "gateway.key").read_text().strip().encode()
    import os
    held = []
    for i, vouched in enumerate(["192.0.2.9", "192.0.2.9", "::ffff:192.0.2.9", "::ffff:c000:209"]):
        os.environ["DOMINOES_VOUCH"] = vouch_for(key, None, vouched)
        try:
            held.append(await open_from("fd00:1::8", srv.port, f"V{i}", host="fd00::1"))
        except (OSError, ServerRefused, asyncio.IncompleteReadError):
            pass
    del os.environ["DOMINOES_VOUCH"]
    found["mapped"] = sorted(c.address for c in srv.conns if c.name.startswith("V"))
    for c in held:
        await c.close()
    await srv.close()
    found["ssh"] = await ssh_logins_under_way()
    found["web"] = await web_connections()
    print(json.dumps(found))


async def held(port, wait=1.0):
    # how many of four connections from four addresses of the /64 are still open after `wait` s
    conns = [await asyncio.open_connection("fd00::1", port, local_addr=(a, 0)) for a in %(addresses)r[1:5]]

    async def closed(r):
        while await r.read(4096):
            pass

    done = await asyncio.gather(*(asyncio.wait_for(closed(r), wait) for r, _w in conns), return_exceptions=True)
    for _r, w in conns:
        w.close()
    return sum(1 for d in done if isinstance(d, TimeoutError))


async def ssh_logins_under_way():
    from dominoes_tui.net.gateways.ssh_admission import Admission
    from dominoes_tui.net.gateways.ssh_gateway import Gateway
    gw = Gateway("[fd00::1]:9", Path(tempfile.mkdtemp()) / "ssh", admission=Admission(startups_per_address=2))
    port = await gw.start("fd00::1", 0)
    n = await held(port)
    await gw.close()
    return n


async def web_connections():
    from dominoes_tui.net.gateways.web import make_web_server
    from dominoes_tui.net.gateways.web_conns import Doors
    web = make_web_server("[fd00::1]:9", "fd00::1", 0)
    web.doors = Doors(per_address=2)
    runner, listening = await web.start_serving()
    n = await held(web.port)  # waiting for their headers; the others told 429 and closed
    listening.close()
    await runner.cleanup()
    return n

asyncio.run(main())
"""


def _namespace_allowed() -> str | None:
    """Why no network namespace can be made here (None: one can)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "unshare or ip is not installed"
    done = subprocess.run(["unshare", "-n", "ip", "addr", "add", "fd00::1/64", "dev", "lo"], capture_output=True,
                          text=True, timeout=30)
    if done.returncode != 0:
        return f"this machine allows no network namespace here ({done.stderr.strip()[:120]})"
    return None


@pytest.mark.parametrize("address,key", [
    ("fd00::1", "fd00::/64"), ("fd00::ffff:1:2", "fd00::/64"), ("fd00:0:0:1::1", "fd00:0:0:1::/64"),
    ("::ffff:192.0.2.9", "192.0.2.9"), ("::ffff:c000:209", "192.0.2.9"), ("fe80::1%lo", "fe80::/64"),
    ("192.0.2.9", "192.0.2.9"),
])
def test_an_ipv6_address_counts_by_its_64_and_a_mapped_one_as_ipv4(address: str, key: str) -> None:
    assert address_key(address) == key


def test_one_64_is_one_address_for_every_limit_of_the_table_server(tmp_path) -> None:
    why = _namespace_allowed()
    if why is not None:
        pytest.skip(why)
    from pathlib import Path

    tests_root = str(Path(__file__).resolve().parents[2])
    script = SCRIPT % {"addresses": ADDRESSES, "tests": tests_root}
    done = subprocess.run(["unshare", "-n", sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=tests_root)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["keys"] == ["fd00::/64"]
    assert found["connections"] == 3  # conns_per_address, for the whole /64
    assert found["claims"] == 2  # claims_per_address
    assert found["tables"] == 2  # tables_per_address
    assert found["entrants"] == 2  # entrants_per_address
    assert found["ssh"] == 2  # logins under way per address, at the SSH gateway
    assert found["web"] == 2  # plain HTTP connections per address, at the browser server
    assert found["mapped"] == ["192.0.2.9"] * 3  # a mapped address is its IPv4 address: three, the most it may
