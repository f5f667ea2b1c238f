"""The seeding recipes (engine/seeds.py) are pinned: every simulated run, tournament and
saved match is replayed from them, so a change to a recipe must fail here first.

The numbers below were drawn with the recipes as they were written out by hand at each
call site (`random.Random(seed)` then `randrange(2**31)` per match; `random.Random(f"…/…")`
for a labelled stream), before they were gathered into one helper."""
from __future__ import annotations

import random

from dominoes_tui.engine.seeds import derive_seeds, match_seeds, seed_label, seeded
from dominoes_tui.tournament.play import table_seed


def test_per_match_seeds_of_a_run_are_the_recipe_of_every_log() -> None:
    assert derive_seeds(1, 4) == [577090037, 271041745, 1095513148, 506456969]
    assert list(match_seeds(1, 4)) == derive_seeds(1, 4)


def test_an_endless_run_of_seeds_starts_as_a_counted_one() -> None:
    endless = match_seeds(1)
    assert [next(endless) for _ in range(4)] == derive_seeds(1, 4)


def test_labelled_streams_are_pinned() -> None:
    assert seeded(12345, 2).randrange(2**31) == 1561932022  # a seat's bot: f"{match_seed}/{seat}"
    assert seeded(5, "round 2", "table 3").randrange(2**31) == 1468505820  # a tournament table
    assert table_seed(5, 2, 3) == 1468505820
    assert seeded(99, "medium", 1).randrange(2**31) == 803765771  # the bench's timed bots
    assert seeded(99, "t", 0).randrange(2**31) == 1561269952
    assert seed_label("abc", 1, 40) == "abc/1/40"  # a hosted table's bot seed, sent to its worker
    assert random.Random(seed_label("abc", 1, 40)).randrange(2**31) == 748249420


def test_a_labelled_stream_is_the_string_recipe_it_replaces() -> None:
    for parts in [(7, 0), (2**31 - 1, 3), ("x", "round 1", "table 2"), (0, "t", 5)]:
        a, b = seeded(*parts), random.Random("/".join(f"{p}" for p in parts))
        assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
