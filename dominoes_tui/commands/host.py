"""`dominoes host`: run the table server (loopback unless --listen says otherwise)."""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from ..net.protocol import DEFAULT_PORT
from .addresses import address


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--listen", default=None, metavar="ADDR:PORT", type=address,
        help=f"where to listen (default 127.0.0.1:{DEFAULT_PORT}, this machine only); e.g. 0.0.0.0:{DEFAULT_PORT} opens it to the LAN",
    )
    p.add_argument("--port", type=int, default=None, help="the port on 127.0.0.1 (0: any free port)")
    p.add_argument("--data-dir", type=Path, default=None, help="where tables are kept (default: the game's data folder /server)")
    p.add_argument("--no-save", action="store_true", help="keep tables in memory only (a restart loses them)")
    p.add_argument("--grace", type=float, default=300.0, help="seconds a dropped player keeps the seat (default 300)")
    p.add_argument("--standin-after", type=float, default=5.0, help="seconds before a bot plays for a dropped player (default 5)")
    p.add_argument("--bot-delay", type=float, default=None, help="seconds a bot move takes at least (default 0.7; --load-check: 0)")
    p.add_argument("--level", default="medium", help="bot level for empty seats and stand-ins (default medium)")
    p.add_argument("--organizers", default="", metavar="NAMES",
                   help="comma-separated names who may open and start a tournament (default: anyone; then only its opener starts it)")
    p.add_argument("--port-file", type=Path, default=None, help="write the port listened on to this file (for scripts)")
    p.add_argument("--load-check", action="store_true", help="run the load check against a fresh server and exit")
    p.add_argument("--tables", type=int, default=40, help="--load-check: bot-only tables at once (default 40)")
    p.add_argument("--watchers", type=int, default=2, help="--load-check: clients watching each table (default 2)")
    p.add_argument("--seconds", type=float, default=10.0, help="--load-check: how long to measure (default 10)")
    p.add_argument("--json", default=None, metavar="FILE", help="--load-check: also write the figures as JSON")


def run(args: argparse.Namespace) -> int:
    from ..bots import level_names
    from ..net.client import split_address
    from ..net.server import Server, data_home, serve

    if args.load_check:
        from ..bench.load import main as load_main

        return load_main(tables=args.tables, watchers=args.watchers, seconds=args.seconds, bot_delay=args.bot_delay or 0.0, json_path=args.json)
    if args.level not in level_names():
        print(f"dominoes host: unknown level {args.level!r}; allowed: {', '.join(level_names())}", file=sys.stderr)
        return 2
    if args.grace < 0 or args.standin_after < 0 or (args.bot_delay is not None and not 0 <= args.bot_delay <= 5):
        print("dominoes host: --grace and --standin-after are 0 or more seconds, --bot-delay 0 to 5", file=sys.stderr)
        return 2
    host, port = split_address(args.listen)
    if args.port is not None:
        port = args.port
    data = None if args.no_save else (args.data_dir or data_home())
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    server = Server(data, grace=args.grace, bot_delay=0.7 if args.bot_delay is None else args.bot_delay, default_level=args.level, standin_delay=args.standin_after,
                    organizers={n.strip() for n in args.organizers.split(",") if n.strip()})

    async def main() -> None:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(serve(host, port, server, ready))
        real = await asyncio.wait_for(asyncio.shield(ready), 30) if not task.done() else task.result()
        where = f"[{host}]" if ":" in host else host
        print(f"dominoes host: serving on {where}:{real}", flush=True)
        if host in ("127.0.0.1", "localhost", "::1"):
            print("  only this machine can join; --listen 0.0.0.0:PORT opens it to the LAN", flush=True)
        print(f"  join with: dominoes join {where}:{real}", flush=True)
        if server.tables:
            print(f"  tables back from the last run: {', '.join(server.tables)}", flush=True)
        if args.port_file:
            try:
                args.port_file.write_text(str(real), encoding="utf-8")
            except OSError as exc:  # the server runs on: only the script that asked is told
                print(f"dominoes host: cannot write the port to {args.port_file}: {exc}", file=sys.stderr, flush=True)
        await task

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"dominoes host: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
        return 1
    return 0
