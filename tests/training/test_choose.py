"""The next puzzle (training/choose.py): near the player's rating, within the filter, not
one solved while others are left, never the one just played."""
from __future__ import annotations

import random
from dataclasses import replace

from dominoes_tui.training.choose import NEAREST, Filter, choose
from dominoes_tui.training.store import read_puzzles
from tests.ui.puzzles.fixture import PUZZLES_FILE

BASE = read_puzzles(PUZZLES_FILE)[0]


def spread(n: int = 40) -> list:
    """n puzzles, rated 1000 to 2950 in steps of 50 (copies of one position, ids apart)."""
    return [replace(BASE, rating=1000.0 + 50 * i, id=f"{i:016x}") for i in range(n)]


def test_the_choice_is_near_the_rating() -> None:
    puzzles = spread()
    for rating in (1200.0, 1730.0, 2400.0):
        for seed in range(20):
            chosen = choose(puzzles, rating, random.Random(seed))
            assert chosen is not None
            # among the NEAREST closest: at most NEAREST/2 steps of 50 away, and a bit
            assert abs(chosen.rating - rating) <= 50 * (NEAREST // 2 + 1)


def test_a_puzzle_moved_here_is_chosen_by_its_new_rating() -> None:
    puzzles = spread(10)  # 1000 … 1450
    far = puzzles[0].id
    chosen = {choose(puzzles, 2000.0, random.Random(s), ratings={far: 2000.0}).id for s in range(10)}
    assert far in chosen


def test_solved_puzzles_wait_until_every_other_is_solved() -> None:
    puzzles = spread(10)
    solved = {p.id for p in puzzles[:9]}
    assert all(choose(puzzles, 1000.0, random.Random(s), solved=solved).id == puzzles[9].id for s in range(5))
    everything = {p.id for p in puzzles}
    assert choose(puzzles, 1000.0, random.Random(0), solved=everything) is not None  # they come round again


def test_never_the_same_twice_in_a_row() -> None:
    puzzles = spread(2)
    for seed in range(10):
        assert choose(puzzles, 1000.0, random.Random(seed), last=puzzles[0].id).id == puzzles[1].id
    assert choose(puzzles[:1], 1000.0, random.Random(0), last=puzzles[0].id) == puzzles[0]  # the only one


def test_the_filter_applies() -> None:
    puzzles = read_puzzles(PUZZLES_FILE)
    variants = {p.variant for p in puzzles}
    for variant in variants:
        for seed in range(5):
            assert choose(puzzles, 1500.0, random.Random(seed), within=Filter(variant=variant)).variant == variant
    theme = puzzles[0].theme[0]
    assert all(theme in choose(puzzles, 1500.0, random.Random(s), within=Filter(theme=theme)).theme for s in range(5))
    assert choose(puzzles, 1500.0, random.Random(0), within=Filter(variant="nothing")) is None
