"""The browser client behind `dominoes web`: textual-serve runs `dominoes join` for each
browser tab (its own process), for a projector or a guest without SSH.

Needs the optional extra `textual-serve`.
"""
from __future__ import annotations

import shlex
import sys

from textual_serve.server import Server as WebServer


def join_command(server_addr: str, name: str, python: str = sys.executable) -> str:
    """The shell command textual-serve runs per tab: tokens stay in that process's memory,
    so two guests in two tabs never share a seat's token."""
    return " ".join(
        shlex.quote(x) for x in [python, "-P", "-m", "dominoes_tui", "join", server_addr, "--name", name, "--forget-tokens"]
    )


def make_web_server(server_addr: str, host: str, port: int, name: str = "Guest", public_url: str | None = None) -> WebServer:
    return WebServer(join_command(server_addr, name), host=host, port=port, title="Dominoes", public_url=public_url)
