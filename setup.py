"""The engine's hot modules are compiled to C with mypyc when the package is built.

Everything else lives in pyproject.toml. The sources stay plain, typed Python: the
compiled modules behave exactly as the sources do (a test plays seeded matches both
ways), just about twice as fast. Compiling is optional: without a C compiler, or with
DOMINOES_PURE=1 set at build time, the package installs as pure Python and says so.
The compiled core records a hash of the sources it was built from; the engine loads
the sources instead when they have changed since (engine/core.py).
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
_CORE = runpy.run_path(str(ENGINE / "core.py"))  # the list of modules, and how they are hashed
COMPILED, MANIFEST = _CORE["COMPILED"], _CORE["MANIFEST"]


def source_hashes() -> dict[str, str]:
    return _CORE["source_hashes"](ENGINE)


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
        print(f"dominoes_tui: the engine core was not compiled ({exc}); it runs as pure Python", file=sys.stderr)

    def _write_manifest(self) -> None:
        # Beside the compiled modules, wherever this build puts them (a wheel or in place).
        base = Path(self.get_ext_fullpath("dominoes_tui.engine.game")).parent
        base.mkdir(parents=True, exist_ok=True)
        (base / MANIFEST).write_text(json.dumps(source_hashes(), indent=1) + "\n")


def compiled_core() -> list:
    if os.environ.get("DOMINOES_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("dominoes_tui: mypyc is missing; the engine runs as pure Python", file=sys.stderr)
        return []
    try:
        return mypycify([str(ENGINE / f"{name}.py") for name in COMPILED], opt_level="3")
    except BaseException as exc:  # mypyc exits on a type error: keep the install going
        print(f"dominoes_tui: mypyc refused the engine ({exc!r}); it runs as pure Python", file=sys.stderr)
        return []


setup(ext_modules=compiled_core(), cmdclass={"build_ext": OptionalBuildExt})
