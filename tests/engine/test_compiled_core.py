"""The compiled engine core (setup.py, engine/core.py): what the build compiles and when,
that it is what runs where it was built, that it plays exactly as its sources do, and
that an in-place build edited since is passed over."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import dominoes_tui.engine as engine
from dominoes_tui.engine import core
from tests.engine.helpers import ROOT, _run, expect_compiled

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


# Random legal play over every variant and player count, and a digest of the logs: run
# here and under DOMINOES_PURE=1, the two cores must print the same.
PLAY = r"""
import hashlib, random, sys
import dominoes_tui.engine as engine
from dominoes_tui.engine import PLAYING, VARIANTS, Match, dumps, make_config
digest = hashlib.sha256()
for name, variant in sorted(VARIANTS.items()):
    for players in variant.players:
        config = make_config(name, players)
        for seed in range(60):
            match, pick = Match(config, random.Random(seed)), random.Random(-seed)
            while not match.is_over:
                match.begin_round()
                while match.phase == PLAYING:
                    match.apply(pick.choice(match.legal_moves()))
            digest.update(dumps(match.events).encode())
print(engine.CORE.split(" ")[0], digest.hexdigest())
"""


def test_the_installed_core_is_the_compiled_one_where_ci_expects_it() -> None:
    if not expect_compiled():
        pytest.skip("only CI expects a compiled install (DOMINOES_EXPECT_COMPILED=1)")
    assert engine.CORE == "compiled (mypyc)"
    from dominoes_tui.engine import game

    assert not game.__file__.endswith(".py")


def test_compiled_and_pure_cores_play_every_variant_the_same() -> None:
    if not engine.CORE.startswith("compiled") and not expect_compiled():
        pytest.skip(f"nothing compiled to compare: {engine.CORE}")
    compiled = _run(PLAY)
    pure = _run(PLAY, DOMINOES_PURE="1")
    assert compiled.startswith("compiled ") and pure.startswith("pure ")
    assert compiled.split()[1] == pure.split()[1]


def test_the_pure_core_still_plays_the_old_logs_byte_for_byte() -> None:
    code = ("from tests.engine.golden import GOLDEN, LOGS, play_golden\n"
            "import dominoes_tui.engine as e\n"
            "bad = [s for s, *_ in GOLDEN if play_golden(s) != (LOGS / f'{s}.jsonl').read_text(encoding='utf-8')]\n"
            "print(e.CORE.split(' ')[0], bad)")
    assert _run(code, DOMINOES_PURE="1") == "pure []"


def _fake_build(folder: Path, *, manifest: dict[str, str] | None) -> None:
    for name in core.COMPILED:
        shutil.copy(Path(core.__file__).parent / f"{name}.py", folder / f"{name}.py")
    (folder / f"game{core.importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    if manifest is not None:
        (folder / core.MANIFEST).write_text(json.dumps(manifest))


def test_a_wheels_build_is_used_as_it_is(tmp_path: Path) -> None:
    # A wheel records nothing: its sources are the ones it was built from.
    _fake_build(tmp_path, manifest=None)
    assert core.decide(tmp_path, {}) == (True, "compiled (mypyc)")


def test_an_in_place_build_from_these_sources_is_used(tmp_path: Path) -> None:
    _fake_build(tmp_path, manifest=core.source_hashes())
    assert core.decide(tmp_path, {}) == (True, "compiled (mypyc)")


def test_sources_edited_since_an_in_place_build_run_as_sources_with_a_note(tmp_path: Path) -> None:
    _fake_build(tmp_path, manifest=core.source_hashes())
    game = tmp_path / "game.py"
    game.write_text(game.read_text() + "\n# edited after the build\n")
    compiled, why = core.decide(tmp_path, {})
    assert not compiled and "edited" in why and "DOMINOES_COMPILE=1 pip install -e ." in why


def test_an_in_place_build_with_a_broken_record_is_passed_over(tmp_path: Path) -> None:
    _fake_build(tmp_path, manifest=None)
    (tmp_path / core.MANIFEST).write_text("{not json")
    assert core.decide(tmp_path, {})[0] is False


def test_no_build_and_dominoes_pure_both_mean_the_sources(tmp_path: Path) -> None:
    for name in core.COMPILED:
        shutil.copy(Path(core.__file__).parent / f"{name}.py", tmp_path / f"{name}.py")
    assert core.decide(tmp_path, {}) == (False, "pure Python (no compiled core was built)")
    _fake_build(tmp_path, manifest=None)
    assert core.decide(tmp_path, {"DOMINOES_PURE": "1"}) == (False, "pure Python (DOMINOES_PURE is set)")
    assert core.decide(tmp_path, {"DOMINOES_PURE": "0"})[0] is True


def test_the_build_records_the_hashes_the_engine_checks() -> None:
    # setup.py reads its list and its hashing from core.py; the two must agree on a file.
    digest = hashlib.sha256((Path(core.__file__).parent / "game.py").read_bytes()).hexdigest()
    assert core.source_hashes()["game"] == digest
    assert "core.py" in (ROOT / "setup.py").read_text()


# The build's choices (setup.py), tried on a copy of the sources: build_ext as setuptools
# runs it, editable_mode set as an editable install sets it (PEP 660).
BUILD = r"""
import json, os, runpy, sys
from setuptools.dist import Distribution
ns = runpy.run_path("setup.py", run_name="build")
if sys.argv[1] == "names":  # mypyc's extensions for both groups (its C only: nothing is compiled)
    print(json.dumps([[e.name for e in ns["compiled_groups"]()], [e.name for e in ns["placeholders"]()]]))
    raise SystemExit
dist = Distribution({"name": "dominoes_tui", "ext_modules": ns["placeholders"](), "cmdclass": {"build_ext": ns["BuildExt"]}})
build_ext = dist.get_command_obj("build_ext")
build_ext.editable_mode = sys.argv[1] == "editable"
build_ext.ensure_finalized()
build_ext.run()
print("extensions:", len(build_ext.extensions))
"""


def _sources(tmp_path: Path) -> Path:
    """A copy of what a build reads, without what builds of the checkout left in it."""
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not a source checkout")
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(ROOT / "setup.py", src / "setup.py")
    shutil.copytree(ROOT / "dominoes_tui", src / "dominoes_tui",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", core.MANIFEST))
    return src


def _build(src: Path, how: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("CI", "DOMINOES_PURE", "DOMINOES_COMPILE")} | env
    return subprocess.run([sys.executable, "-c", BUILD, how], cwd=src, env=environ, capture_output=True, text=True,
                          timeout=300)


def test_an_editable_build_compiles_nothing_and_clears_an_earlier_in_place_one(tmp_path: Path) -> None:
    src = _sources(tmp_path)
    engine_dir, search_dir = src / "dominoes_tui" / "engine", src / "dominoes_tui" / "bots" / "search"
    suffix = core.importlib.machinery.EXTENSION_SUFFIXES[0]
    left = [engine_dir / f"game{suffix}", engine_dir / f"_compiled__mypyc{suffix}", engine_dir / core.MANIFEST,
            search_dir / f"pimc{suffix}", src / f"7ca6b3b841f24b313e32__mypyc{suffix}"]
    for path in left:
        path.write_bytes(b"")
    done = _build(src, "editable")
    assert done.returncode == 0, done.stderr
    assert "extensions: 0" in done.stdout
    assert "an editable install compiles only with DOMINOES_COMPILE=1" in done.stderr
    assert not [path for path in left if path.exists()]
    assert not (src / "build").exists(), "mypyc ran"


def test_a_type_error_fails_the_build_where_compiling_is_asked_for(tmp_path: Path) -> None:
    pytest.importorskip("mypyc")
    src = _sources(tmp_path)
    shuffle = src / "dominoes_tui" / "engine" / "shuffle.py"
    shuffle.write_text(shuffle.read_text() + '\n\ndef broken() -> int:\n    return "not a number"\n')
    for how, env in (("editable", {"DOMINOES_COMPILE": "1"}), ("wheel", {"CI": "true"})):
        done = _build(src, how, **env)
        assert done.returncode != 0, f"{how} {env}: {done.stdout}"
        assert "compiling failed" in done.stderr and "mypyc refused the compiled modules" in done.stderr
    done = _build(src, "wheel")  # nobody asked: a pure install, and it says why
    assert done.returncode == 0 and "extensions: 0" in done.stdout
    assert "mypyc refused the compiled modules" in done.stderr
    done = _build(src, "wheel", DOMINOES_PURE="1", DOMINOES_COMPILE="1", CI="true")  # never compile: mypyc is not run
    assert done.returncode == 0 and "extensions: 0" in done.stdout and "DOMINOES_PURE is set" in done.stderr


def test_both_groups_are_compiled_in_one_run_each_library_inside_its_package(tmp_path: Path) -> None:
    # mypyc's default names a group's library by a hash, at the top level: for an
    # in-place build, in the checkout's root. Both groups in one run: the search's calls
    # into the round core are then native calls (two runs made each one a Python call).
    pytest.importorskip("mypyc")
    done = _build(_sources(tmp_path), "names")
    assert done.returncode == 0, done.stderr
    made, planned = json.loads(done.stdout)
    assert {"dominoes_tui.engine._compiled__mypyc", "dominoes_tui.bots._compiled__mypyc",
            "dominoes_tui.engine.round", "dominoes_tui.bots.search.pimc"} <= set(made)
    assert all(name.startswith(("dominoes_tui.engine.", "dominoes_tui.bots.")) for name in made)
    assert set(made) <= set(planned)


def test_ci_checks_the_code_then_runs_the_readmes_test_command_on_the_compiled_build() -> None:
    ci_script = ROOT / ".ci" / "run"
    if not ci_script.is_file():
        pytest.skip("not a source checkout")
    steps = [line.strip() for line in ci_script.read_text().splitlines()]
    ruff, mypy, tests = (steps.index(f".venv/bin/{step}") for step in ("ruff check .", "mypy", "python -m pytest"))
    assert ruff < tests and mypy < tests
    assert "export DOMINOES_COMPILE=1 DOMINOES_EXPECT_COMPILED=1" in steps
    readme = (ROOT / "README.md").read_text()
    assert "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest\n" in readme
