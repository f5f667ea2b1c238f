"""How this copy of the program was installed, and so the line that adds an optional extra
to it: a command that needs one (`dominoes ssh`, `web`, `--db postgresql://…`) says the
line that works here, not the one that works in a clone.

- pipx gave it a venv of its own (pipx_metadata.json at the venv's root): `pipx inject`.
- any other venv, a clone's editable install among them: this interpreter's pip.
- the user's own site (`pip install --user`): the same, with --user.

The requirements are the extra's own, read from the installed metadata, so they are
written once (pyproject.toml). Imports nothing of the package, so every layer may use it.
"""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .program import short_path

DIST = "dominoes_tui"


def requirements(extra: str) -> list[str]:
    """The requirements of `extra` as the installed metadata gives them ("asyncssh>=2.14")."""
    from importlib import metadata

    try:
        found = metadata.requires(DIST) or []
    except metadata.PackageNotFoundError:
        return []
    wanted = []
    for line in found:
        requirement, _, marker = line.partition(";")
        if marker.replace("'", '"').replace(" ", "").find(f'extra=="{extra}"') >= 0:
            wanted.append(requirement.strip().replace(" ", ""))
    return wanted


def pipx_venv(prefix: str | None = None) -> str | None:
    """The name pipx knows this program's venv by, when pipx installed it."""
    root = Path(sys.prefix if prefix is None else prefix)
    return root.name if (root / "pipx_metadata.json").is_file() else None


def _user_site() -> bool:
    import site

    return sys.prefix == sys.base_prefix and Path(__file__).resolve().is_relative_to(Path(site.getusersitepackages()).resolve())


def add_extra(extra: str, prefix: str | None = None) -> str:
    """The command that adds `extra` (ssh, web, postgres) to this installation."""
    wanted = requirements(extra) or [f"{DIST}[{extra}]"]
    words = " ".join(shlex.quote(w) for w in wanted)
    venv = pipx_venv(prefix)
    if venv is not None:
        return f"pipx inject {shlex.quote(venv)} {words}"
    python = shlex.quote(short_path(sys.executable or "python3"))
    user = " --user" if _user_site() else ""
    return f"{python} -m pip install{user} {words}"
