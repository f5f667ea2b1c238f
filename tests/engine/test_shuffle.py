"""The engine's batched shuffle deals exactly what random.Random.shuffle deals (seeded
matches and logs depend on it) and leaves the generator in the same state."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_tui.engine.shuffle import shuffled_set


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**64))
def test_same_order_and_same_generator_state_as_random_shuffle(seed: int) -> None:
    plain, batched = random.Random(seed), random.Random(seed)
    tiles = list(range(28))
    plain.shuffle(tiles)
    assert shuffled_set(batched) == tiles
    assert plain.getstate() == batched.getstate()


def test_a_generator_of_another_class_uses_its_own_shuffle() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[no-untyped-def]
            Counting.calls += 1
            super().shuffle(x)

    rng = Counting(3)
    expected = list(range(28))
    random.Random(3).shuffle(expected)
    assert shuffled_set(rng) == expected and Counting.calls == 1
