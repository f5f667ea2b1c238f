"""How to run this program again, as the shell that started it can: for messages that
tell a person which command to type ("`.venv/bin/dominoes play` offers to resume it").

After the README's install line the command is `.venv/bin/dominoes`, and a plain
`dominoes` is not on PATH until the venv is activated; a message that said "run
`dominoes`" then sent people to "command not found". Imports nothing of the package,
so every layer may use it.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sys

NAME = "dominoes"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def program(argv0: str | None = None) -> str:
    """`dominoes` when that name on PATH is this program; else the path it was started by
    (`.venv/bin/dominoes`), or `python -m dominoes_tui` with this interpreter."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    base = os.path.basename(argv0)
    if base == "__main__.py" and os.path.basename(os.path.dirname(argv0)) == "dominoes_tui":
        python = sys.executable or "python3"
        if not _same_file(shutil.which("python3") or "", python):
            return f"{shlex.quote(short_path(python))} -m dominoes_tui"
        return "python3 -m dominoes_tui"
    if not base.startswith(NAME):  # run from elsewhere (a test runner, an embedding): the usual name
        return NAME
    on_path = shutil.which(NAME)
    if on_path and _same_file(on_path, argv0):
        return NAME
    if os.sep not in argv0 and os.path.basename(argv0) == NAME and on_path:
        return NAME
    return shlex.quote(short_path(argv0))


def short_path(path: str) -> str:
    """A path relative to here when it is below here (`.venv/bin/dominoes`), else as given."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    if rel.startswith(".."):
        return os.path.abspath(path)
    return rel if os.sep in rel else f".{os.sep}{rel}"  # a bare name would be looked up on PATH


def command(words: str) -> str:
    """`words` (e.g. "play") as a command line that works: ".venv/bin/dominoes play"."""
    return f"{program()} {words}".strip()
