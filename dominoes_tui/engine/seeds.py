"""Seeds: how one run's seed becomes every match's, and a seed and a label a bot's RNG.

Every reproducible random stream of the program comes from here, so a run, a tournament
or a saved match replays exactly. The recipes are fixed: a match seed is the next
`randrange(2**31)` of `random.Random(run_seed)`, and a labelled stream is
`random.Random("part/part/...")` (Python seeds a string through SHA-512, so labels that
differ in one character give unrelated streams). Changing a recipe changes every log
played from a seed; tests/engine/test_seeds.py pins them.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import count as _forever


def match_seeds(seed: int, count: int | None = None) -> Iterator[int]:
    """The per-match seeds of a run, one at a time (`count` None: as many as asked for)."""
    master = random.Random(seed)
    for _ in range(count) if count is not None else _forever():
        yield master.randrange(2**31)


def derive_seeds(seed: int, count: int) -> list[int]:
    """Independent per-match seeds from one run seed, so a run is reproducible."""
    return list(match_seeds(seed, count))


def seed_label(*parts: object) -> str:
    """The string a labelled stream is seeded with: the parts joined by "/"."""
    return "/".join(map(str, parts))


def seeded(*parts: object) -> random.Random:
    """A stream of its own for a seed and a label: `seeded(seed, seat)` for a seat's bot,
    `seeded(seed, "round 2", "table 3")` for a tournament table."""
    return random.Random(seed_label(*parts))
