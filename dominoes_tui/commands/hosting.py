"""What `dominoes host` and `dominoes ssh` share: the host's work on a register of
claimed names (free one, list them), and running a server until Ctrl-C; and what
`dominoes ssh` and `dominoes web` share: how many match analyses their players may run
at once."""
from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, Protocol, TypeVar

from ..i18n import _
from ..i18n.os_words import os_words
from ..net.gateways import analysis_slots

T_co = TypeVar("T_co", covariant=True)


class NameRegister(Protocol[T_co]):
    """net/host/names.py's claims by secret and net/gateways/ssh_names.py's claims by SSH key."""

    def release(self, name: str) -> bool: ...
    def listing(self) -> Iterable[tuple[str, T_co]]: ...


def release_and_list(command: str, register: NameRegister[T_co], release: str | None, names: bool,
                     shown: Callable[[T_co], str]) -> int:
    """--release NAME, then --names (one line a name: the name, a tab, `shown(what it holds)`)."""
    if release:
        if not register.release(release):
            print(f"dominoes {command}: " + _("nobody holds the name {name}").format(name=repr(release)), file=sys.stderr)
            return 1
        print(_("{name}: released").format(name=release))
    if names:
        for name, held in register.listing():
            print(f"{name}\t{shown(held)}")
    return 0


def run_until_stopped(main: Coroutine[Any, Any, None], failed: str) -> int:
    """Run a server's main until Ctrl-C; an OSError (a port in use) is one line after `failed`."""
    try:
        asyncio.run(main)
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"{failed}: {os_words(exc)}", file=sys.stderr)
        return 1
    return 0


def add_analyses_at_once(p: argparse.ArgumentParser) -> None:
    p.add_argument("--analyses-at-once", type=int, default=analysis_slots.DEFAULT, metavar="N",
                   help=_("match analyses the players may run at once, across all sessions "
                          "(each one worker at the lowest priority; default {n})").format(n=analysis_slots.DEFAULT))


def analyses_at_once_ok(command: str, args: argparse.Namespace) -> bool:
    """--analyses-at-once is 1 or more (said on stderr if not)."""
    if args.analyses_at_once >= 1:
        return True
    print(f"dominoes {command}: " + _("--analyses-at-once is 1 or more"), file=sys.stderr)
    return False
