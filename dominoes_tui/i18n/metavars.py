"""What the help calls an option's value (`--variant VARIANTE`, `--seed N`), in the
language in use: argparse names a value after its option (VARIANT, STANDIN_AFTER), in
English, wherever a parser gave no metavar of its own. A number is N in every language
(a port stays PORT); the other values are named here."""
from __future__ import annotations

import argparse

from . import pgettext


def _words() -> dict[str, str]:
    return {
        "VARIANT": pgettext("metavar", "VARIANT"), "SEATS": pgettext("metavar", "SEATS"),
        "BOTS": pgettext("metavar", "BOTS"), "LEVEL": pgettext("metavar", "LEVEL"),
        "FORMAT": pgettext("metavar", "FORMAT"), "ONLY": pgettext("metavar", "PART"),
        "CODE": pgettext("metavar", "CODE"), "NAME": pgettext("metavar", "NAME"),
        "PASSWORD": pgettext("metavar", "PASSWORD"), "HOST_KEY": pgettext("metavar", "KEY_FILE"),
        "PUBLIC_URL": "URL", "DATA_DIR": pgettext("metavar", "FOLDER"), "PORT_FILE": pgettext("metavar", "FILE"),
        "PORT": "PORT",
    }


def name_values(parser: argparse.ArgumentParser) -> None:
    """Give every option that takes a value, and has no metavar, one in the language."""
    words = _words()
    for action in parser._actions:
        if not action.option_strings or action.metavar is not None or action.choices is not None:
            continue
        if action.nargs == 0 or isinstance(action, argparse._HelpAction | argparse._VersionAction):
            continue
        dest = action.dest.upper()
        if dest in words:
            action.metavar = words[dest]
        elif action.type in (int, float):
            action.metavar = "N"
