"""`dominoes board`: the projector screen of a hosted evening (read-only)."""
from __future__ import annotations

import argparse
import sys

from ..net.protocol import DEFAULT_PORT
from .addresses import address


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("server", nargs="?", default=None, metavar="HOST[:PORT]", type=address,
                   help=f"the server (default 127.0.0.1:{DEFAULT_PORT})")
    p.add_argument("--ascii", action="store_true", help="draw with plain ASCII, no box-drawing characters")
    p.add_argument("--pips", action="store_true", help="show pips on the tiles instead of digits")


def run(args: argparse.Namespace) -> int:
    from ..net.client import split_address
    from ..ui.board_app import BoardApp, ServerSource
    from ..ui.render import Look

    try:
        host, port = split_address(args.server)
    except ValueError:  # pragma: no cover - checked when parsed
        print(f"dominoes board: {args.server!r} is not HOST or HOST:PORT", file=sys.stderr)
        return 2
    app = BoardApp(ServerSource(host, port), Look(ascii=args.ascii, pips=args.pips))
    app.run()
    return int(app.return_code or 0)
