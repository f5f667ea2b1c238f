"""The bots' compiled search (setup.py, bots/compiled.py): where it was built it is what
runs, and it plays exactly the moves its sources play."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import dominoes_tui.bots as bots
from dominoes_tui.bots import compiled
from dominoes_tui.engine import core
from tests.engine.test_compiled_core import _run, expect_compiled

# Clockless hard and expert bots (seeded: the same moves every time) through whole
# matches of every variant and player count, and a digest of the logs.
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
            seats = [FlatBot(random.Random(rng.random()), think_ms=None, max_samples=12) if s % 2 else
                     SearchBot(random.Random(rng.random()), think_ms=None, max_iterations=6)
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
