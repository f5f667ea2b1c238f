"""Net tests: a real server on loopback (port 0: the system picks a free one), data in tmp."""
from __future__ import annotations

import pytest

from dominoes_tui.net.server import Server


@pytest.fixture
async def server(tmp_path):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.0)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()
