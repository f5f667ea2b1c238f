"""`dominoes host`: run the table server (loopback unless --listen says otherwise)."""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from ..engine.files import atomic_write
from ..i18n import _, pgettext
from ..i18n.formats import number
from ..net.host.limits import Limits
from ..net.records.finished import Keeping, MiB
from ..net.wire.protocol import DEFAULT_PORT
from . import logs
from .addresses import address
from .hosting import release_and_list, run_until_stopped


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--listen", default=None, metavar=pgettext("metavar", "ADDR:PORT"), type=address,
        help=_("where to listen (default 127.0.0.1:{port}, this machine only); "
                    "e.g. 0.0.0.0:{port} opens it to the LAN").format(port=DEFAULT_PORT),
    )
    p.add_argument("--port", type=int, default=None, help=_("the port on 127.0.0.1 (0: any free port)"))
    p.add_argument("--data-dir", type=Path, default=None,
                   help=_("where tables are kept (default: the game's data folder /server)"))
    p.add_argument("--no-save", action="store_true", help=_("keep tables in memory only (a restart loses them)"))
    p.add_argument("--grace", type=float, default=300.0, help=_("seconds a dropped player keeps the seat (default 300)"))
    p.add_argument("--standin-after", type=float, default=5.0,
                   help=_("seconds before a bot plays for a dropped player (default 5)"))
    p.add_argument("--bot-delay", type=float, default=None,
                   help=_("seconds a bot move takes at least (default 0.7; --load-check: 0)"))
    p.add_argument("--level", default="medium", help=_("bot level for empty seats and stand-ins (default medium)"))
    p.add_argument("--organizers", default="", metavar=pgettext("metavar", "NAMES"),
                   help=_("comma-separated claimed names who may open, start and close a tournament, besides whoever holds "
                        "the organizer secret; a name counts only if it was claimed when the host starts"))
    p.add_argument("--entrants-per-address", type=int, default=32,
                   help=_("people one address may enter in a tournament (default 32; a gateway's players share its address)"))
    p.add_argument("--guests-per-address", type=int, default=8,
                   help=_("of them, guests without a claimed name (default 8)"))
    p.add_argument("--port-file", type=Path, default=None, help=_("write the port listened on to this file (for scripts)"))
    p.add_argument("--load-check", action="store_true", help=_("run the load check against a fresh server and exit"))
    p.add_argument("--tables", type=int, default=None,
                   help=_("--load-check: one check with this many bot-only tables (default: the two standard checks, "
                        "100 medium tables beside 20 hard ones, and 1,000 tables)"))
    p.add_argument("--hard-tables", type=int, default=0, help=_("--load-check with --tables: hard-bot tables beside them"))
    p.add_argument("--watchers", type=int, default=2, help=_("--load-check: clients watching each table (default 2)"))
    p.add_argument("--seconds", type=float, default=10.0, help=_("--load-check: how long to measure (default 10)"))
    p.add_argument("--analyses", type=int, default=2, metavar="K",
                   help=_("--load-check: measure the medium tables again while K match analyses run as hosted "
                          "players run them (default 2; 0: not)"))
    p.add_argument("--json", default=None, metavar=pgettext("metavar", "FILE"),
                   help=_("--load-check: also write the figures as JSON"))
    p.add_argument("--db", default=None, metavar="URL",
                   help=_("the club records: a PostgreSQL URL for a league (default: records.sqlite in the data folder)"))
    lim = p.add_argument_group(_("limits (dominoes docs protocol: Limits)"))
    d = Limits()
    lim.add_argument("--max-conns", type=int, default=d.max_conns,
                     help=_("connections at once (default {default})").format(default=d.max_conns))
    lim.add_argument("--fd-reserve", type=int, default=d.fd_reserve,
                     help=_("open files kept free for the server's own work; connections stop this far below its "
                    "open-file limit (default {default})").format(default=d.fd_reserve))
    lim.add_argument("--wrong-codes", type=int, default=d.wrong_codes,
                     help=_("wrong table codes an address may give before it must wait, 1 s and doubling to 300 s "
                    "(default {default})").format(default=d.wrong_codes))
    lim.add_argument("--conns-per-address", type=int, default=d.conns_per_address,
                     help=_("connections at once from one address (default {default})").format(default=d.conns_per_address))
    lim.add_argument("--handshake-timeout", type=float, default=d.handshake_timeout,
                     help=_("seconds from connecting to hello (default {default})").format(default=f"{d.handshake_timeout:g}"))
    lim.add_argument("--idle-timeout", type=float, default=d.idle_timeout,
                     help=_("seconds a connection may stay silent (default {default})").format(default=f"{d.idle_timeout:g}"))
    lim.add_argument("--max-tables", type=int, default=d.max_tables,
                     help=_("tables at once (default {default})").format(default=d.max_tables))
    lim.add_argument("--tables-per-conn", type=int, default=d.tables_per_conn,
                     help=_("tables one connection may have running or waiting (default {default})")
                         .format(default=d.tables_per_conn))
    lim.add_argument("--tables-per-address", type=int, default=d.tables_per_address,
                     help=_("the same, per address (default {default})").format(default=d.tables_per_address))
    lim.add_argument("--waiting-timeout", type=float, default=d.waiting_timeout,
                     help=_("seconds a never-started table lasts after its creator left (default {default})")
                         .format(default=f"{d.waiting_timeout:g}"))
    lim.add_argument("--max-unread", type=int, default=d.max_unread,
                     help=_("bytes held for a slow reader before it is dropped (default {default})").format(default=d.max_unread))
    lim.add_argument("--turn-time", type=float, default=None,
                     help=_("seconds a connected player has for a turn; then the stand-in bot plays it (default: no clock)"))
    lim.add_argument("--bot-workers", type=int, default=d.bot_workers,
                     help=_("processes medium and hard bots think in (default {default})").format(default=d.bot_workers))
    lim.add_argument("--bot-workers-per-address", type=int, default=d.bot_workers_per_address,
                     help=_("of those, how many one address's tables may keep busy at once (default {default})")
                         .format(default=d.bot_workers_per_address))
    lim.add_argument("--work-burst", type=int, default=d.work_burst,
                     help=_("requests that build or push something for others (list, board, watch, leave, the "
                            "evening's) all connections of one address may send at once (default {default})")
                         .format(default=d.work_burst))
    lim.add_argument("--work-per-address", type=float, default=d.work_per_address,
                     help=_("then so many a second (default {default})").format(default=f"{d.work_per_address:g}"))
    lim.add_argument("--newcomer-share", type=float, default=d.newcomer_share,
                     help=_("of the connections and of an evening's places, the share kept for addresses that hold "
                            "none yet, 0 to 0.5 (default {default})")
                     .format(default=number(d.newcomer_share, 3, trailing_zeros=False)))
    lim.add_argument("--practice", action="store_true",
                     help=_("allow clients to give a seed: 'seeded practice tables', marked so and never rated"))
    keep = p.add_argument_group(_("what the server keeps (dominoes docs protocol: Storage)"))
    k = Keeping()
    keep.add_argument("--disk-per-address", type=float, default=k.disk_per_address / MiB, metavar="MIB",
                      help=_("MiB of finished logs the tables one address makes may add in an hour; then it may make "
                    "no table until the hour has passed (default {default})").format(default=f"{k.disk_per_address / MiB:g}"))
    keep.add_argument("--rated-per-pair", type=int, default=k.rated_per_pair, metavar="N",
                      help=_("rated matches an hour between the same people, from any addresses; later ones "
                    "are kept unrated (default {default})").format(default=k.rated_per_pair))
    keep.add_argument("--rated-per-person", type=int, default=k.rated_per_person, metavar="N",
                      help=_("rated matches an hour of one person, with anyone; later ones are kept unrated "
                    "(default {default})").format(default=k.rated_per_person))
    keep.add_argument("--keep-finished", type=float, default=k.keep_finished_days, metavar=pgettext("metavar", "DAYS"),
                      help=_("days a recorded match's log stays in finished/ (the records keep it for good; "
                    "default {default})").format(default=f"{k.keep_finished_days:g}"))
    p.add_argument("--names", action="store_true", help=_("list the claimed names, then exit"))
    p.add_argument("--release", metavar=pgettext("metavar", "NAME"),
                   help=_("free a claimed name (the next key to prove it claims it), then exit"))
    logs.add_arguments(p)


def limits_from(args: argparse.Namespace) -> Limits | str:
    """The limits the options ask for, or what is wrong with them."""
    counts = ("max_conns", "conns_per_address", "max_tables", "tables_per_conn", "tables_per_address", "max_unread",
              "bot_workers", "bot_workers_per_address", "fd_reserve", "wrong_codes", "work_burst")
    times = ("handshake_timeout", "idle_timeout", "waiting_timeout", "work_per_address")
    for name in counts:
        if getattr(args, name) < 1:
            return _("{option} is 1 or more").format(option=f"--{name.replace('_', '-')}")
    for name in times:
        if not getattr(args, name) > 0:
            return _("{option} is more than 0 seconds").format(option=f"--{name.replace('_', '-')}")
    if args.turn_time is not None and not args.turn_time > 0:
        return _("{option} is more than 0 seconds").format(option="--turn-time")
    if not 0 <= args.newcomer_share <= 0.5:
        return _("{option} is 0 to 0.5").format(option="--newcomer-share")
    return Limits(**{n: getattr(args, n) for n in (*counts, *times, "turn_time", "practice", "newcomer_share")})


def manage_names(args: argparse.Namespace, data: Path) -> int:
    from ..net.host.names import NameRegister

    def claimed(since: int) -> str:
        return _("claimed {when}").format(when=time.strftime("%Y-%m-%d %H:%M", time.localtime(since)))

    return release_and_list("host", NameRegister(data / "names.json"), args.release, args.names, claimed)


def organizer_hint(server: str, data: Path | None, default_data: Path) -> str:
    """How an organizer on this machine shows the secret: `join --organizer` alone reads the
    default server's folder, so another port or folder must be named, and a server that
    keeps nothing on disk leaves no file to read (an old one there holds an old secret)."""
    at = "" if server == f"127.0.0.1:{DEFAULT_PORT}" else f" {server}"
    if data is None:
        return _("it is kept nowhere: put it in a file and run `{command}`").format(command=f"dominoes join{at} --organizer FILE")
    if Path(data) == default_data:
        return _("on this machine `{command}` reads it itself").format(command=f"dominoes join{at} --organizer")
    from ..net.evening.organizers import SECRET_NAME
    return _("on this machine `{command}`").format(command=f"dominoes join{at} --organizer {Path(data) / SECRET_NAME}")


def run(args: argparse.Namespace) -> int:
    from ..bots import level_names
    from ..net.client.client import split_address
    from ..net.server.server import Server, data_home, serve

    if args.level not in level_names():
        print("dominoes host: " + _("unknown level {level}; allowed: {allowed}").format(
            level=repr(args.level), allowed=", ".join(level_names())), file=sys.stderr)
        return 2
    if args.load_check:
        from ..net.load.load_check import main as load_main

        if args.analyses < 0:
            print("dominoes host: " + _("--analyses is 0 or more"), file=sys.stderr)
            return 2

        return load_main(tables=args.tables, watchers=args.watchers, seconds=args.seconds, bot_delay=args.bot_delay,
                         json_path=args.json, level=args.level, hard_tables=args.hard_tables, analyses=args.analyses)
    if args.names or args.release:
        return manage_names(args, args.data_dir or data_home())
    limits = limits_from(args)
    if isinstance(limits, str):
        print(f"dominoes host: {limits}", file=sys.stderr)
        return 2
    if args.grace < 0 or args.standin_after < 0 or (args.bot_delay is not None and not 0 <= args.bot_delay <= 5):
        print("dominoes host: " + _("--grace and --standin-after are 0 or more seconds, --bot-delay 0 to 5"), file=sys.stderr)
        return 2
    if not (args.disk_per_address > 0 and min(args.rated_per_pair, args.rated_per_person, args.keep_finished) >= 0):
        print("dominoes host: " + _("--disk-per-address is more than 0, --rated-per-pair, --rated-per-person and "
                                    "--keep-finished 0 or more"),
              file=sys.stderr)
        return 2
    keeping = Keeping(int(args.disk_per_address * MiB), args.rated_per_pair, args.keep_finished, args.rated_per_person)
    host, port = split_address(args.listen)
    if args.port is not None:
        port = args.port
    if not 0 <= port <= 65535:
        print("dominoes host: " + _("{port} is not a port (0 to 65535)").format(port=port), file=sys.stderr)
        return 2
    data = None if args.no_save else (args.data_dir or data_home())
    wrong = logs.start(args)
    if wrong is not None:
        print("dominoes host: " + wrong, file=sys.stderr)
        return 2
    server = Server(data, grace=args.grace, bot_delay=0.7 if args.bot_delay is None else args.bot_delay, default_level=args.level,
                    standin_delay=args.standin_after, limits=limits, records_url=args.db or os.environ.get("DOMINOES_TUI_DB"),
                    organizers={n.strip() for n in args.organizers.split(",") if n.strip()}, keeping=keeping)
    if args.entrants_per_address < 1 or args.guests_per_address < 0:
        print("dominoes host: " + _("--entrants-per-address is 1 or more, --guests-per-address 0 or more"), file=sys.stderr)
        return 2
    evening = server.tournament_host
    evening.entrants_per_address, evening.guests_per_address = args.entrants_per_address, args.guests_per_address

    async def main() -> None:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve(host, port, server, ready))
        for sig in (signal.SIGTERM, signal.SIGHUP):  # a closed terminal or a kill: close cleanly (bots' workers too)
            asyncio.get_running_loop().add_signal_handler(sig, task.cancel)
        # the server is up, or it could not start (a port in use, an address not of this
        # machine): then its OSError is the one line run_until_stopped prints, at once
        await asyncio.wait((task, ready), return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            if task.cancelled():  # stopped by a signal before it was up
                return
            task.result()
        real = ready.result()
        where = f"[{host}]" if ":" in host else host
        print("dominoes host: " + _("serving on {address}").format(address=f"{where}:{real}"), flush=True)
        if host in ("127.0.0.1", "localhost", "::1"):
            print("  " + _("only this machine can join; --listen 0.0.0.0:PORT opens it to the LAN"), flush=True)
        print("  " + _("join with: {command}").format(command=f"dominoes join {where}:{real}"), flush=True)
        if server.tables:
            print("  " + _("tables back from the last run: {codes}").format(codes=", ".join(server.tables)), flush=True)
        if limits.turn_time:
            print("  " + _("turn clock: {seconds} s a turn, then a bot plays it").format(seconds=f"{limits.turn_time:g}"),
                  flush=True)
        print("  " + _("organizer secret: {secret}  (give it to organizers only; {hint})").format(
            secret=evening.organizer_secret, hint=organizer_hint(f"{where}:{real}", data, data_home())), flush=True)
        for name in evening.organizers.unpinned():
            print("  " + _("organizer {name}: nobody has claimed that name here, so it gives no rights; have them join "
                           "once, check `dominoes host --names`, then start again (or give them the organizer secret)"
                           ).format(name=name), flush=True)
        if limits.practice:
            print("  " + _("practice: clients may give seeds (seeded practice tables, never rated)"), flush=True)
        if args.port_file:
            try:
                atomic_write(args.port_file, str(real))  # a script polling it never reads half a number
            except OSError as exc:  # the server runs on: only the script that asked is told
                print("dominoes host: " + _("cannot write the port to {path}: {reason}").format(path=args.port_file, reason=exc),
                      file=sys.stderr, flush=True)
        try:
            await task
        except asyncio.CancelledError:
            pass

    return run_until_stopped(main(), "dominoes host: " + _("cannot listen on {address}").format(address=f"{host}:{port}"))
