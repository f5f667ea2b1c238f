"""`dominoes ssh`: the SSH gateway (optional extra: asyncssh). Each login lands in the lobby.

Also the host's tools for names and keys: --names, --add-key NAME FILE, --release NAME."""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from ..i18n import _, pgettext
from ..i18n.formats import number
from ..net.wire.protocol import DEFAULT_PORT
from . import gateway_key, logs
from .addresses import address
from .hosting import add_analyses_at_once, analyses_at_once_ok, release_and_list, run_until_stopped


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=2222, help=_("the SSH port (default 2222)"))
    p.add_argument("--listen", default="127.0.0.1", metavar=pgettext("metavar", "ADDR"),
                   help=_("the address to listen on (default 127.0.0.1; 0.0.0.0 opens it to the LAN)"))
    p.add_argument("--server", default=f"127.0.0.1:{DEFAULT_PORT}", metavar=pgettext("metavar", "HOST:PORT"), type=address,
                   help=_("the table server sessions join (default 127.0.0.1:{port})").format(port=DEFAULT_PORT))
    p.add_argument("--with-server", action="store_true", help=_("also run the table server (at --server) in this process"))
    p.add_argument("--password", default=None,
                   help=_("a shared password for everyone (default: none); every user of this machine reads it with ps, "
                          "so prefer $DOMINOES_SSH_PASSWORD"))
    p.add_argument("--host-key", type=Path, default=None,
                   help=_("the host key file (made if missing; default: in the data folder)"))
    p.add_argument("--keys-only", action="store_true", help=_("only logins with an SSH key (no password or keyless guests)"))
    p.add_argument("--max-sessions", type=int, default=64, help=_("sessions at once in total (default 64)"))
    p.add_argument("--sessions-per-key", type=int, default=3, help=_("sessions at once per SSH key (default 3)"))
    p.add_argument("--sessions-per-address", type=int, default=8, help=_("sessions at once per client address (default 8)"))
    from ..net.gateways.ssh_admission import Admission

    a = Admission()
    p.add_argument("--max-connections", type=int, default=a.max_connections,
                   help=_("SSH connections at once, logged in or not (default {default})").format(default=a.max_connections))
    p.add_argument("--connections-per-address", type=int, default=a.connections_per_address,
                   help=_("SSH connections at once from one address (default {default})")
                       .format(default=a.connections_per_address))
    p.add_argument("--max-startups", type=int, default=a.max_startups,
                   help=_("connections still logging in, at once (default {default})").format(default=a.max_startups))
    p.add_argument("--startups-per-address", type=int, default=a.startups_per_address,
                   help=_("of them, from one address (default {default})").format(default=a.startups_per_address))
    p.add_argument("--names-per-address", type=int, default=a.names_per_address,
                   help=_("new names the keys logging in from one address may claim in an hour (default {default})")
                       .format(default=a.names_per_address))
    p.add_argument("--newcomer-share", type=float, default=a.newcomer_share,
                   help=_("of the sessions, connections and logins, the share kept for addresses that hold none yet, "
                          "0 to 0.5 (default {default})").format(default=number(a.newcomer_share, 3, trailing_zeros=False)))
    p.add_argument("--wrong-passwords", type=int, default=5,
                   help=_("wrong passwords an address may try before it must wait, 1 s and doubling to 300 s (default 5)"))
    add_analyses_at_once(p)
    gateway_key.add_argument(p)
    logs.add_arguments(p)
    p.add_argument("--names", action="store_true", help=_("list the claimed names and their keys, then exit"))
    p.add_argument("--add-key", nargs=2, metavar=(pgettext("metavar", "NAME"), pgettext("metavar", "KEY_FILE")),
                   help=_("give NAME to the key in KEY_FILE (claiming it if free), then exit"))
    p.add_argument("--release", metavar=pgettext("metavar", "NAME"),
                   help=_("free NAME (the next key to log in under it claims it), then exit"))


def manage(args: argparse.Namespace, home: Path) -> int | None:
    """--names, --add-key, --release: the host's work on names and keys; None if none was asked."""
    if not (args.names or args.add_key or args.release):
        return None
    import asyncssh

    from ..net.gateways.ssh_names import KeyRegister
    from ..net.wire.protocol import clean_name

    keys = KeyRegister(home / "names.json")
    try:
        if args.add_key:
            name, key_file = clean_name(args.add_key[0]), args.add_key[1]
            try:
                fingerprint = asyncssh.read_public_key(key_file).get_fingerprint()
            except (OSError, ValueError, asyncssh.KeyImportError) as exc:
                print("dominoes ssh: " + _("cannot read a public key from {path}: {reason}").format(path=key_file, reason=exc),
                      file=sys.stderr)
                return 2
            keys.add_key(name, fingerprint)
            print(f"{name}: {fingerprint}")
        return release_and_list("ssh", keys, args.release, args.names, " ".join)
    except OSError as exc:
        print("dominoes ssh: " + _("cannot write {path}: {reason}").format(path=home / "names.json", reason=exc), file=sys.stderr)
        return 1


def run(args: argparse.Namespace) -> int:
    try:
        from ..net.gateways.ssh_gateway import Gateway
    except ImportError:
        from ..install import add_extra

        print(_("dominoes ssh needs the optional extra asyncssh: {command}").format(command=add_extra("ssh")),
              file=sys.stderr)
        return 2
    from ..net.client.client import split_address
    from ..net.server.server import Server, data_home

    wrong = logs.start(args, quiet=("asyncssh",))  # its INFO lines are about listeners and channels, not players
    if wrong is not None:
        print("dominoes ssh: " + wrong, file=sys.stderr)
        return 2
    password = args.password or os.environ.get("DOMINOES_SSH_PASSWORD") or None
    home = data_home().parent / "ssh"
    managed = manage(args, home)
    if managed is not None:
        return managed
    if min(args.max_sessions, args.sessions_per_key, args.sessions_per_address, args.wrong_passwords, args.max_connections,
           args.connections_per_address, args.max_startups, args.startups_per_address, args.names_per_address) < 1:
        print("dominoes ssh: " + _("the session limits are 1 or more"), file=sys.stderr)
        return 2
    if not 0 <= args.newcomer_share <= 0.5:
        print("dominoes ssh: " + _("{option} is 0 to 0.5").format(option="--newcomer-share"), file=sys.stderr)
        return 2
    from ..net.gateways.ssh_admission import Admission

    admission = Admission(args.max_connections, args.connections_per_address, args.max_startups,
                          args.startups_per_address, args.newcomer_share, args.names_per_address)
    if not analyses_at_once_ok("ssh", args):
        return 2
    gateway = Gateway(args.server, home, password=password, keys_only=args.keys_only, max_sessions=args.max_sessions,
                      sessions_per_key=args.sessions_per_key, sessions_per_address=args.sessions_per_address,
                      wrong_passwords=args.wrong_passwords, vouch_key=gateway_key.key_path(args),
                      analyses_at_once=args.analyses_at_once, admission=admission)

    async def main() -> None:
        table_server = None
        if args.with_server:
            host, port = split_address(args.server)
            table_server = Server(data_home())
            await table_server.start(host, port)
            print("dominoes ssh: " + _("table server on {address}").format(address=f"{host}:{table_server.port}"), flush=True)
        port = await gateway.start(args.listen, args.port, args.host_key)
        print("dominoes ssh: " + _("listening on {address}; players type: {command}").format(
            address=f"{args.listen}:{port}",
            command=f"ssh -p {port} " + pgettext("metavar", "NAME") + "@" + pgettext("placeholder", "THIS-HOST")), flush=True)
        print("  " + (_("password: required (shared)") if password else _("password: none"))
              + (_("; keys only") if args.keys_only else _("; a key claims a name, logins without one are guests")), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await gateway.close()
            if table_server is not None:
                await table_server.close()

    return run_until_stopped(main(), "dominoes ssh")
