"""argparse's own sentences, marked for our catalog.

cli.py points argparse's module-level `_` and `ngettext` at ours, so "usage: ",
"error:" and "invalid choice" follow --lang; but the catalog only holds what is marked in
our own files. This module marks argparse's sentences, spelled EXACTLY as argparse
spells them (a msgid that differs by one character is never looked up). They were read
from the argparse.py of Python 3.10, 3.11 (both the system's and pyenv's), 3.12 and 3.13;
where a version added or changed a sentence, each spelling is listed. Nothing here is
called at run time except by the tests.
"""
from __future__ import annotations

from . import N_, ngettext

SENTENCES = (
    # What a person sees: the help's headings and an error on the command line
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),  # 3.13
    N_("%(heading)s:"),  # 3.13
    N_(" (default: %(default)s)"),  # 3.13
    N_("show this help message and exit"),
    N_("show program's version number and exit"),  # 3.13; cli.py passes it itself on 3.11
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),  # 3.13
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),  # 3.14
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("option '%(option)s' is deprecated"),  # 3.13
    N_("argument '%(argument_name)s' is deprecated"),  # 3.13
    N_("command '%(parser_name)s' is deprecated"),  # 3.13
    # A mistake in a parser's definition (ours, never a person's input): listed so a
    # German program never shows English, though only a bug of ours could show them
    N_("%r is not callable"),
    N_("'required' is an invalid argument for positionals"),
    N_(".__call__() not defined"),
    N_('argument "-" with mode %r'),
    N_("cannot have multiple subparser arguments"),
    N_("cannot merge actions - two groups are named %r"),
    N_("conflicting subparser: %s"),
    N_("conflicting subparser alias: %s"),
    N_("dest= is required for options like %r"),
    N_("invalid conflict_resolution value: %r"),
    N_("invalid option string %(option)r: must start with a character %(prefix_chars)r"),
    N_("mutually exclusive arguments must be optional"),
)


def plural_sentences(n: int) -> list[str]:
    """argparse's sentences whose form depends on a number, in the form for `n`
    (written as calls so the catalog's extractor finds both forms)."""
    return [
        ngettext("expected %s argument", "expected %s arguments", n),
        ngettext("conflicting option string: %s", "conflicting option strings: %s", n),
    ]
