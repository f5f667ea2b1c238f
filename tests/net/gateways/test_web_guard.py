"""The browser gateway as an attacker meets it: a wrong password makes the address wait
(even the right one is refused then), a request or websocket under another site's host
name (DNS rebinding) is refused, and the page asks nothing of any other machine."""
from __future__ import annotations

import re

import pytest

from tests.net.gateways.helpers import basic_auth, reap_tab_processes, start_guarded

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

from dominoes_tui.net.server.server import Server  # noqa: E402

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


def basic(password: str) -> dict[str, str]:
    return basic_auth("guest", password)


async def test_wrong_web_passwords_make_the_address_wait(server: Server) -> None:
    web_server, runner, port = await start_guarded(server, password="club night")
    if hasattr(web_server, "wrong_passwords"):
        web_server.wrong_passwords.clock = lambda: 0.0  # time stands still: a wait never runs out in the test
    url = f"http://127.0.0.1:{port}/"
    try:
        async with aiohttp.ClientSession() as http:
            statuses = []
            for i in range(8):
                async with http.get(url, headers=basic(f"guess {i}")) as page:
                    statuses.append(page.status)
            assert statuses[:6] == [401] * 6 and statuses[6:] == [429, 429], statuses
            async with http.get(url, headers=basic("club night")) as page:  # nothing is compared while it waits
                assert page.status == 429 and "Retry-After" in page.headers
    finally:
        await runner.cleanup()


async def test_a_rebinding_host_name_gets_no_page_and_no_websocket(server: Server) -> None:
    web_server, runner, port = await start_guarded(server)
    url = f"http://127.0.0.1:{port}"
    evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{url}/", headers={"Host": f"evil.example:{port}"}) as page:
                assert page.status == 421
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{url}/ws?width=80&height=24", headers=evil)
            assert refused.value.status == 421
        await reap_tab_processes()
    finally:
        await runner.cleanup()


async def test_the_names_the_server_is_reached_by_are_served(server: Server) -> None:
    web_server, runner, port = await start_guarded(server, allowed_hosts=["club.example"])
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for host in (f"club.example:{port}", f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
                async with http.get(f"{url}/", headers={"Host": host}) as page:
                    assert page.status == 200, host
            async with http.get(f"{url}/", headers={"Host": f"other.example:{port}"}) as page:
                assert page.status == 421
    finally:
        await runner.cleanup()


async def test_the_page_loads_nothing_from_another_machine(server: Server) -> None:
    for board in (False, True):
        web_server, runner, port = await start_guarded(server, board=board)
        url = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"{url}/") as page:
                    html = await page.text()
                refs = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", html) + re.findall(r"""url\(\s*["']?([^"')]+)""", html)
                assert refs
                outside = [r for r in refs if re.match(r"(?i)(https?:|wss?:)?//", r) and not r.startswith(url)]
                assert not outside, outside
                fonts = [r for r in refs if r.endswith(".ttf")]
                assert fonts  # the font is served here
                for ref in fonts:
                    async with http.get(ref) as font:
                        assert font.status == 200
        finally:
            await runner.cleanup()


async def test_a_page_opened_at_localhost_may_open_its_socket_at_127_0_0_1(server: Server) -> None:
    web_server, runner, port = await start_guarded(server)
    web_server.port = port
    url = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # another program's page on this machine
                await http.ws_connect(f"{url}/ws", headers={"Origin": f"http://localhost:{port + 1}"})
            assert refused.value.status == 403
            async with http.ws_connect(f"{url}/ws?width=80&height=24", headers={"Origin": f"http://localhost:{port}"}) as ws:
                await ws.close()
        await reap_tab_processes()
    finally:
        await runner.cleanup()
