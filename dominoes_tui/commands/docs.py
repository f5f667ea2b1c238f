"""`dominoes docs TOPIC`: the documents the help cites, from any installation. A wheel
carries docs/*.md inside the package (setup.py's BuildPy); a clone's editable install
reads the checkout's docs/. On a terminal a topic is drawn in a pager, as `git help`
does; into a pipe or a file it is the Markdown as written."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..i18n import N_, _

PACKAGE = Path(__file__).resolve().parent.parent
# topic -> (the file in a clone, what it is); an installed package has docs/ inside it
TOPICS: dict[str, tuple[str, str]] = {
    "rules": ("docs/RULES.md", N_("the rules of the six variants, with rule IDs, table options (§4) and worked examples")),
    "log": ("docs/GAMELOG.md", N_("the game log: the file format of saves, replays and logs")),
    "bots": ("docs/BOT_PROTOCOL.md", N_("the bot protocol: an outside program in a seat (cmd:PROGRAM)")),
    "protocol": ("docs/PROTOCOL.md", N_("the table server's protocol, identity, limits and storage")),
    "analysis": ("docs/ANALYSIS.md", N_("the match analysis: how a move is judged, and on a server")),
}


def folders() -> list[Path]:
    """Where the documents may be: inside the package (a wheel), else the checkout's docs/."""
    return [PACKAGE / "docs", PACKAGE.parent / "docs"]


def find(topic: str) -> Path | None:
    name = Path(TOPICS[topic][0]).name
    return next((folder / name for folder in folders() if (folder / name).is_file()), None)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("topic", nargs="?", choices=list(TOPICS), metavar="|".join(TOPICS),
                   help=_("the document to read; without one, the list"))
    p.add_argument("--path", action="store_true", help=_("print where the document is, to open it in an editor"))


def _page(text: str) -> None:
    """Markdown drawn by Rich in the pager ($PAGER, else less), with less's options as git
    sets them when the person has set none: colours kept, quit at once if it fits."""
    from rich.console import Console
    from rich.markdown import Markdown

    os.environ.setdefault("LESS", "FRX")
    console = Console()
    with console.pager(styles=True):
        console.print(Markdown(text))


def run(args: argparse.Namespace) -> int:
    if args.topic is None:
        width = max(len(t) for t in TOPICS)
        for topic, (_name, what) in TOPICS.items():
            print(f"  {topic:<{width}}  {_(what)}")
        from ..program import command

        print(_("Read one with: {command}").format(command=command("docs TOPIC")))
        return 0
    path = find(args.topic)
    if path is None:
        print("dominoes docs: " + _("{file} is not part of this installation").format(file=Path(TOPICS[args.topic][0]).name),
              file=sys.stderr)
        return 1
    if args.path:
        print(path)
        return 0
    text = path.read_text(encoding="utf-8")
    if sys.stdout.isatty():
        _page(text)
    else:
        sys.stdout.write(text)
    return 0
