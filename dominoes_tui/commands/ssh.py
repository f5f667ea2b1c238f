"""`dominoes ssh`: the SSH gateway (optional extra: asyncssh). Each login lands in the lobby."""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from ..net.protocol import DEFAULT_PORT
from .addresses import address


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=2222, help="the SSH port (default 2222)")
    p.add_argument("--listen", default="127.0.0.1", metavar="ADDR",
                   help="the address to listen on (default 127.0.0.1; 0.0.0.0 opens it to the LAN)")
    p.add_argument("--server", default=f"127.0.0.1:{DEFAULT_PORT}", metavar="HOST:PORT", type=address,
                   help=f"the table server sessions join (default 127.0.0.1:{DEFAULT_PORT})")
    p.add_argument("--with-server", action="store_true", help="also run the table server (at --server) in this process")
    p.add_argument("--password", default=None,
                   help="a shared password for everyone (default: none; $DOMINOES_SSH_PASSWORD also works)")
    p.add_argument("--host-key", type=Path, default=None, help="the host key file (made if missing; default: in the data folder)")


def run(args: argparse.Namespace) -> int:
    try:
        from ..net.ssh_gateway import Gateway
    except ImportError:
        print("dominoes ssh needs the optional extra asyncssh: .venv/bin/pip install '.[ssh]' (in the clone)", file=sys.stderr)
        return 2
    from ..net.client import split_address
    from ..net.server import Server, data_home

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    password = args.password or os.environ.get("DOMINOES_SSH_PASSWORD") or None
    home = data_home().parent / "ssh"
    gateway = Gateway(args.server, home, password=password)

    async def main() -> None:
        table_server = None
        if args.with_server:
            host, port = split_address(args.server)
            table_server = Server(data_home())
            await table_server.start(host, port)
            print(f"dominoes ssh: table server on {host}:{table_server.port}", flush=True)
        port = await gateway.start(args.listen, args.port, args.host_key)
        print(f"dominoes ssh: listening on {args.listen}:{port}; players type: ssh -p {port} NAME@THIS-HOST", flush=True)
        print("  password: " + ("required (shared)" if password else "none"), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await gateway.close()
            if table_server is not None:
                await table_server.close()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"dominoes ssh: {exc}", file=sys.stderr)
        return 1
    return 0
