"""Which engine core runs: the one compiled by mypyc (setup.py), or the sources.

The compiled modules are the very sources, built to C at install time; they are used
only when they were built from the sources beside them (the build leaves a hash of each
in _core_build.json). Sources changed since, or DOMINOES_PURE=1 in the environment, and
the sources run instead, all of them together: a compiled module never meets an
interpreted version of another. This file imports nothing of the package, so setup.py
can read the list of modules from it.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Sequence

# The modules a round spends its time in. Tiles and Moves (named tuples), logs, views
# and options stay interpreted: little time is spent there, and they meet the world.
COMPILED = ("bits", "board", "game", "round_end", "knowledge", "leads", "shuffle")
MANIFEST = "_core_build.json"
PACKAGE = "dominoes_tui.engine"
HERE = Path(__file__).resolve().parent


def source_hashes(folder: Path = HERE) -> dict[str, str]:
    return {name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest() for name in COMPILED}


def _built(folder: Path) -> bool:
    return any((folder / f"{name}{suffix}").exists() for name in COMPILED
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def decide(folder: Path = HERE, environ: "os._Environ[str] | dict[str, str]" = os.environ) -> tuple[bool, str]:
    """(use the compiled modules?, a line saying which core runs and why)."""
    if not _built(folder):
        return False, "pure Python (no compiled core was built)"
    if environ.get("DOMINOES_PURE"):
        return False, "pure Python (DOMINOES_PURE is set)"
    try:
        recorded = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return False, "pure Python (the compiled core has no record of its sources: reinstall)"
    if recorded != source_hashes(folder):
        return False, "pure Python (the sources changed since the core was compiled: reinstall)"
    return True, "compiled (mypyc)"


class _Sources:
    """A finder that loads the listed engine modules from their .py files, ahead of the
    compiled ones Python would otherwise prefer."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.names = {f"{PACKAGE}.{name}": name for name in COMPILED}

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None):  # noqa: ANN201
        name = self.names.get(fullname)
        if name is None:
            return None
        return importlib.util.spec_from_file_location(fullname, self.folder / f"{name}.py")


def install() -> str:
    """Called once, by the package's __init__, before any core module is imported."""
    compiled, why = decide()
    if compiled:
        try:  # a build that cannot load (a library missing, moved or broken) is no build
            for name in COMPILED:
                importlib.import_module(f"{PACKAGE}.{name}")
            return why
        except ImportError as exc:
            for name in COMPILED:
                sys.modules.pop(f"{PACKAGE}.{name}", None)
            why = f"pure Python (the compiled core did not load: {exc})"
    if _built(HERE) and not any(isinstance(f, _Sources) for f in sys.meta_path):
        sys.meta_path.insert(0, _Sources(HERE))
    return why

