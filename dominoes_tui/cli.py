"""The `dominoes` command. Each subcommand lives in dominoes_tui/commands/ and is
imported only when used, so `dominoes simulate` never loads the UI."""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

# name -> (module under dominoes_tui.commands, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "start a match straight away (no subcommand opens the settings screen)"),
    "simulate": ("simulate", "play bot-only matches headless and print a summary"),
    "replay": ("replay", "check a game log against the rules and print what happened"),
    "bot": ("bot", "speak the bot protocol on stdin/stdout"),
    "bench": ("bench", "measure engine speed, bot decision time and strength"),
    "host": ("host", "run a table server that friends join over the LAN or SSH"),
    "join": ("join", "join a hosted table: the lobby, then the same table screen"),
    "ssh": ("ssh", "let people in over SSH: each session lands in the lobby (needs asyncssh)"),
    "web": ("web", "serve the hosted-table client in a browser (needs textual-serve)"),
    "tournament": ("tournament", "play a whole tournament headless with bots and print the standings"),
}


def _available() -> dict[str, object]:
    found = {}
    for name, (module, _help) in SUBCOMMANDS.items():
        try:
            found[name] = importlib.import_module(f"dominoes_tui.commands.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"dominoes_tui.commands.{module}":
                raise
    return found


def build_parser(commands: dict[str, object]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dominoes", description="Dominoes in the terminal.")
    from . import __version__

    parser.add_argument("--version", action="version", version=f"dominoes_tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in commands.items():
        p = sub.add_parser(name, help=SUBCOMMANDS[name][1], description=SUBCOMMANDS[name][1])
        module.add_arguments(p)  # type: ignore[attr-defined]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    commands = _available()
    parser = build_parser(commands)
    args = parser.parse_args(argv)
    if args.command is None:
        if "play" not in commands:
            parser.print_help()
            return 0
        return int(commands["play"].open_settings() or 0)  # type: ignore[attr-defined]
    return int(commands[args.command].run(args) or 0)  # type: ignore[attr-defined]


if __name__ == "__main__":
    sys.exit(main())
