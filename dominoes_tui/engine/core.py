"""Which engine core runs: the one compiled by mypyc (setup.py), or the sources.

A wheel (`pip install .`) carries the compiled modules beside their sources, built from
them: they are used as they are. An editable install is pure unless compiling was asked
for (DOMINOES_COMPILE=1); such an in-place build leaves a hash of each source in
_core_build.json, and once a source differs from its hash (the contributor edited it)
the sources run instead, so an edit always takes effect. DOMINOES_PURE=1 in the
environment also means the sources. Either way it is all of a group or none of it: a
compiled module never meets an interpreted version of another. This file imports
nothing of the package, so setup.py can read the list of modules from it.

The bots' search is a second group, built and chosen the same way (bots/compiled.py):
the functions here take the group's package, folder and modules. Built in the same
mypyc run, it calls the engine's compiled classes directly, so it runs compiled only
beside the compiled engine.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# The modules a round spends its time in. Tiles and Moves (named tuples), logs, views
# and options stay interpreted: little time is spent there, and they meet the world.
# The Layout is here since the bots replay every round's history onto one (knowledge):
# interpreted, it made the medium bot 7-16 % slower per decision than its old own loop.
COMPILED = ("bits", "board", "round", "game", "round_end", "knowledge", "leads", "shuffle", "layout")
MANIFEST = "_core_build.json"  # written by in-place builds only: a wheel's sources cannot change
PACKAGE = "dominoes_tui.engine"
HERE = Path(__file__).resolve().parent
REBUILD = "DOMINOES_COMPILE=1 pip install -e . again"


def flag(environ: Mapping[str, str], name: str) -> bool:
    """An on/off environment variable: set and not empty, 0, false or no."""
    return environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def module_file(folder: Path, name: str, suffix: str = ".py") -> Path:
    """A module's file; `name` is dotted below the group's folder ("search.pimc")."""
    *subfolders, last = name.split(".")
    return folder.joinpath(*subfolders, f"{last}{suffix}")


def source_hashes(folder: Path = HERE, modules: Sequence[str] = COMPILED) -> dict[str, str]:
    return {name: hashlib.sha256(module_file(folder, name).read_bytes()).hexdigest() for name in modules}


def built_files(folder: Path, modules: Sequence[str]) -> Iterator[Path]:
    """The group's compiled modules found beside their sources."""
    return (path for name in modules for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (path := module_file(folder, name, suffix)).exists())


def decide(folder: Path = HERE, environ: Mapping[str, str] = os.environ,
           modules: Sequence[str] = COMPILED) -> tuple[bool, str]:
    """(use the compiled modules?, a line saying which core runs and why)."""
    if not any(built_files(folder, modules)):
        return False, "pure Python (no compiled core was built)"
    if flag(environ, "DOMINOES_PURE"):
        return False, "pure Python (DOMINOES_PURE is set)"
    try:
        recorded = json.loads((folder / MANIFEST).read_text())
    except FileNotFoundError:
        return True, "compiled (mypyc)"  # a wheel's build: its sources are the ones it was built from
    except (OSError, ValueError):
        return False, f"pure Python (the in-place build's record is unreadable: {REBUILD})"
    if recorded != source_hashes(folder, modules):
        return False, f"pure Python (sources edited since they were compiled in place: {REBUILD})"
    return True, "compiled (mypyc)"


class _Sources:
    """A finder that loads a group's modules from their .py files, ahead of the compiled
    ones Python would otherwise prefer."""

    def __init__(self, folder: Path, package: str = PACKAGE, modules: Sequence[str] = COMPILED) -> None:
        self.folder = folder
        self.names = {f"{package}.{name}": name for name in modules}

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        name = self.names.get(fullname)
        if name is None:
            return None
        return importlib.util.spec_from_file_location(fullname, module_file(self.folder, name))


def install(package: str = PACKAGE, folder: Path = HERE, modules: Sequence[str] = COMPILED,
            pure_because: str = "") -> str:
    """Called once, by the group's package's __init__, before any of its modules is imported;
    `pure_because`, if given, is why the group must run its sources whatever was built."""
    compiled, why = decide(folder, os.environ, modules)
    if compiled and pure_because:
        compiled, why = False, f"pure Python ({pure_because})"
    if compiled:
        try:  # a build that cannot load (a library missing, moved or broken) is no build
            for name in modules:
                importlib.import_module(f"{package}.{name}")
            return why
        except ImportError as exc:
            for name in modules:
                sys.modules.pop(f"{package}.{name}", None)
            why = f"pure Python (the compiled core did not load: {exc})"
    if any(built_files(folder, modules)) and not any(isinstance(f, _Sources) and f.folder == folder for f in sys.meta_path):
        sys.meta_path.insert(0, _Sources(folder, package, modules))
    return why
