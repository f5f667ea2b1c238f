"""Pairing and seating properties over many seeded tournaments with made-up results (hypothesis)."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from dominoes_tui.tournament import Tournament, make_plan
from dominoes_tui.tournament.history import history, pair
from dominoes_tui.tournament.seating import table_sizes
from dominoes_tui.tournament.standings import table_outcomes

from .helpers import all_pairs, best_possible, entrants, play_round, run

SEEDS = st.integers(0, 10**6)


def _everyone_once(t: Tournament, active: list[str]) -> None:
    rnd = t.current
    assert rnd is not None
    seated = [e for table in rnd.tables for e in table.entrants] + rnd.byes
    assert sorted(seated) == sorted(active), "every active entrant plays (or has the bye) exactly once a round"


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 9), rounds=st.integers(1, 8), seed=SEEDS)
def test_swiss_repeats_no_pair_and_no_bye_while_avoidable(count: int, rounds: int, seed: int) -> None:
    t = Tournament(make_plan("draw", "swiss", rounds), entrants(count, rated=seed % 2 == 0), seed)
    rng = random.Random(seed)
    while not t.is_over:
        before = history(t.rounds)
        best = best_possible(t.active, before)
        play_round(t, rng)
        rnd = t.current
        assert rnd is not None
        _everyone_once(t, t.active)
        assert len(rnd.byes) == count % 2
        rebyes = sum(before.byes[b] for b in rnd.byes)
        repeats = sum(before.opponents[pair(*table.entrants)] for table in rnd.tables)
        assert (rebyes, repeats) == best
        assert all(len(table.sides) == 2 and all(len(s) == 1 for s in table.sides) for table in rnd.tables)


@settings(max_examples=30, deadline=None)
@given(count=st.integers(3, 15).filter(lambda n: n % 2), seed=SEEDS)
def test_swiss_byes_go_to_different_people(count: int, seed: int) -> None:
    t = run("draw", "swiss", count, count, seed)
    byes = [b for rnd in t.rounds for b in rnd.byes]
    assert len(byes) == count and len(set(byes)) == count


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 11), seed=SEEDS)
def test_round_robin_everyone_meets_everyone_once(count: int, seed: int) -> None:
    rounds = count - 1 if count % 2 == 0 else count
    t = run("draw", "roundrobin", count, rounds, seed)
    met = Counter(pair(*table.entrants) for rnd in t.rounds for table in rnd.tables)
    assert set(met) == all_pairs(list(t.entrants)) and set(met.values()) == {1}
    byes = [b for rnd in t.rounds for b in rnd.byes]
    assert len(byes) == len(set(byes)) == count % 2 * count


@settings(max_examples=40, deadline=None)
@given(count=st.integers(3, 30), players=st.sampled_from([3, 4]), rounds=st.integers(1, 4), seed=SEEDS)
def test_rotation_table_sizes_as_promised(count: int, players: int, rounds: int, seed: int) -> None:
    t = Tournament(make_plan("allfives", "rotation", rounds, players), entrants(count), seed)
    rng = random.Random(seed)
    sizes, out = table_sizes(t.plan, count)
    assert sum(sizes) + out == count
    # no byes unless the count cannot be split into tables of 3 and 4 (5 people: a table of 4 and one bye)
    assert out == (1 if count == 5 else 0)
    while not t.is_over:
        play_round(t, rng)
        _everyone_once(t, t.active)
        got = sorted((len(table.entrants) for table in t.current.tables), reverse=True)  # type: ignore[union-attr]
        assert got == sorted(sizes, reverse=True)
        assert set(got) <= {3, 4}


@settings(max_examples=30, deadline=None)
@given(count=st.integers(4, 23), rounds=st.integers(1, 5), seed=SEEDS)
def test_rotating_partner_tables_of_four_and_byes_spread(count: int, rounds: int, seed: int) -> None:
    t = run("partner", "rotation", count, rounds, seed)
    for rnd in t.rounds:
        assert all(len(table.sides) == 2 and all(len(s) == 2 for s in table.sides) for table in rnd.tables)
        assert len(rnd.byes) == count % 4
    byes = Counter(b for rnd in t.rounds for b in rnd.byes)
    assert max(byes.values(), default=0) - min((byes[n] for n in t.entrants), default=0) <= 1


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_rotating_partner_twelve_people_never_partner_twice(seed: int) -> None:
    t = run("partner", "rotation", 12, 3, seed)
    partners = Counter(pair(*side) for rnd in t.rounds for table in rnd.tables for side in table.sides)
    assert max(partners.values()) == 1


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
@example(seed=193198)  # four starts of the seating search found no seating without repeats here
def test_rotation_sixteen_at_tables_of_four_meet_only_new_opponents(seed: int) -> None:
    # 16 people, tables of 4, 3 rounds: 9 new opponents each; such a seating exists and is found
    t = run("draw", "rotation", 16, 3, seed, players=4)
    assert max(history(t.rounds).opponents.values()) == 1


FORMATS = [("draw", "swiss", None), ("kozel", "roundrobin", None), ("block", "rotation", 3),
           ("allfives", "rotation", 4), ("partner", "rotation", None)]


@settings(max_examples=60, deadline=None)
@given(fmt=st.sampled_from(FORMATS), count=st.integers(4, 14), rounds=st.integers(1, 4), seed=SEEDS)
def test_standings_sum_correctly(fmt: tuple[str, str, int | None], count: int, rounds: int, seed: int) -> None:
    variant, form, players = fmt
    t = run(variant, form, count, rounds, seed, players)
    rows = t.standings()
    points = {s.name: Fraction(0) for s in rows}
    total = Fraction(0)
    for rnd in t.rounds:
        for name in rnd.byes:
            points[name] += t.plan.bye_points
            total += t.plan.bye_points
        for table in rnd.tables:
            k = len(table.sides)
            total += Fraction(k, 2) * len(table.sides[0])  # pairs of sides share 1 point
            for name, o in table_outcomes(t.plan, table, rnd.results[table.number]).items():
                points[name] += o.points
    assert sum(s.points for s in rows) == total
    assert {s.name: s.points for s in rows} == points
    assert [s.rank for s in rows] == list(range(1, len(rows) + 1))
    keys = [(-s.points, -s.opponents_score, -s.difference) for s in rows]
    assert keys == sorted(keys), "best first by points, then opponents' score, then difference"
    assert sum(s.played + s.byes for s in rows) == sum(len(r.byes) + sum(len(tb.entrants) for tb in r.tables) for r in t.rounds)
