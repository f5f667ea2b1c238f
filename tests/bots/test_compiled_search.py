"""The bots' compiled search (setup.py, bots/compiled.py): where it was built it is what
runs, and it plays exactly the moves its sources play."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import dominoes_tui.bots as bots
from dominoes_tui.bots import compiled
from dominoes_tui.engine import core
from tests.engine.helpers import _run, expect_compiled

# Clockless hard and expert bots (seeded: the same moves every time) through whole
# matches of every variant and player count, and a digest of the logs. Every move is compared,
# so a few guesses a move do: each guess runs the same code as the next.
PLAY = r"""
import hashlib, random
import dominoes_tui.bots as bots
from bench.flat import FlatBot  # the research yardstick: cwd is the checkout
from dominoes_tui.bots.search import SearchBot
from dominoes_tui.engine import PLAYING, VARIANTS, Match, dumps, make_config, view_for
digest = hashlib.sha256()
for name, variant in sorted(VARIANTS.items()):
    for players in variant.players:
        for seed in range(3):
            rng = random.Random(seed)
            seats = [FlatBot(random.Random(rng.random()), think_ms=None, max_samples=6) if s % 2 else
                     SearchBot(random.Random(rng.random()), think_ms=None, max_iterations=3)
                     for s in range(players)]
            match = Match(make_config(name, players), random.Random(seed))
            for _ in range(2):  # two rounds: the second begins from a score
                if match.is_over:
                    break
                match.begin_round()
                while match.phase == PLAYING:
                    match.apply(seats[match.to_act].choose(view_for(match, match.to_act)), match.to_act)
            digest.update(dumps(match.events).encode())
print(bots.CORE.split(" ")[0], digest.hexdigest())
"""


def test_the_installed_search_is_the_compiled_one_where_ci_expects_it() -> None:
    if not expect_compiled():
        pytest.skip("only CI expects a compiled install (DOMINOES_EXPECT_COMPILED=1)")
    assert bots.CORE == "compiled (mypyc)"
    from dominoes_tui.bots.search import pimc

    assert not pimc.__file__.endswith(".py")


def test_compiled_and_pure_search_play_the_same_moves() -> None:
    if not bots.CORE.startswith("compiled") and not expect_compiled():
        pytest.skip(f"nothing compiled to compare: {bots.CORE}")
    compiled_run = _run(PLAY)
    pure = _run(PLAY, DOMINOES_PURE="1")
    assert compiled_run.startswith("compiled ") and pure.startswith("pure ")
    assert compiled_run.split()[1] == pure.split()[1]


def test_an_in_place_search_build_edited_since_runs_its_sources(tmp_path: Path) -> None:
    folder = Path(compiled.__file__).parent
    for name in compiled.COMPILED:
        target = core.module_file(tmp_path, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(core.module_file(folder, name), target)
    (tmp_path / "search" / f"pimc{core.importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    hashes = core.source_hashes(tmp_path, compiled.COMPILED)
    (tmp_path / core.MANIFEST).write_text(core.json.dumps(hashes))
    assert core.decide(tmp_path, {}, compiled.COMPILED) == (True, "compiled (mypyc)")
    pimc = core.module_file(tmp_path, "search.pimc")
    pimc.write_text(pimc.read_text() + "\n# edited after the build\n")
    compiled_now, why = core.decide(tmp_path, {}, compiled.COMPILED)
    assert not compiled_now and "edited" in why


def test_a_group_told_why_it_must_run_its_sources_runs_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOMINOES_PURE", raising=False)
    folder = tmp_path / "fake"
    folder.mkdir()
    (folder / "alone.py").write_text("X = 1\n")
    (folder / f"alone{core.importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (folder / core.MANIFEST).write_text(core.json.dumps(core.source_hashes(folder, ("alone",))))
    assert core.decide(folder, {}, ("alone",)) == (True, "compiled (mypyc)")
    before = list(core.sys.meta_path)
    try:
        why = core.install("fake_group_package", folder, ("alone",), "the engine runs its sources")
    finally:
        core.sys.meta_path[:] = before
    assert why == "pure Python (the engine runs its sources)"


# The engine's build passed over (its sources edited since, say): the search, built to
# call the engine's compiled classes directly, must not run on its sources' classes.
ENGINE_PURE = r"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("dominoes_tui.engine.core", "dominoes_tui/engine/core.py")
core = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = core  # ahead of the package's __init__, which installs the core with it
spec.loader.exec_module(core)
decide = core.decide
def engine_edited(folder, environ, modules=core.COMPILED):
    if folder == core.HERE:
        return False, "pure Python (sources edited since they were compiled in place)"
    return decide(folder, environ, modules)
core.decide = engine_edited
import dominoes_tui.bots as bots
import dominoes_tui.engine as engine
from dominoes_tui.bots.search import pimc
print(engine.CORE.split(" ")[0], bots.CORE, pimc.__file__.endswith(".py"))
"""


def test_the_compiled_search_runs_only_beside_the_compiled_engine() -> None:
    if not bots.CORE.startswith("compiled"):
        pytest.skip(f"no compiled search to pass over: {bots.CORE}")
    assert _run(ENGINE_PURE) == "pure pure Python (the engine runs its sources) True"
