"""HOST:PORT arguments: what is read, and a typo refused in one line with status 2."""
from __future__ import annotations

import subprocess
import sys

import pytest

from dominoes_tui.net.client.client import split_address


@pytest.mark.parametrize("text,expected", [
    (None, ("127.0.0.1", 7788)), ("club", ("club", 7788)), ("club:2000", ("club", 2000)),
    (":2000", ("127.0.0.1", 2000)), ("[::1]:2000", ("::1", 2000)), ("[::1]", ("::1", 7788)), ("::1", ("::1", 7788)),
])
def test_addresses_are_read(text: str | None, expected: tuple[str, int]) -> None:
    assert split_address(text) == expected


@pytest.mark.parametrize("text", ["club:77777", "club:x", "club:-1", "[::1]:port"])
def test_a_bad_port_is_named(text: str) -> None:
    with pytest.raises(ValueError, match="is not a port"):
        split_address(text)


@pytest.mark.parametrize("args", [["join", "club:77777"], ["host", "--listen", "0.0.0.0:x"], ["web", "--server", "a:99999"]])
def test_commands_refuse_a_bad_address_before_starting(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "dominoes_tui", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "is not a port" in done.stderr and "Traceback" not in done.stderr
