"""The research studies live in the checkout's bench/, not in the package: the wheel and
the sdist carry none of them, and nothing the program runs imports them."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "dominoes_tui"  # the checkout's, whatever is installed
# the modules that left the package for bench/ (flat.py from bots/, the rest from bench/)
RESEARCH = ("clairvoyant", "flat", "ismcts_driver", "ismcts_local", "ismcts_peer", "peer_bot", "peer_strength",
            "play_style_fit", "search_report", "search_strength", "strength")


def test_the_packaged_folders_hold_no_research_module() -> None:
    found = sorted(str(p.relative_to(ROOT)) for name in RESEARCH for p in PACKAGE.rglob(f"{name}.py"))
    assert found == []
    assert all((ROOT / "bench" / f"{name}.py").is_file() for name in RESEARCH)
    assert not (PACKAGE / "bench" / "README.md").exists(), "the lab notebook is bench/README.md, not package data"


def test_the_wheel_finds_no_bench_package() -> None:
    """What setuptools packages (pyproject's include list), found as the build finds it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = find_packages(str(ROOT), include=include)
    assert "dominoes_tui" in packages and "dominoes_tui.bench" in packages
    assert not [p for p in packages if p == "bench" or p.startswith(("bench.", "tests"))]


def test_the_sdist_takes_nothing_from_bench() -> None:
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert not [line for line in manifest.splitlines() if "bench" in line and not line.lstrip().startswith("#")]


def test_nothing_in_the_package_imports_the_research_bench() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n == "bench" or n.startswith("bench.")]
    assert offenders == []
