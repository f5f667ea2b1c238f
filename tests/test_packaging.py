"""What a packager and a new user get: an sdist and a wheel whose metadata names an SPDX
license, its file, classifiers and the one version; the sdist carries docs/ and the
LICENSE but no tests; the wheel carries the docs inside the package, so `dominoes docs
rules` reads them with no clone anywhere. Built once, pure (DOMINOES_PURE=1), from a
copy of the sources, so the checkout gains no build files."""
from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import dominoes_tui

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted(p.name for p in (ROOT / "docs").glob("*.md"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    pytest.importorskip("build")
    setuptools = pytest.importorskip("setuptools")
    if int(setuptools.__version__.split(".")[0]) < 77:
        pytest.skip("setuptools 77 or later builds the SPDX license (the test extra has it)")
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not a source checkout")
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info", "_core_build.json")
    for name in ("dominoes_tui", "docs", "tests"):
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    dist = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "DOMINOES_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--skip-dependency-check", "-o", str(dist), str(src)],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


def _metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as whl:
        (name,) = [n for n in whl.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(whl.read(name))


def test_the_metadata_has_an_spdx_license_classifiers_and_the_one_version(built: dict[str, Path]) -> None:
    meta = _metadata(built["wheel"])
    assert meta["License-Expression"] == "MIT" and meta["License-File"] == "LICENSE"
    assert meta["Version"] == dominoes_tui.__version__
    assert not any(c.startswith("License ::") for c in meta.get_all("Classifier"))  # the expression says it
    assert {"Programming Language :: Python :: 3.12", "Programming Language :: Python :: 3.13",
            "Topic :: Games/Entertainment :: Board Games"} <= set(meta.get_all("Classifier"))
    assert meta["Author"] and meta["Requires-Python"] == ">=3.11"
    assert meta.get_payload().startswith("# dominoes_tui")  # the README, as the long description
    assert dominoes_tui.__version__ not in (ROOT / "pyproject.toml").read_text()  # written once, in __init__.py


def test_twine_passes_both_strictly(built: dict[str, Path]) -> None:
    pytest.importorskip("twine")
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(built["sdist"]), str(built["wheel"])],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_sdist_carries_the_docs_and_the_license_and_no_tests(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as tar:
        shipped = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert {f"docs/{name}" for name in DOCS} <= shipped
    assert {"LICENSE", "setup.py", "README.md"} <= shipped
    assert not any(name.startswith("tests") for name in shipped)  # all the tests or none: they need the checkout


def test_dominoes_docs_rules_reads_from_an_installed_wheel_with_no_clone(built: dict[str, Path], tmp_path: Path) -> None:
    with zipfile.ZipFile(built["wheel"]) as whl:
        assert {f"dominoes_tui/docs/{name}" for name in DOCS} <= set(whl.namelist())
        whl.extractall(tmp_path / "site")
    elsewhere = tmp_path / "elsewhere"  # no docs/ anywhere above it
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    done = subprocess.run([sys.executable, "-P", "-c", "import dominoes_tui, sys; print(dominoes_tui.__file__); "
                           "from dominoes_tui.cli import main; sys.exit(main(['docs', 'rules']))"],
                          cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    where, _, text = done.stdout.partition("\n")
    assert Path(where).is_relative_to(tmp_path / "site")  # the wheel's copy, not the checkout's
    assert "**COM-4" in text and text.startswith("#")


def test_the_wheel_carries_the_starter_puzzles(built: dict[str, Path]) -> None:
    # `dominoes puzzles` reads them from the installed package: a wheel without them has none
    with zipfile.ZipFile(built["wheel"]) as whl:
        assert "dominoes_tui/training/starter/puzzles.json.gz" in whl.namelist()
