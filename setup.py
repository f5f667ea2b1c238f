"""The engine's hot modules, and the bots' search, are compiled to C with mypyc when the
package is built, and the specs in docs/ ship inside the package (BuildPy); everything
else lives in pyproject.toml.

The sources stay plain, typed Python: the compiled modules behave exactly as the
sources do (a test plays seeded matches both ways), just about twice as fast. What a
build does, read from the environment at build time:

- a wheel (`pip install .`, `pip wheel .`): compiled. Without a C compiler it says so
  and installs as pure Python, unless compiling was asked for (below).
- an editable install (`pip install -e .`): pure Python, so an edit takes effect at
  once; it also removes the compiled modules an earlier in-place build left.
- DOMINOES_COMPILE=1 asks for compiling: an editable install compiles in place too,
  and any failure (no compiler, a module mypyc refuses) fails the install. CI=true,
  which CI services set, makes a failure fail the install as well.
- DOMINOES_PURE=1: never compile, even where DOMINOES_COMPILE or CI is set.

An in-place build records the hash of each source it compiled; the program runs the
sources instead once one of them is edited (engine/core.py, bots/compiled.py).
"""
from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

DOCS = Path("docs")  # the specs, read in a clone from here and from an install as dominoes_tui/docs/
ENGINE = Path("dominoes_tui") / "engine"
BOTS = Path("dominoes_tui") / "bots"
_CORE = runpy.run_path(str(ENGINE / "core.py"))  # the engine's modules, and how they are hashed
MANIFEST = _CORE["MANIFEST"]
# Two groups, compiled in one mypyc run (compiled_groups) and chosen each on its own: the
# engine's core, and the bots' search (bots/compiled.py), which calls the engine's
# compiled classes directly and so runs only with them (bots/__init__.py).
GROUPS = {
    "engine": (ENGINE, _CORE["COMPILED"]),
    "bots": (BOTS, runpy.run_path(str(BOTS / "compiled.py"))["COMPILED"]),
}
# Each group's modules share one library of mypyc's, named here so it lands inside the
# group's package (by default it is named by a hash and lands at the top level: in the
# checkout's root for an in-place build).
LIBRARY = "_compiled"
# The compile needs the modules' types to be right; missing annotations and unused
# `type: ignore`s are the type check's business (CI runs mypy), not a reason to run slow.
MYPYC_FLAGS = ["--allow-untyped-defs", "--no-warn-unused-ignores"]


class CompileFailed(SystemExit):
    """Compiling failed where a pure install would not do: the install fails with this line."""

    def __init__(self, why: str) -> None:
        super().__init__(f"dominoes_tui: compiling failed, and DOMINOES_COMPILE or CI asks for it: {why}")


def _asked() -> bool:
    return _CORE["flag"](os.environ, "DOMINOES_COMPILE")


def _strict() -> bool:
    """A failure to compile fails the install: when it was asked for, and on CI."""
    return _asked() or _CORE["flag"](os.environ, "CI")


def _say(line: str) -> None:
    print(f"dominoes_tui: {line}", file=sys.stderr)


def module_file(folder: Path, name: str, suffix: str = ".py") -> Path:
    return _CORE["module_file"](folder, name, suffix)


def compiled_groups() -> list[Extension]:
    """mypyc's extensions for both groups (it type-checks them and writes their C), or none.
    One mypyc run compiles both, each group a library of its own: the bots' search then
    calls the engine's round core natively (a call across two separate runs goes through
    Python's attribute and call machinery, which cost the search about a tenth of its
    guesses in All Fives); so the bots' build needs the engine's (bots/__init__.py)."""
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        if _strict():
            raise CompileFailed(f"mypyc is missing ({exc})") from exc
        _say("mypyc is missing; it all runs as pure Python")
        return []
    files = {group: [str(module_file(folder, name)) for name in modules] for group, (folder, modules) in GROUPS.items()}
    try:
        return mypycify([*MYPYC_FLAGS, *(path for paths in files.values() for path in paths)], opt_level="3",
                        separate=[(files[group], ".".join((*folder.parts, LIBRARY))) for group, (folder, _) in GROUPS.items()],
                        target_dir=str(Path("build") / "mypyc"))
    except BaseException as exc:  # mypyc exits on a type error (its messages are above)
        if _strict():
            raise CompileFailed(f"mypyc refused the compiled modules ({exc!r})") from exc
        _say(f"mypyc refused the compiled modules ({exc!r}); it all runs as pure Python")
        return []


def placeholders() -> list[Extension]:
    """The extensions mypyc will make, by name, with their Python sources: known before
    anything is compiled, so that setuptools tags the wheel for this platform and plans
    the build, while mypyc's slow part waits until the build runs (BuildExt.run);
    getting the metadata or an sdist compiles nothing."""
    extensions: list[Extension] = []
    for folder, modules in GROUPS.values():
        package, sources = ".".join(folder.parts), [str(module_file(folder, name)) for name in modules]
        extensions.append(Extension(f"{package}.{LIBRARY}__mypyc", sources))  # mypyc's name for a group's library
        extensions += [Extension(f"{package}.{name}", [source]) for name, source in zip(modules, sources)]
    return extensions


class BuildExt(build_ext):
    """Compiles when the build runs, all of the compiled core or none of it."""

    def finalize_options(self) -> None:
        super().finalize_options()
        # setuptools sets editable_mode on every build sub-command of an editable install
        # before finalizing it (PEP 660; the SubCommand protocol, setuptools/command/build.py).
        self.pure_because = ""
        if _CORE["flag"](os.environ, "DOMINOES_PURE"):  # never compile, whatever else asks
            self.pure_because = "DOMINOES_PURE is set"
        elif self.editable_mode and not _asked():
            self.pure_because = "an editable install compiles only with DOMINOES_COMPILE=1"
        if self.pure_because:
            self.extensions = []

    def run(self) -> None:
        if self.pure_because:
            if self.editable_mode:
                self._remove_in_place_build()
            _say(f"it all runs as pure Python ({self.pure_because})")
            return
        hashes = {group: _CORE["source_hashes"](folder, modules) for group, (folder, modules) in GROUPS.items()}
        self.extensions = self._generated()
        try:
            super().run()
        except Exception as exc:  # a missing or failing C compiler
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            if _strict():
                raise CompileFailed(f"the C compiler failed ({exc})") from exc
            _say(f"nothing was compiled ({exc}); it all runs as pure Python")
            return
        if self.inplace:
            self._write_manifests(hashes)

    def _generated(self) -> list[Extension]:
        """The placeholders, filled in with what mypyc made of them (the C, its flags)."""
        made = {ext.name: ext for ext in compiled_groups()}
        if made.keys() - {ext.name for ext in self.extensions}:
            why = f"mypyc made extensions setup.py does not expect: {sorted(made.keys() - {e.name for e in self.extensions})}"
            if _strict():
                raise CompileFailed(why)
            _say(f"{why}; it all runs as pure Python")
            return []
        for ext in self.extensions:
            if ext.name in made:
                vars(ext).update(vars(made[ext.name]))
        return [ext for ext in self.extensions if ext.name in made]  # a group mypyc refused: its sources run

    def _write_manifests(self, hashes: dict[str, dict[str, str]]) -> None:
        # Beside each group's compiled modules, in the checkout: the hashes of the sources
        # mypyc read, which the program checks at start, as a contributor may edit them.
        built = {ext.name for ext in self.extensions}
        for group, (folder, modules) in GROUPS.items():
            if f"{'.'.join(folder.parts)}.{modules[0]}" in built:  # else mypyc refused it: its sources run
                (folder / MANIFEST).write_text(json.dumps(hashes[group], indent=1) + "\n")

    def _remove_in_place_build(self) -> None:
        """An earlier compiled editable install's modules would shadow the sources."""
        older = Path().glob("[0-9a-f]" * 20 + "__mypyc.*")  # where builds before this setup.py left their libraries
        found = [*older, *(path for folder, modules in GROUPS.values() for path in (
            *_CORE["built_files"](folder, modules), *folder.glob(f"{LIBRARY}__mypyc.*"), folder / MANIFEST))]
        removed = [path for path in found if path.exists()]
        for path in removed:
            path.unlink()
        if removed:
            _say(f"removed the {len(removed)} files an earlier compiled build left in place")


class BuildPy(build_py):
    """A wheel carries docs/*.md as dominoes_tui/docs/, which `dominoes docs` pages: the
    specs the help cites, readable without a clone. An editable install reads them from
    the checkout's docs/ itself (dominoes_tui/commands/docs.py)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode or not DOCS.is_dir():
            return
        target = Path(self.build_lib) / "dominoes_tui" / "docs"
        self.mkpath(str(target))
        for doc in sorted(DOCS.glob("*.md")):
            self.copy_file(str(doc), str(target / doc.name))


if __name__ == "__main__":  # as every build frontend runs it; the tests import it to try its choices
    setup(ext_modules=placeholders(), cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
