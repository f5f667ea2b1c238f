"""`dominoes board`: the projector screen of a hosted evening (read-only)."""
from __future__ import annotations

import argparse
import sys

from ..i18n import _, pgettext
from ..net.wire.protocol import DEFAULT_PORT
from .addresses import address
from .terminal import no_terminal


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("server", nargs="?", default=None, metavar=pgettext("metavar", "HOST[:PORT]"), type=address,
                   help=_("the server (default 127.0.0.1:{port})").format(port=DEFAULT_PORT))
    p.add_argument("--ascii", action="store_true", help=_("draw with plain ASCII, no box-drawing characters"))
    p.add_argument("--pips", action="store_true", help=_("show pips on the tiles instead of digits"))


def run(args: argparse.Namespace) -> int:
    from ..net.client.client import split_address
    from ..ui.board_app import BoardApp, ServerSource
    from ..ui.render import Look

    try:
        host, port = split_address(args.server)
    except ValueError:  # pragma: no cover - checked when parsed
        print("dominoes board: " + _("{address} is not HOST or HOST:PORT").format(address=repr(args.server)), file=sys.stderr)
        return 2
    if (refused := no_terminal("board")) is not None:
        return refused
    app = BoardApp(ServerSource(host, port), Look(ascii=args.ascii, pips=args.pips))
    app.run()
    return int(app.return_code or 0)
