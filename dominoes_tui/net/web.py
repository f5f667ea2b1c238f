"""The browser client behind `dominoes web`: textual-serve runs `dominoes join` for each
browser tab (its own process), for a projector or a guest without SSH; with `--board` it
runs `dominoes board` instead (the read-only projector screen of a club evening).

Every tab is a process, so the gateway holds them to a limit: at most `max_sessions`
tabs at once and `sessions_per_address` from one address. A websocket whose `Origin`
is another site's is refused (another page must not open games in a visitor's
browser), and with a password every request needs it (HTTP Basic: the browser asks).

Needs the optional extra `textual-serve`.
"""
from __future__ import annotations

import base64
import secrets
import shlex
import sys
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server as WebServer

MAX_SESSIONS = 8
SESSIONS_PER_ADDRESS = 3

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def join_command(server_addr: str, name: str, python: str = sys.executable) -> str:
    """The shell command textual-serve runs per tab: tokens stay in that process's memory,
    so two guests in two tabs never share a seat's token."""
    return " ".join(
        shlex.quote(x) for x in [python, "-P", "-m", "dominoes_tui", "join", server_addr, "--name", name, "--forget-tokens"]
    )


def board_command(server_addr: str, python: str = sys.executable) -> str:
    """The shell command textual-serve runs per tab for the projector board."""
    return " ".join(shlex.quote(x) for x in [python, "-P", "-m", "dominoes_tui", "board", server_addr])


def _origin_ok(request: web.Request, public_url: str | None) -> bool:
    """A browser's websocket comes from our own page: its Origin is this host (or the
    public URL). No Origin at all is not a browser; the other limits hold it."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    got = urlsplit(origin)
    allowed = {request.host}
    if public_url:
        allowed.add(urlsplit(public_url).netloc)
    return got.scheme in ("http", "https") and got.netloc in allowed


def _password_ok(request: web.Request, password: str) -> bool:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return False
    try:
        _, _, given = base64.b64decode(header[6:]).decode("utf-8").partition(":")
    except (ValueError, UnicodeDecodeError):
        return False
    return secrets.compare_digest(given.encode("utf-8"), password.encode("utf-8"))


class GuardedWebServer(WebServer):  # type: ignore[misc]
    def __init__(
        self, command: str, *, password: str | None = None, max_sessions: int = MAX_SESSIONS,
        sessions_per_address: int = SESSIONS_PER_ADDRESS, **kw: Any,
    ) -> None:
        super().__init__(command, **kw)
        self.password = password
        self.max_sessions = max_sessions
        self.sessions_per_address = sessions_per_address
        self.sessions: dict[int, str] = {}  # one entry a live tab: its address

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if self.password is not None and not _password_ok(request, self.password):
            return web.Response(status=401, text="This table needs the club's password.\n",
                                headers={"WWW-Authenticate": 'Basic realm="Dominoes", charset="UTF-8"'})
        if request.path == "/ws":
            if not _origin_ok(request, self.public_url):
                return web.Response(status=403, text="Games open only from this server's own page.\n")
            address = request.remote or "?"
            if len(self.sessions) >= self.max_sessions:
                return web.Response(status=503, text="Every seat in the browser is taken; try again later.\n")
            if sum(1 for a in self.sessions.values() if a == address) >= self.sessions_per_address:
                return web.Response(status=429, text="Too many tabs from your address.\n")
            key = id(request)
            self.sessions[key] = address
            try:
                return await handler(request)
            finally:
                self.sessions.pop(key, None)
        return await handler(request)


def make_web_server(
    server_addr: str, host: str, port: int, name: str = "Guest", public_url: str | None = None,
    password: str | None = None, max_sessions: int = MAX_SESSIONS, sessions_per_address: int = SESSIONS_PER_ADDRESS,
    board: bool = False,
) -> GuardedWebServer:
    command = board_command(server_addr) if board else join_command(server_addr, name)
    return GuardedWebServer(
        command, host=host, port=port, title="Dominoes board" if board else "Dominoes", public_url=public_url,
        password=password, max_sessions=max_sessions, sessions_per_address=sessions_per_address,
    )
