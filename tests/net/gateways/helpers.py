"""What the gateway tests share: an SSH client run and read, a guarded web gateway."""
from __future__ import annotations

import asyncio
import base64
import shutil

import pytest
from aiohttp import web

from dominoes_tui.net.gateways.web import make_web_server
from dominoes_tui.net.server.server import Server
from tests.net.helpers import WAIT


def basic_auth(user: str, password: str) -> dict[str, str]:
    """The header a browser sends for HTTP Basic (aiohttp 3.14 deprecates its BasicAuth)."""
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode("ascii")}


async def reap_tab_processes() -> None:
    """textual-serve never waits for a tab's process once its output ends; close those
    transports here (after the process exited), while the loop still runs."""
    import gc
    from asyncio.base_subprocess import BaseSubprocessTransport

    for _ in range(int(WAIT / 0.05)):
        left = [o for o in gc.get_objects() if isinstance(o, BaseSubprocessTransport) and not o.is_closing()]
        if all(t.get_returncode() is not None for t in left):
            for t in left:
                t.close()
            return
        await asyncio.sleep(0.05)


async def start_guarded(server: Server, **kw):
    web_server = make_web_server(f"127.0.0.1:{server.port}", "127.0.0.1", 0, name="Guest", **kw)
    runner = web.AppRunner(await web_server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    web_server.public_url = f"http://127.0.0.1:{port}"
    return web_server, runner, port


SSH = shutil.which("ssh")


needs_ssh = pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed")


SSH_OPTS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "-F", "/dev/null"]


def make_key(folder, name: str = "id") -> str:
    """A fresh ed25519 key made by ssh-keygen in a test folder; returns the private key's path."""
    import subprocess

    path = folder / name
    subprocess.run([shutil.which("ssh-keygen") or "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return str(path)


def key_opts(key: str) -> list[str]:
    return ["-i", key, "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none"]


async def read_until(stream: asyncio.StreamReader, *needles: bytes, timeout: float = WAIT) -> bytes:
    seen = b""

    async def scan() -> bytes:
        nonlocal seen
        while not all(n in seen for n in needles):
            chunk = await stream.read(65536)
            if not chunk:
                break
            seen += chunk
        return seen

    try:
        return await asyncio.wait_for(scan(), timeout)
    except TimeoutError:
        return seen


async def finish(proc: asyncio.subprocess.Process) -> int:
    try:
        out, err = await asyncio.wait_for(proc.communicate(), WAIT)  # reads to the end: every pipe is closed
        if proc.returncode:  # what the game's terminal showed last (a traceback, if it crashed) beside the status
            print(f"ssh exit {proc.returncode}; its screen's end:", out[-3000:], err[-1000:], sep="\n")
        return proc.returncode
    except TimeoutError:
        proc.kill()
        return await proc.wait()



