"""`dominoes join`: the app as a client of a hosted server, starting in the lobby."""
from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path

from ..i18n import _, pgettext
from ..i18n.os_words import os_words
from ..net.wire.protocol import DEFAULT_PORT
from .addresses import address
from .terminal import no_terminal


def default_name() -> str:
    try:
        return getpass.getuser()[:14] or guest_name()
    except (OSError, KeyError, ImportError):  # no login name, no user database entry, no pwd module
        return guest_name()


def guest_name() -> str:
    """What a person with no name of their own is called at the table, in their language."""
    return _("Guest")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("server", nargs="?", default=None, metavar=pgettext("metavar", "HOST[:PORT]"), type=address,
                   help=_("the server (default 127.0.0.1:{port})").format(port=DEFAULT_PORT))
    p.add_argument("--code", default=None, help=_("go straight to the table with this code"))
    p.add_argument("--name", default=None, help=_("your name at the table (default: your login)"))
    p.add_argument("--watch", action="store_true", help=_("watch the table (with --code) instead of sitting down"))
    p.add_argument("--ascii", action="store_true", help=_("draw with plain ASCII, no box-drawing characters"))
    p.add_argument("--pips", action="store_true", help=_("show pips on the tiles instead of digits"))
    p.add_argument("--organizer", nargs="?", const="", default=None, metavar=pgettext("metavar", "SECRET_FILE"), type=Path,
                   help=_("organize the club evening: show the server its organizer secret (default: the one "
                        "`dominoes host` keeps on this machine, in its data folder)"))
    # a gateway hands a session its secrets (a private table's code) on a pipe, never as
    # arguments, which any local user reads with `ps` (net/gateways/handed.py)
    p.add_argument("--secrets-fd", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--forget-tokens", action="store_true",
                   help=_("keep seat tokens in memory only (shared logins such as the browser client)"))


def run(args: argparse.Namespace) -> int:
    from ..net.client.client import split_address
    from ..net.host.names import ASKED_NAME
    from ..net.wire.protocol import clean_name
    from ..table import saves
    from ..table.plain import plain
    from ..ui.choices import from_json
    from ..ui.remote_app import RemoteApp

    if args.secrets_fd is not None:
        from ..net.gateways.handed import take

        args.code = take(args.secrets_fd).get("code") or args.code
    try:
        host, port = split_address(args.server)
    except ValueError:
        print("dominoes join: " + _("{address} is not HOST or HOST:PORT").format(address=repr(args.server)), file=sys.stderr)
        return 2
    if args.watch and not args.code:
        print("dominoes join: " + _("--watch needs --code (or pick a table to watch in the lobby)"), file=sys.stderr)
        return 2
    organizer_secret: str | None = None
    if args.organizer is not None:
        secret = read_organizer_secret(args.organizer)
        if isinstance(secret, Exception):
            print("dominoes join: " + _("cannot read the organizer secret: {reason}").format(reason=secret), file=sys.stderr)
            return 2
        organizer_secret = secret
    if (refused := no_terminal("join")) is not None:
        return refused
    settings, prefs = from_json(saves.load_settings())
    if args.ascii:
        prefs.ascii = True
    if args.pips:
        prefs.pips = True
    app = RemoteApp(
        host, port, clean_name(args.name or default_name()), code=args.code, watch=args.watch, prefs=prefs, settings=settings,
        keep_tokens=not args.forget_tokens, invite=plain(os.environ.get("DOMINOES_INVITE"), 80) or None,
        organizer_secret=organizer_secret, asked=clean_name(os.environ[ASKED_NAME]) if os.environ.get(ASKED_NAME) else None,
    )
    app.run()
    return int(app.return_code or 0)


def read_organizer_secret(path: Path) -> str | OSError | ValueError:
    """The secret in `path`, or (an empty path) the local server's own (net/evening/tournament_host.py)."""
    from ..net.evening.organizers import SECRET_NAME
    from ..net.server.server import data_home

    where = path if str(path) not in ("", ".") else data_home() / SECRET_NAME
    try:
        text = where.read_text(encoding="utf-8").strip()
    except OSError as exc:
        return OSError(f"{where}: {os_words(exc)}")
    if not 16 <= len(text) <= 256:
        return ValueError(_("{path} holds no organizer secret").format(path=where))
    return text
