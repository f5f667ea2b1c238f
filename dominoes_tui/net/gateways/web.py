"""The browser client behind `dominoes web`: textual-serve runs `dominoes join` for each
browser tab (its own process), for a projector or a guest without SSH; with `--board` it
runs `dominoes board` instead (the read-only projector screen of a club evening).

Every tab is a process, so the gateway holds them to a limit: at most `max_sessions`
tabs at once and `sessions_per_address` from one address (an IPv6 address by its /64),
the last of them kept for addresses with no tab yet; a tab's terminal is at most
MAX_COLUMNS by MAX_ROWS. Plain HTTP connections are counted and timed before aiohttp
reads them (web_conns.py). A websocket whose `Origin`
is another site's is refused (another page must not open games in a visitor's
browser), and with a password every request needs it (HTTP Basic: the browser asks);
an address that keeps giving a wrong one waits (guesses.py). Every request must name
this server by a host name it is reached by (`Host`): a page of another site whose
name was pointed at this machine (DNS rebinding) gets nothing. The page is our own
template (web_page/), which loads nothing from outside this machine: its font is the
one textual-serve ships.

Given the table server's gateway key (vouch.py), each tab's process is handed a vouch
for the tab's remote address, so the table server counts that tab at its own address,
not at the gateway's. Given a folder for analysis slots, the tabs share that many match
analyses at once (analysis_slots.py).

Needs the optional extra `textual-serve`.
"""
from __future__ import annotations

import asyncio
import base64
import contextvars
import ipaddress
import secrets
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import textual_serve.server
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server as WebServer

from ...i18n import LANGUAGES, N_, _, language, language_of, speaking
from ..host.guesses import Guesses, address_key
from ..host.limits import may_take
from . import analysis_slots
from .vouch import ENV as VOUCH_ENV
from .vouch import read_gateway_key, vouch_for
from .web_conns import Doors

MAX_SESSIONS = 8
SESSIONS_PER_ADDRESS = 3
WRONG_PASSWORDS = 5  # wrong passwords an address may give before it must wait (1 s, doubling to 300 s)
PAGE_TEMPLATES = Path(__file__).parent / "web_page"  # textual-serve's page without the outside font service
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
ACCEPT_BACKLOG = 64  # connections accepted at once, beside those held (web_conns.FD_RESERVE)
MAX_COLUMNS, MAX_ROWS = 400, 150  # a tab's terminal at most (a 6000×3000 one cost its process 165 MB)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# The vouch for the tab being opened ("" when there is no key), set by our guard around
# textual-serve's websocket handler. textual-serve makes the tab's AppService inside that
# handler and builds the process's environment there (AppService._build_environment),
# with no hook for extra variables: rather than copy its handler, the contextvar carries
# the vouch down the same task, and the subclass below (put where the handler looks the
# class up) adds it. Unset (any other textual-serve server in this process) it changes
# nothing. The vouch goes in the environment, never in the command line, which anyone on
# the machine can read with `ps`.
_TAB_VOUCH: contextvars.ContextVar[str | None] = contextvars.ContextVar("dominoes_tab_vouch", default=None)
# Likewise where the tab finds the server's analysis slots (analysis_slots.py; empty: none)
_TAB_SLOTS: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("dominoes_tab_slots", default=None)


def _bounded(value: object, most: int, default: int) -> int:
    """A terminal size from the browser, as a whole number of cells from 1 to `most`."""
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return default
    return max(1, min(most, number))


class VouchingAppService(AppService):
    async def start(self, width: int, height: int) -> None:
        await super().start(_bounded(width, MAX_COLUMNS, 80), _bounded(height, MAX_ROWS, 24))

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(_bounded(width, MAX_COLUMNS, 80), _bounded(height, MAX_ROWS, 24))

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment: dict[str, str] = super()._build_environment(width=width, height=height)
        vouch = _TAB_VOUCH.get()
        if vouch is not None:  # a tab of ours
            environment.pop(VOUCH_ENV, None)  # never a vouch this gateway's own process inherited
            environment.pop(analysis_slots.ENV, None)  # nor slots of another server
            if vouch:
                environment[VOUCH_ENV] = vouch
            environment.update(_TAB_SLOTS.get() or {})
        return environment


# textual-serve builds its AppService in the middle of a websocket handler, with no hook
# to give it another class: replacing the name in its module is the one way in
textual_serve.server.AppService = VouchingAppService  # type: ignore[misc]


def _language(lang: str | None) -> list[str]:
    """`--lang L` for a tab's command: only a language we have a catalog for."""
    if lang is None:
        return []
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; allowed: {', '.join(LANGUAGES)}")
    return ["--lang", lang]


def join_command(server_addr: str, name: str, python: str = sys.executable, lang: str | None = None) -> str:
    """The shell command textual-serve runs per tab: tokens stay in that process's memory,
    so two guests in two tabs never share a seat's token. `lang`: the tab's language."""
    return " ".join(
        shlex.quote(x) for x in [python, "-P", "-m", "dominoes_tui", "join", server_addr, "--name", name,
                                 "--forget-tokens", *_language(lang)]
    )


def board_command(server_addr: str, python: str = sys.executable, lang: str | None = None) -> str:
    """The shell command textual-serve runs per tab for the projector board."""
    return " ".join(shlex.quote(x) for x in [python, "-P", "-m", "dominoes_tui", "board", server_addr, *_language(lang)])


def _origin_ok(request: web.Request, public_url: str | None, names: AbstractSet[str] = frozenset(), port: int = 0) -> bool:
    """A browser's websocket comes from our own page: its Origin is this host, the
    public URL, or a name this server is reached by (`names`: a page opened at
    localhost whose static files and socket are at 127.0.0.1), at this server's `port`
    (another program's page on this machine is not ours). Never another address written
    out: a page of another site may well live at one. No Origin at all is not a browser;
    the other limits hold it."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    got = urlsplit(origin)
    allowed = {request.host}
    if public_url:
        allowed.add(urlsplit(public_url).netloc)
    if got.scheme not in ("http", "https"):
        return False
    try:
        origin_port = got.port or (443 if got.scheme == "https" else 80)
    except ValueError:
        return False
    return got.netloc in allowed or ((got.hostname or "").lower() in names and origin_port == port)


def allowed_host_names(listen: str, public_url: str | None, extra: list[str] | tuple[str, ...] = ()) -> set[str]:
    """The host names a request may give in `Host`: this machine's own, the listen address
    (unless it is every address), the public URL's, and the ones the host allows."""
    names = {*LOCAL_NAMES, *(h.strip().lower().strip("[]") for h in extra if h.strip())}
    if listen not in ("0.0.0.0", "::", ""):
        names.add(listen.lower().strip("[]"))
    if public_url:
        host = urlsplit(public_url).hostname
        if host:
            names.add(host.lower())
    return names


def _host_ok(request: web.Request, allowed: set[str]) -> bool:
    """The `Host` names this server. An address written out (`192.168.1.5`) passes too: a
    rebinding page cannot make a browser send one, since it only rebinds a name."""
    host = urlsplit(f"//{request.host}").hostname if request.host else None
    if not host:
        return False
    host = host.lower().rstrip(".")
    if host in allowed:
        return True
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def _password_given(request: web.Request) -> str | None:
    """The password in the request's HTTP Basic header; None when it brings none."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return None
    try:
        _, _, given = base64.b64decode(header[6:]).decode("utf-8").partition(":")
    except (ValueError, UnicodeDecodeError):
        return ""
    return given


def _password_ok(request: web.Request, password: str) -> bool:
    given = _password_given(request)
    return given is not None and secrets.compare_digest(given.encode("utf-8"), password.encode("utf-8"))


def to_browser(request: web.Request, sentence: str, **fields: object) -> str:
    """A refusal for the browser, in the language it asks for (Accept-Language) where we
    have a catalog for it, else the host's; `sentence` is marked with N_."""
    wanted = None
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        wanted = language_of(part.split(";")[0].strip())
        if wanted:
            break
    with speaking(wanted or language()):
        return _(sentence).format(**fields) + "\n"


class GuardedWebServer(WebServer):
    def __init__(
        self, command: str, *, password: str | None = None, max_sessions: int = MAX_SESSIONS,
        sessions_per_address: int = SESSIONS_PER_ADDRESS, allowed_hosts: list[str] | tuple[str, ...] = (),
        wrong_passwords: int = WRONG_PASSWORDS, vouch_key: Path | None = None, slots: dict[str, str] | None = None,
        doors: Doors | None = None, **kw: Any,
    ) -> None:
        super().__init__(command, templates_path=PAGE_TEMPLATES, **kw)
        self.slots = slots or {}  # what tells each tab where the analysis slots are (analysis_slots.server_env)
        self.vouch_key = vouch_key  # the table server's gateway key, read at each tab (vouch.py)
        self.password = password
        self.max_sessions = max_sessions
        self.sessions_per_address = sessions_per_address
        self.sessions: dict[int, str] = {}  # one entry a live tab: its address, as the limits count it
        self.allowed_hosts = list(allowed_hosts)
        self.wrong_passwords = Guesses(free=wrong_passwords)  # per address, across connections
        self.doors = doors or Doors(tabs=max_sessions)  # the plain HTTP connections (web_conns.py)

    async def start_serving(self) -> tuple[web.AppRunner, asyncio.Server]:
        """The app, behind its doors, listening (serve() runs it; tests stop it with
        runner.cleanup())."""
        # aiohttp's request log: one line a request, as the command's log setup writes it
        runner = web.AppRunner(await self._make_app(), handle_signals=False)
        await runner.setup()
        assert runner.server is not None
        self.doors.start()
        # asyncio accepts up to `backlog` connections at once before a door can refuse one:
        # kept small, a flood's burst of accepts stays inside the open files held in reserve
        listening = await asyncio.get_running_loop().create_server(
            self.doors.factory(runner.server), self.host, self.port, backlog=ACCEPT_BACKLOG)
        self.port = listening.sockets[0].getsockname()[1]
        return runner, listening

    def serve(self, debug: bool = False) -> None:
        """textual-serve's serve(), but every connection passes the doors first."""
        self.debug = debug
        self.initialize_logging()
        # what the log handler reads to show an error, read now: short of open files later
        # (a flood), showing one must not need a file, or it ends the process
        import rich.traceback  # noqa: F401

        async def run() -> None:
            runner, listening = await self.start_serving()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for name in ("SIGINT", "SIGTERM"):
                try:
                    loop.add_signal_handler(getattr(signal, name), stop.set)
                except (NotImplementedError, AttributeError):
                    pass
            try:
                await stop.wait()
            finally:
                listening.close()
                await runner.cleanup()

        asyncio.run(run())

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    def initialize_logging(self) -> None:
        """The command has set the log up (commands/logs.py: one line an event, aiohttp's
        request log too); textual-serve's own would draw it with Rich, wrapped at 80 columns."""

    async def on_startup(self, app: web.Application) -> None:
        """commands/web.py has said where it serves, in the host's language: not
        textual-serve's banner and its English."""
        print("  " + _("Ctrl+C stops it"), flush=True)

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        self.doors.began(request.transport)  # its headers are in: no clock while it is answered
        try:
            return await self._checked(request, handler)
        finally:
            self.doors.ended(request.transport)

    async def _checked(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        # read at each request: the tests (and a host behind a proxy) set public_url after start
        names = allowed_host_names(self.host, self.public_url, self.allowed_hosts)
        if not _host_ok(request, names):
            return web.Response(status=421, text=to_browser(request, N_(
                "This server is not reached by that name (see --allowed-host).")))
        if self.password is not None:
            address = request.remote or "?"
            wait = self.wrong_passwords.wait(address)
            if wait:  # not even compared while it waits
                return web.Response(status=429, text=to_browser(request, N_(
                    "Too many wrong passwords; try again in {seconds} s."), seconds=max(1, round(wait))),
                                    headers={"Retry-After": str(max(1, round(wait)))})
            if not _password_ok(request, self.password):
                if _password_given(request) is not None:  # a first visit brings none: not a wrong guess
                    self.wrong_passwords.wrong(address)
                return web.Response(status=401, text=to_browser(request, N_("This table needs the club's password.")),
                                    headers={"WWW-Authenticate": 'Basic realm="Dominoes", charset="UTF-8"'})
        if request.path == "/ws":
            if not _origin_ok(request, self.public_url, names, self.port):
                return web.Response(status=403, text=to_browser(request, N_("Games open only from this server's own page.")))
            address = request.remote or "?"
            source = address_key(address)
            mine = sum(1 for a in self.sessions.values() if a == source)
            if mine >= self.sessions_per_address:
                return web.Response(status=429, text=to_browser(request, N_("Too many tabs from your address.")))
            if not may_take(mine, len(self.sessions), self.max_sessions, self.sessions_per_address, self.doors.share):
                return web.Response(status=503, text=to_browser(request, N_(
                    "Every seat in the browser is taken; try again later.")))
            key = id(request)
            self.sessions[key] = source
            gateway_key = read_gateway_key(self.vouch_key) if self.vouch_key is not None else None
            vouch = _TAB_VOUCH.set(vouch_for(gateway_key, None, address) if gateway_key is not None else "")
            slots = _TAB_SLOTS.set(self.slots)
            try:
                return await handler(request)
            finally:
                _TAB_SLOTS.reset(slots)
                _TAB_VOUCH.reset(vouch)
                self.sessions.pop(key, None)
        return await handler(request)


def make_web_server(
    server_addr: str, host: str, port: int, name: str = "Guest", public_url: str | None = None,
    password: str | None = None, max_sessions: int = MAX_SESSIONS, sessions_per_address: int = SESSIONS_PER_ADDRESS,
    board: bool = False, allowed_hosts: list[str] | tuple[str, ...] = (), wrong_passwords: int = WRONG_PASSWORDS,
    vouch_key: Path | None = None, lang: str | None = None, slots_folder: Path | None = None,
    analyses_at_once: int = analysis_slots.DEFAULT, doors: Doors | None = None,
) -> GuardedWebServer:
    """The browser server; with `slots_folder` its tabs share `analyses_at_once` analysis slots there;
    `doors`: its plain HTTP connections' limits (web_conns.py; the defaults, else)."""
    command = board_command(server_addr, lang=lang) if board else join_command(server_addr, name, lang=lang)
    slots = analysis_slots.server_env(slots_folder, analyses_at_once) if slots_folder is not None and not board else {}
    return GuardedWebServer(
        command, host=host, port=port, title="Dominoes board" if board else "Dominoes", public_url=public_url,
        password=password, max_sessions=max_sessions, sessions_per_address=sessions_per_address,
        allowed_hosts=allowed_hosts, wrong_passwords=wrong_passwords, vouch_key=vouch_key, slots=slots, doors=doors,
    )
