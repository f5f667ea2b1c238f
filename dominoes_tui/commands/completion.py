"""`dominoes completion bash|zsh|fish`: the shell's completion script for every command and
option, made by shtab from the same parser the program reads its arguments with. A
script, not a call back into Python at each Tab (argcomplete's way), so completing costs
the shell nothing; printed, as pip and rustup do, for the person to put where their
shell loads completions (the README says where)."""
from __future__ import annotations

import argparse

from ..i18n import _

SHELLS = ("bash", "zsh", "fish")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("shell", choices=SHELLS, metavar="|".join(SHELLS), help=_("the shell to complete in"))


def script(shell: str) -> str:
    import shtab

    from ..cli import build_parser

    return str(shtab.complete(build_parser(every=True), shell=shell))


def run(args: argparse.Namespace) -> int:
    print(script(args.shell))
    return 0
