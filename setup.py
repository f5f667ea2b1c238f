"""The engine's hot modules, and the bots' search, are compiled to C with mypyc when the
package is built.

Everything else lives in pyproject.toml. The sources stay plain, typed Python: the
compiled modules behave exactly as the sources do (a test plays seeded matches both
ways), just about twice as fast. Compiling is optional: without a C compiler, or with
DOMINOES_PURE=1 set at build time, the package installs as pure Python and says so.
Each compiled group records a hash of the sources it was built from; the sources run
instead when they have changed since (engine/core.py, bots/compiled.py).
"""
from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = Path("dominoes_tui") / "engine"
BOTS = Path("dominoes_tui") / "bots"
_CORE = runpy.run_path(str(ENGINE / "core.py"))  # the engine's modules, and how they are hashed
MANIFEST = _CORE["MANIFEST"]
# Two groups, each compiled and chosen on its own: the engine's core, and the bots'
# search (bots/compiled.py), which calls the engine as any Python module.
GROUPS = {
    "engine": (ENGINE, _CORE["COMPILED"]),
    "bots": (BOTS, runpy.run_path(str(BOTS / "compiled.py"))["COMPILED"]),
}


def module_file(folder: Path, name: str) -> Path:
    return _CORE["module_file"](folder, name)


class OptionalBuildExt(build_ext):
    """All of the compiled core or none of it: a failure leaves the pure package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # a missing or failing compiler is not an install failure
            self._give_up(exc)
            return
        self._write_manifest()

    def _give_up(self, exc: BaseException) -> None:
        for output in self.get_outputs():
            Path(output).unlink(missing_ok=True)
        print(f"dominoes_tui: nothing was compiled ({exc}); it all runs as pure Python", file=sys.stderr)

    def _write_manifest(self) -> None:
        # Beside each group's compiled modules, wherever this build puts them (a wheel or in place).
        built = {ext.name for ext in self.extensions}
        for group, (folder, modules) in GROUPS.items():
            package = ".".join(folder.parts)
            if f"{package}.{modules[0]}" not in built:
                continue  # this group was not compiled (mypyc refused it): its sources run
            # the group's folder: up from its first module's file, one level per dot in its name
            base = Path(self.get_ext_fullpath(f"{package}.{modules[0]}")).parents[modules[0].count(".")]
            base.mkdir(parents=True, exist_ok=True)
            (base / MANIFEST).write_text(json.dumps(_CORE["source_hashes"](folder, modules), indent=1) + "\n")


def compiled_group(group: str) -> list:
    folder, modules = GROUPS[group]
    try:
        from mypyc.build import mypycify
    except ImportError:
        print(f"dominoes_tui: mypyc is missing; the {group} modules run as pure Python", file=sys.stderr)
        return []
    try:
        return mypycify([str(module_file(folder, name)) for name in modules], opt_level="3",
                        target_dir=str(Path("build") / f"mypyc-{group}"))
    except BaseException as exc:  # mypyc exits on a type error: keep the install going
        print(f"dominoes_tui: mypyc refused the {group} modules ({exc!r}); they run as pure Python", file=sys.stderr)
        return []


def compiled_core() -> list:
    if os.environ.get("DOMINOES_PURE"):
        return []
    return compiled_group("engine") + compiled_group("bots")


setup(ext_modules=compiled_core(), cmdclass={"build_ext": OptionalBuildExt})
