"""The compiled engine core (setup.py, engine/core.py): it is what runs where it was
built, it plays exactly as its sources do, and stale or unwanted builds are passed over."""
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

ROOT = Path(__file__).resolve().parents[2]

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


def _run(code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != "DOMINOES_PURE"} | env
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=ROOT, env=environ, timeout=300).stdout.strip()


def _compiler() -> bool:
    return any(shutil.which(cc) for cc in ("cc", "gcc", "clang"))


@pytest.mark.skipif(not _compiler(), reason="no C compiler: the package installs as pure Python")
def test_the_installed_core_is_the_compiled_one() -> None:
    if os.environ.get("DOMINOES_PURE"):
        pytest.skip("DOMINOES_PURE is set")
    assert engine.CORE == "compiled (mypyc)"
    from dominoes_tui.engine import game

    assert not game.__file__.endswith(".py")


def test_compiled_and_pure_cores_play_every_variant_the_same() -> None:
    compiled = _run(PLAY)
    pure = _run(PLAY, DOMINOES_PURE="1")
    assert pure.startswith("pure ")
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


def test_a_build_from_these_sources_is_used(tmp_path: Path) -> None:
    _fake_build(tmp_path, manifest=core.source_hashes())
    assert core.decide(tmp_path, {}) == (True, "compiled (mypyc)")


def test_sources_changed_since_the_build_run_as_sources(tmp_path: Path) -> None:
    _fake_build(tmp_path, manifest=core.source_hashes())
    game = tmp_path / "game.py"
    game.write_text(game.read_text() + "\n# edited after the build\n")
    compiled, why = core.decide(tmp_path, {})
    assert not compiled and "sources changed" in why


def test_a_build_without_its_record_or_with_a_broken_one_is_passed_over(tmp_path: Path) -> None:
    _fake_build(tmp_path, manifest=None)
    assert core.decide(tmp_path, {})[0] is False
    (tmp_path / core.MANIFEST).write_text("{not json")
    assert core.decide(tmp_path, {})[0] is False


def test_no_build_and_dominoes_pure_both_mean_the_sources(tmp_path: Path) -> None:
    for name in core.COMPILED:
        shutil.copy(Path(core.__file__).parent / f"{name}.py", tmp_path / f"{name}.py")
    assert core.decide(tmp_path, {}) == (False, "pure Python (no compiled core was built)")
    _fake_build(tmp_path, manifest=core.source_hashes())
    assert core.decide(tmp_path, {"DOMINOES_PURE": "1"}) == (False, "pure Python (DOMINOES_PURE is set)")


def test_the_build_records_the_hashes_the_engine_checks() -> None:
    # setup.py reads its list and its hashing from core.py; the two must agree on a file.
    digest = hashlib.sha256((Path(core.__file__).parent / "game.py").read_bytes()).hexdigest()
    assert core.source_hashes()["game"] == digest
    assert "core.py" in (ROOT / "setup.py").read_text()
