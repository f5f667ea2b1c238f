"""The `dominoes` command. Each subcommand lives in dominoes_tui/commands/ and is
imported only when it runs: `dominoes --help` imports none of them, `dominoes bot` only
the bot's, so a command starts as fast as its own needs allow.

Adding a subcommand is one line in SUBCOMMANDS; its module provides
`add_arguments(parser)` and `run(args) -> int`.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Protocol, cast

from .i18n import LANGUAGES, N_, _, choose, ngettext, pgettext, use
from .i18n.metavars import name_values

# argparse's own words ("usage:", "error:", "invalid choice") are looked up through its
# module's `_`; pointing it at our catalog makes them follow --lang too.
setattr(argparse, "_", _)  # noqa: B010 (argparse declares no such name for mypy)
setattr(argparse, "ngettext", ngettext)  # noqa: B010

# name -> (module under dominoes_tui.commands, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", N_("start a match straight away (no subcommand opens the settings screen)")),
    "simulate": ("simulate", N_("play bot-only matches headless and print a summary")),
    "replay": ("replay", N_("step through a game log in the replay viewer (--check: check it against the rules)")),
    "stats": ("stats", N_("the club records: leaderboard, a player's page, importing game logs")),
    "bot": ("bot", N_("speak the bot protocol (dominoes docs bots) on stdin/stdout")),
    "analyze": ("analyze", N_("judge every decision of a logged match from the mover's view: losses, blunders, accuracy")),
    "puzzles": ("puzzles", N_("puzzles from real matches, each with a proved answer: generate, export, import")),
    "bench": ("bench", N_("measure engine speed, bot decision time and start-up")),
    "host": ("host", N_("run a table server that friends join over the LAN or SSH")),
    "join": ("join", N_("join a hosted table: the lobby, then the same table screen")),
    "ssh": ("ssh", N_("let people in over SSH: each session lands in the lobby (needs asyncssh)")),
    "web": ("web", N_("serve the hosted-table client in a browser (needs textual-serve)")),
    "board": ("board", N_("the projector screen of a hosted evening: every table, standings, the closest game large")),
    "tournament": ("tournament", N_("play a whole tournament headless with bots and print the standings")),
    "docs": ("docs", N_("read the rules, the game log, the bot protocol, the server's protocol or the analysis")),
    "completion": ("completion", N_("print the shell completion script (bash|zsh|fish)")),
}


class Command(Protocol):
    """What the module of every subcommand provides."""

    def add_arguments(self, p: argparse.ArgumentParser) -> None: ...
    def run(self, args: argparse.Namespace) -> int: ...


def load_command(name: str) -> Command | None:
    """The module of a subcommand, or None where this installation lacks it."""
    module = SUBCOMMANDS[name][0]
    try:
        return cast(Command, importlib.import_module(f"dominoes_tui.commands.{module}"))
    except ModuleNotFoundError as exc:
        if exc.name != f"dominoes_tui.commands.{module}":
            raise
        return None


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line (the first word that is not an option)."""
    words = iter(argv)
    for arg in words:
        if arg == "--":
            return None
        if arg == "--lang":
            next(words, None)
            continue
        if not arg.startswith("-"):
            return arg if arg in SUBCOMMANDS else None
    return None


def _asked_language(argv: Sequence[str]) -> str | None:
    """The `--lang` of the command line, wherever it stands, read before the parser is
    built so that the parser's own words are in that language; argparse checks it later."""
    asked = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
    return asked


def start_language(argv: Sequence[str]) -> str:
    """Speak the language of this run: `--lang`, else the settings' Language, else the
    environment's; returns it. A `--lang` is for this run only: it is never remembered."""
    from .table.home import load_settings

    return use(choose(_asked_language(argv), load_settings().get("language")))


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, metavar="|".join(LANGUAGES), default=argparse.SUPPRESS,
                        help=_("the language to speak (default: the settings' choice, else LANG)"))


def build_parser(chosen: str | None = None, module: Command | None = None, *, every: bool = False) -> argparse.ArgumentParser:
    """Every subcommand is listed; only the chosen one's module is asked for its arguments,
    or, with `every` (the completion scripts), every module this installation has."""
    from . import __version__

    parser = argparse.ArgumentParser(prog="dominoes", description=_("Dominoes in the terminal."))
    # argparse before 3.13 never translates the version option's help: it is passed here
    parser.add_argument("--version", action="version", version=f"dominoes_tui {__version__}",
                        help=_("show program's version number and exit"))
    add_language_option(parser)
    sub = parser.add_subparsers(dest="command", metavar=pgettext("metavar", "COMMAND"))
    for name, (_module, text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=_(text), description=_(text))
        add_language_option(p)
        if name == chosen and module is not None:
            module.add_arguments(p)
            name_values(p)
        elif every and (each := load_command(name)) is not None:
            each.add_arguments(p)
            name_values(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; a reader that stops early (`dominoes stats --json | head`) ends it quietly."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here for output still buffered
        return code
    except BrokenPipeError:
        # Python would print the error again while flushing at exit: point stdout at
        # nothing first (the recipe of the signal module's documentation).
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141  # as a shell reports a process ended by SIGPIPE


def _main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    start_language(args_list)
    chosen = _chosen(args_list)
    module = load_command(chosen) if chosen else None
    if chosen and module is None:
        print(_("dominoes: the {command} command is not part of this installation").format(command=chosen), file=sys.stderr)
        return 2
    parser = build_parser(chosen, module)
    args = parser.parse_args(args_list)
    if args.command is None:
        if load_command("play") is None:
            parser.print_help()
            return 0
        from .commands.play import open_settings

        return int(open_settings() or 0)
    assert module is not None  # a command was named: its module was loaded above
    return int(module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
