"""`dominoes web`: the hosted-table client in a browser tab, or with `--board` the
projector board (optional extra: textual-serve)."""
from __future__ import annotations

import argparse
import sys

from ..i18n import _, ngettext, pgettext
from ..i18n.formats import number
from ..i18n.os_words import os_words
from ..net.wire.protocol import DEFAULT_PORT
from . import gateway_key, logs
from .addresses import address
from .hosting import add_analyses_at_once, analyses_at_once_ok
from .join import guest_name


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--listen", default="127.0.0.1", metavar=pgettext("metavar", "ADDR"),
                   help=_("the address to serve on (default 127.0.0.1; 0.0.0.0 opens it to the LAN)"))
    p.add_argument("--port", type=int, default=8000, help=_("the web port (default 8000)"))
    p.add_argument("--server", default=f"127.0.0.1:{DEFAULT_PORT}", metavar=pgettext("metavar", "HOST:PORT"), type=address,
                   help=_("the table server (default 127.0.0.1:{port})").format(port=DEFAULT_PORT))
    p.add_argument("--board", action="store_true",
                   help=_("serve the projector board (read-only, as `dominoes board`) instead of the client"))
    p.add_argument("--name", default=None,
                   help=_("the player name browser guests get (default {guest}; the table numbers repeats)").format(
                       guest=guest_name()))
    p.add_argument("--public-url", default=None, help=_("the address browsers use, if not http://LISTEN:PORT"))
    p.add_argument("--password", default=None,
                   help=_("a shared password the browser asks for (default: none); every user of this machine reads it with ps, "
                          "so prefer $DOMINOES_WEB_PASSWORD"))
    p.add_argument("--max-sessions", type=int, default=8, help=_("browser tabs at once, each a process (default 8)"))
    p.add_argument("--sessions-per-address", type=int, default=3, help=_("tabs at once from one address (default 3)"))
    p.add_argument("--allowed-host", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                   help=_("a host name browsers reach this server by, besides localhost, --listen and --public-url "
                        "(repeatable; any other name in a request's Host is refused: DNS rebinding)"))
    from ..net.gateways import web_conns as w

    p.add_argument("--max-connections", type=int, default=w.MAX_CONNECTIONS,
                   help=_("plain HTTP connections at once, the tabs' too (default {default})").format(default=w.MAX_CONNECTIONS))
    p.add_argument("--connections-per-address", type=int, default=w.CONNECTIONS_PER_ADDRESS,
                   help=_("of them, from one address (default {default})").format(default=w.CONNECTIONS_PER_ADDRESS))
    p.add_argument("--header-timeout", type=float, default=w.HEADER_TIMEOUT,
                   help=_("seconds a request's headers may take to arrive (default {default})")
                       .format(default=f"{w.HEADER_TIMEOUT:g}"))
    p.add_argument("--newcomer-share", type=float, default=w.NEWCOMER_SHARE,
                   help=_("of the tabs and connections, the share kept for addresses that hold none yet, 0 to 0.5 "
                          "(default {default})").format(default=number(w.NEWCOMER_SHARE, 3, trailing_zeros=False)))
    p.add_argument("--wrong-passwords", type=int, default=5,
                   help=_("wrong passwords an address may give before it must wait, 1 s and doubling to 300 s (default 5)"))
    add_analyses_at_once(p)
    gateway_key.add_argument(p)
    logs.add_arguments(p)


def run(args: argparse.Namespace) -> int:
    try:
        from ..net.gateways.web import make_web_server
    except ImportError:
        from ..install import add_extra

        print(_("dominoes web needs the optional extra textual-serve: {command}").format(command=add_extra("web")),
              file=sys.stderr)
        return 2
    import os

    from ..net.gateways.analysis_slots import FOLDER
    from ..net.wire.protocol import clean_name
    from ..table.saves import home as data_folder

    if args.board and args.name is not None:
        print("dominoes web: " + _("--name is for players; the board (--board) sits at no table"), file=sys.stderr)
        return 2
    if min(args.max_sessions, args.sessions_per_address, args.wrong_passwords, args.max_connections,
           args.connections_per_address) < 1 or not args.header_timeout > 0:
        print("dominoes web: " + _("the session limits are 1 or more"), file=sys.stderr)
        return 2
    if not 0 <= args.newcomer_share <= 0.5:
        print("dominoes web: " + _("{option} is 0 to 0.5").format(option="--newcomer-share"), file=sys.stderr)
        return 2
    from ..net.gateways.web_conns import Doors

    doors = Doors(args.max_connections, args.connections_per_address, args.header_timeout, args.newcomer_share,
                  tabs=args.max_sessions)
    if not analyses_at_once_ok("web", args):
        return 2
    password = args.password or os.environ.get("DOMINOES_WEB_PASSWORD") or None
    wrong = logs.start(args)  # textual-serve's request log too: one line a request (net/gateways/web.py)
    if wrong is not None:
        print("dominoes web: " + wrong, file=sys.stderr)
        return 2

    public = args.public_url
    if public is None and args.listen in ("0.0.0.0", "::"):
        print("dominoes web: " + _("with --listen 0.0.0.0 give --public-url {url} so browsers find the socket").format(
            url="http://" + pgettext("placeholder", "THIS-HOST") + ":PORT"),
              file=sys.stderr)
    server = make_web_server(args.server, args.listen, args.port, clean_name(args.name or guest_name()), public,
                             password=password, max_sessions=args.max_sessions,
                             sessions_per_address=args.sessions_per_address, board=args.board,
                             allowed_hosts=args.allowed_host, wrong_passwords=args.wrong_passwords,
                             vouch_key=gateway_key.key_path(args), lang=getattr(args, "lang", None),
                             slots_folder=data_folder() / "web" / FOLDER, analyses_at_once=args.analyses_at_once,
                             doors=doors)
    url = f"http://{args.listen}:{args.port}"
    what = (_("the projector board at {url} (table server {server})") if args.board
            else _("the client at {url} (table server {server})")).format(url=url, server=args.server)
    print("dominoes web: " + what + "; " + (_("password required") if password else _("password none")) + ", "
          + ngettext("at most {n} tab", "at most {n} tabs", args.max_sessions).format(n=args.max_sessions), flush=True)
    try:
        server.serve()
    except OSError as exc:
        print("dominoes web: " + _("cannot listen on {address}: {reason}").format(
            address=f"{args.listen}:{args.port}", reason=os_words(exc)), file=sys.stderr)
        return 1
    return 0
