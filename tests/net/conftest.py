"""Net tests: a real server on loopback (port 0: the system picks a free one), data in tmp."""
from __future__ import annotations

from typing import Any

import pytest

from dominoes_tui.net.host.limits import Limits
from dominoes_tui.net.server.server import Server


@pytest.fixture
async def server(tmp_path):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


@pytest.fixture
def evening_server(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Server:
    """The server, its evening answering each entry after 0.02 s instead of 0.25 s
    (quick_pushes): for the evening tests not about how its pushes are paced."""
    from tests.net.helpers import quick_pushes  # not at import: the helpers load the whole UI

    quick_pushes(monkeypatch)
    return request.getfixturevalue("server")


@pytest.fixture
async def limited(tmp_path):
    """Servers with the limits a test asks for: `await limited(max_tables=2)`."""
    servers: list[Server] = []

    async def make(**limits: Any) -> Server:
        srv = Server(tmp_path / f"server{len(servers)}", bot_delay=0.0, default_level="random", standin_delay=0.0,
                     limits=Limits(**limits))
        await srv.start("127.0.0.1", 0)
        servers.append(srv)
        return srv

    yield make
    for srv in servers:
        await srv.close()
