"""`dominoes host`: run the table server (loopback unless --listen says otherwise)."""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import time
from pathlib import Path

from ..engine.files import atomic_write
from ..net.finished import Keeping, MiB
from ..net.limits import Limits
from ..net.protocol import DEFAULT_PORT
from .addresses import address
from .hosting import release_and_list, run_until_stopped


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--listen", default=None, metavar="ADDR:PORT", type=address,
        help=f"where to listen (default 127.0.0.1:{DEFAULT_PORT}, this machine only); "
             f"e.g. 0.0.0.0:{DEFAULT_PORT} opens it to the LAN",
    )
    p.add_argument("--port", type=int, default=None, help="the port on 127.0.0.1 (0: any free port)")
    p.add_argument("--data-dir", type=Path, default=None, help="where tables are kept (default: the game's data folder /server)")
    p.add_argument("--no-save", action="store_true", help="keep tables in memory only (a restart loses them)")
    p.add_argument("--grace", type=float, default=300.0, help="seconds a dropped player keeps the seat (default 300)")
    p.add_argument("--standin-after", type=float, default=5.0, help="seconds before a bot plays for a dropped player (default 5)")
    p.add_argument("--bot-delay", type=float, default=None,
                   help="seconds a bot move takes at least (default 0.7; --load-check: 0)")
    p.add_argument("--level", default="medium", help="bot level for empty seats and stand-ins (default medium)")
    p.add_argument("--organizers", default="", metavar="NAMES",
                   help="comma-separated claimed names who may open, start and close a tournament, besides whoever holds "
                        "the organizer secret; a name counts only if it was claimed when the host starts")
    p.add_argument("--entrants-per-address", type=int, default=32,
                   help="people one address may enter in a tournament (default 32; a gateway's players share its address)")
    p.add_argument("--guests-per-address", type=int, default=8,
                   help="of them, guests without a claimed name (default 8)")
    p.add_argument("--port-file", type=Path, default=None, help="write the port listened on to this file (for scripts)")
    p.add_argument("--load-check", action="store_true", help="run the load check against a fresh server and exit")
    p.add_argument("--tables", type=int, default=None,
                   help="--load-check: one check with this many bot-only tables (default: the two standard checks, "
                        "100 medium tables beside 20 hard ones, and 1,000 tables)")
    p.add_argument("--hard-tables", type=int, default=0, help="--load-check with --tables: hard-bot tables beside them")
    p.add_argument("--watchers", type=int, default=2, help="--load-check: clients watching each table (default 2)")
    p.add_argument("--seconds", type=float, default=10.0, help="--load-check: how long to measure (default 10)")
    p.add_argument("--json", default=None, metavar="FILE", help="--load-check: also write the figures as JSON")
    p.add_argument("--db", default=None, metavar="URL",
                   help="the club records: a PostgreSQL URL for a league (default: records.sqlite in the data folder)")
    lim = p.add_argument_group("limits (docs/PROTOCOL.md, Limits)")
    d = Limits()
    lim.add_argument("--max-conns", type=int, default=d.max_conns, help=f"connections at once (default {d.max_conns})")
    lim.add_argument("--fd-reserve", type=int, default=d.fd_reserve,
                     help=f"open files kept free for the server's own work; connections stop this far below its "
                          f"open-file limit (default {d.fd_reserve})")
    lim.add_argument("--wrong-codes", type=int, default=d.wrong_codes,
                     help=f"wrong table codes an address may give before it must wait, 1 s and doubling to 300 s "
                          f"(default {d.wrong_codes})")
    lim.add_argument("--conns-per-address", type=int, default=d.conns_per_address,
                     help=f"connections at once from one address (default {d.conns_per_address})")
    lim.add_argument("--handshake-timeout", type=float, default=d.handshake_timeout,
                     help=f"seconds from connecting to hello (default {d.handshake_timeout:g})")
    lim.add_argument("--idle-timeout", type=float, default=d.idle_timeout,
                     help=f"seconds a connection may stay silent (default {d.idle_timeout:g})")
    lim.add_argument("--max-tables", type=int, default=d.max_tables, help=f"tables at once (default {d.max_tables})")
    lim.add_argument("--tables-per-conn", type=int, default=d.tables_per_conn,
                     help=f"tables one connection may have running or waiting (default {d.tables_per_conn})")
    lim.add_argument("--tables-per-address", type=int, default=d.tables_per_address,
                     help=f"the same, per address (default {d.tables_per_address})")
    lim.add_argument("--waiting-timeout", type=float, default=d.waiting_timeout,
                     help=f"seconds a never-started table lasts after its creator left (default {d.waiting_timeout:g})")
    lim.add_argument("--max-unread", type=int, default=d.max_unread,
                     help=f"bytes held for a slow reader before it is dropped (default {d.max_unread})")
    lim.add_argument("--turn-time", type=float, default=None,
                     help="seconds a connected player has for a turn; then the stand-in bot plays it (default: no clock)")
    lim.add_argument("--bot-workers", type=int, default=d.bot_workers,
                     help=f"processes medium and hard bots think in (default {d.bot_workers})")
    lim.add_argument("--bot-workers-per-address", type=int, default=d.bot_workers_per_address,
                     help=f"of those, how many one address's tables may keep busy at once (default {d.bot_workers_per_address})")
    lim.add_argument("--practice", action="store_true",
                     help="allow clients to give a seed: 'seeded practice tables', marked so and never rated")
    keep = p.add_argument_group("what the server keeps (docs/PROTOCOL.md, Storage)")
    k = Keeping()
    keep.add_argument("--disk-per-address", type=float, default=k.disk_per_address / MiB, metavar="MIB",
                      help=f"MiB of finished logs the tables one address makes may add in an hour; then it may make "
                           f"no table until the hour has passed (default {k.disk_per_address / MiB:g})")
    keep.add_argument("--rated-per-pair", type=int, default=k.rated_per_pair, metavar="N",
                      help=f"rated matches an hour between the same people all seated from one address; later ones "
                           f"are kept unrated (default {k.rated_per_pair})")
    keep.add_argument("--keep-finished", type=float, default=k.keep_finished_days, metavar="DAYS",
                      help=f"days a recorded match's log stays in finished/ (the records keep it for good; "
                           f"default {k.keep_finished_days:g})")
    p.add_argument("--names", action="store_true", help="list the claimed names, then exit")
    p.add_argument("--release", metavar="NAME", help="free a claimed name (its next hello with a secret claims it), then exit")


def limits_from(args: argparse.Namespace) -> Limits | str:
    """The limits the options ask for, or what is wrong with them."""
    counts = ("max_conns", "conns_per_address", "max_tables", "tables_per_conn", "tables_per_address", "max_unread",
              "bot_workers", "bot_workers_per_address", "fd_reserve", "wrong_codes")
    times = ("handshake_timeout", "idle_timeout", "waiting_timeout")
    for name in counts:
        if getattr(args, name) < 1:
            return f"--{name.replace('_', '-')} is 1 or more"
    for name in times:
        if not getattr(args, name) > 0:
            return f"--{name.replace('_', '-')} is more than 0 seconds"
    if args.turn_time is not None and not args.turn_time > 0:
        return "--turn-time is more than 0 seconds"
    return Limits(**{n: getattr(args, n) for n in (*counts, *times, "turn_time", "practice")})


def manage_names(args: argparse.Namespace, data: Path) -> int:
    from ..net.names import NameRegister

    def claimed(since: int) -> str:
        return f"claimed {time.strftime('%Y-%m-%d %H:%M', time.localtime(since))}"

    return release_and_list("host", NameRegister(data / "names.json"), args.release, args.names, claimed)


def organizer_hint(server: str, data: Path | None, default_data: Path) -> str:
    """How an organizer on this machine shows the secret: `join --organizer` alone reads the
    default server's folder, so another port or folder must be named, and a server that
    keeps nothing on disk leaves no file to read (an old one there holds an old secret)."""
    at = "" if server == f"127.0.0.1:{DEFAULT_PORT}" else f" {server}"
    if data is None:
        return f"it is kept nowhere: put it in a file and run `dominoes join{at} --organizer FILE`"
    if Path(data) == default_data:
        return f"on this machine `dominoes join{at} --organizer` reads it itself"
    from ..net.organizers import SECRET_NAME
    return f"on this machine `dominoes join{at} --organizer {Path(data) / SECRET_NAME}`"


def run(args: argparse.Namespace) -> int:
    from ..bots import level_names
    from ..net.client import split_address
    from ..net.server import Server, data_home, serve

    if args.load_check:
        from ..net.load_check import main as load_main

        return load_main(tables=args.tables, watchers=args.watchers, seconds=args.seconds, bot_delay=args.bot_delay,
                         json_path=args.json, level=args.level, hard_tables=args.hard_tables)
    if args.names or args.release:
        return manage_names(args, args.data_dir or data_home())
    limits = limits_from(args)
    if isinstance(limits, str):
        print(f"dominoes host: {limits}", file=sys.stderr)
        return 2
    if args.level not in level_names():
        print(f"dominoes host: unknown level {args.level!r}; allowed: {', '.join(level_names())}", file=sys.stderr)
        return 2
    if args.grace < 0 or args.standin_after < 0 or (args.bot_delay is not None and not 0 <= args.bot_delay <= 5):
        print("dominoes host: --grace and --standin-after are 0 or more seconds, --bot-delay 0 to 5", file=sys.stderr)
        return 2
    if not (args.disk_per_address > 0 and args.rated_per_pair >= 0 and args.keep_finished >= 0):
        print("dominoes host: --disk-per-address is more than 0, --rated-per-pair and --keep-finished 0 or more",
              file=sys.stderr)
        return 2
    keeping = Keeping(int(args.disk_per_address * MiB), args.rated_per_pair, args.keep_finished)
    host, port = split_address(args.listen)
    if args.port is not None:
        port = args.port
    if not 0 <= port <= 65535:
        print(f"dominoes host: {port} is not a port (0 to 65535)", file=sys.stderr)
        return 2
    data = None if args.no_save else (args.data_dir or data_home())
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    server = Server(data, grace=args.grace, bot_delay=0.7 if args.bot_delay is None else args.bot_delay, default_level=args.level,
                    standin_delay=args.standin_after, limits=limits, records_url=args.db or os.environ.get("DOMINOES_TUI_DB"),
                    organizers={n.strip() for n in args.organizers.split(",") if n.strip()}, keeping=keeping)
    if args.entrants_per_address < 1 or args.guests_per_address < 0:
        print("dominoes host: --entrants-per-address is 1 or more, --guests-per-address 0 or more", file=sys.stderr)
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
        print(f"dominoes host: serving on {where}:{real}", flush=True)
        if host in ("127.0.0.1", "localhost", "::1"):
            print("  only this machine can join; --listen 0.0.0.0:PORT opens it to the LAN", flush=True)
        print(f"  join with: dominoes join {where}:{real}", flush=True)
        if server.tables:
            print(f"  tables back from the last run: {', '.join(server.tables)}", flush=True)
        if limits.turn_time:
            print(f"  turn clock: {limits.turn_time:g} s a turn, then a bot plays it", flush=True)
        print(f"  organizer secret: {evening.organizer_secret}  (give it to organizers only; "
              f"{organizer_hint(f'{where}:{real}', data, data_home())})", flush=True)
        for name in evening.organizers.unpinned():
            print(f"  organizer {name}: nobody has claimed that name here, so it gives no rights; have them join "
                  "once, check `dominoes host --names`, then start again (or give them the organizer secret)", flush=True)
        if limits.practice:
            print("  practice: clients may give seeds (seeded practice tables, never rated)", flush=True)
        if args.port_file:
            try:
                atomic_write(args.port_file, str(real))  # a script polling it never reads half a number
            except OSError as exc:  # the server runs on: only the script that asked is told
                print(f"dominoes host: cannot write the port to {args.port_file}: {exc}", file=sys.stderr, flush=True)
        try:
            await task
        except asyncio.CancelledError:
            pass

    return run_until_stopped(main(), f"dominoes host: cannot listen on {host}:{port}")
