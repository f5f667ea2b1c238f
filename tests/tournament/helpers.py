"""Driving a pure tournament with made-up results (no matches are played)."""
from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from dominoes_tui.tournament import Entrant, Tournament, make_plan
from dominoes_tui.tournament.history import History, pair


def entrants(count: int, rated: bool = False) -> list[Entrant]:
    return [Entrant(f"P{i:02d}", float(1500 - 10 * i) if rated else 0.0) for i in range(count)]


def play_round(t: Tournament, rng: random.Random) -> None:
    rnd = t.pair_next()
    for table in rnd.tables:
        # few distinct scores, so equal results (halves) happen too
        t.record(rnd.number, table.number, [rng.choice((0, 50, 100, 100, 150)) for _ in table.sides])


def run(variant: str, form: str, count: int, rounds: int, seed: int, players: int | None = None) -> Tournament:
    t = Tournament(make_plan(variant, form, rounds, players), entrants(count, rated=seed % 2 == 0), seed)
    rng = random.Random(seed)
    while not t.is_over:
        play_round(t, rng)
    return t


def matchings(people: list[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way to pair up an even list (a brute force to check the real pairing against)."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def best_possible(active: list[str], hist: History) -> tuple[int, int]:
    """The fewest (repeated byes, repeated pairs) any pairing of `active` could have."""
    bye = "\0bye"
    people = active + ([bye] if len(active) % 2 else [])
    best = None
    for m in matchings(people):
        rebyes = sum(hist.byes[a if b == bye else b] for a, b in m if bye in (a, b))
        repeats = sum(hist.opponents[pair(a, b)] for a, b in m if bye not in (a, b))
        if best is None or (rebyes, repeats) < best:
            best = (rebyes, repeats)
    assert best is not None
    return best


def all_pairs(names: list[str]) -> set[frozenset[str]]:
    return {frozenset(p) for p in combinations(names, 2)}
