"""The tournament's rules, by worked example: points, tie-breaks, byes, entrants coming and going."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from dominoes_tui.tournament import Entrant, Table, Tournament, TournamentError, make_plan
from dominoes_tui.tournament.entrants import read_entrants
from dominoes_tui.tournament.seating import table_sizes
from dominoes_tui.tournament.standings import table_outcomes

from .helpers import entrants, play_round


def test_points_at_a_table_of_four_are_shared_by_rank() -> None:
    plan = make_plan("draw", "rotation", 1, 4)
    got = table_outcomes(plan, Table(1, (("A",), ("B",), ("C",), ("D",))), (100, 80, 80, 10))
    assert [got[n].points for n in "ABCD"] == [1, Fraction(1, 2), Fraction(1, 2), 0]
    assert got["A"].difference == 100 - Fraction(170, 3)
    assert got["A"].opponents == ("B", "C", "D")


def test_kozel_lowest_score_wins() -> None:
    plan = make_plan("kozel", "swiss", 1)
    got = table_outcomes(plan, Table(1, (("A",), ("B",))), (101, 40))
    assert (got["A"].points, got["B"].points) == (0, 1)
    assert got["B"].difference == 61


def test_rotating_partner_both_partners_get_the_side_result() -> None:
    plan = make_plan("partner", "rotation", 1)
    table = Table(1, (("A", "C"), ("B", "D")))
    assert table.seats == ("A", "B", "C", "D")
    got = table_outcomes(plan, table, (150, 90))
    assert [got[n].points for n in "ABCD"] == [1, 0, 1, 0]
    assert got["A"].opponents == ("B", "D")


def test_tie_breaks_opponents_score_then_difference() -> None:
    t = Tournament(make_plan("draw", "roundrobin", 3), [Entrant(n) for n in "ABCD"], seed=3)
    results = {frozenset("AB"): ("A", 100, 90), frozenset("CD"): ("C", 100, 50), frozenset("AC"): ("C", 100, 0),
               frozenset("BD"): ("B", 100, 0), frozenset("AD"): ("A", 100, 99), frozenset("BC"): ("B", 100, 98)}
    while not t.is_over:
        rnd = t.pair_next()
        for table in rnd.tables:
            winner, high, low = results[frozenset(table.entrants)]
            t.record(rnd.number, table.number, [high if e == winner else low for e in table.seats])
    rows = t.standings()
    # A, B and C have 2 points each; opponents' scores: A 2+2+0=4, B 2+2+0=4, C 0+2+2=4;
    # differences then decide: C +50+100-2 = 148, B -10+100+2 = 92, A +10-100+1 = -89
    assert [(r.name, r.points, r.opponents_score) for r in rows[:3]] == [("C", 2, 4), ("B", 2, 4), ("A", 2, 4)]
    assert [r.difference for r in rows[:3]] == [148, 92, -89]
    assert rows[3].name == "D" and rows[3].points == 0


def test_a_tie_left_after_rating_goes_by_the_order_of_entry_never_by_the_letters_of_a_name() -> None:
    """A name is typed by its person: one typed to sort first (markup, punctuation) must
    not win a tie; who entered first does, whatever the names are made of."""
    names = ["Guest", "[bold]Ana[/]", "!Zed", "Ben"]
    t = Tournament(make_plan("draw", "swiss", 1), [Entrant(n) for n in names], seed=5)
    assert [r.name for r in t.standings()] == names
    rnd = t.pair_next()
    for table in rnd.tables:  # every match drawn: all still level on every score
        t.record(rnd.number, table.number, [50, 50])
    rows = t.standings()
    assert len({(r.points, r.opponents_score, r.difference) for r in rows}) == 1
    assert [r.name for r in rows] == names and [r.rank for r in rows] == [1, 2, 3, 4]


def test_swiss_first_round_pairs_by_rating_and_gives_the_lowest_the_bye() -> None:
    t = Tournament(make_plan("draw", "swiss", 3), entrants(5, rated=True), seed=1)
    rnd = t.pair_next()
    assert [set(tb.entrants) for tb in rnd.tables] == [{"P00", "P01"}, {"P02", "P03"}]
    assert rnd.byes == ["P04"]


def test_swiss_pairs_by_score_after_the_first_round() -> None:
    t = Tournament(make_plan("draw", "swiss", 2), entrants(8, rated=True), seed=1)
    rnd = t.pair_next()
    winners = set()
    for tb in rnd.tables:
        t.record(1, tb.number, [100, 0])
        winners.add(tb.seats[0])
    rnd2 = t.pair_next()
    for tb in rnd2.tables:
        assert len(set(tb.entrants) & winners) in (0, 2), "winners meet winners"


def test_table_sizes() -> None:
    four, three = make_plan("draw", "rotation", 1, 4), make_plan("draw", "rotation", 1, 3)
    assert table_sizes(four, 10) == ([4, 3, 3], 0)
    assert table_sizes(four, 13) == ([4, 3, 3, 3], 0)
    assert table_sizes(four, 5) == ([4], 1)
    assert table_sizes(three, 10) == ([4, 3, 3], 0)
    assert table_sizes(three, 11) == ([4, 4, 3], 0)
    assert table_sizes(make_plan("partner", "rotation", 1), 14) == ([4, 4, 4], 2)
    with pytest.raises(TournamentError):
        table_sizes(four, 2)


def test_withdrawn_and_late_entrants_between_rounds() -> None:
    t = Tournament(make_plan("draw", "swiss", 3), entrants(6), seed=2)
    rng = random.Random(2)
    play_round(t, rng)
    t.withdraw("P00")
    t.add(Entrant("Late"))
    play_round(t, rng)
    names = {e for tb in t.current.tables for e in tb.entrants} | set(t.current.byes)  # type: ignore[union-attr]
    assert "P00" not in names and "Late" in names
    rows = {r.name: r for r in t.standings()}
    assert rows["P00"].withdrawn and rows["P00"].played == 1
    assert rows["Late"].played + rows["Late"].byes == 1
    t.rejoin("P00")
    play_round(t, rng)
    assert t.current.table_of("P00") is not None or "P00" in t.current.byes  # type: ignore[union-attr]


def test_refusals_say_why() -> None:
    t = Tournament(make_plan("draw", "roundrobin", 3), entrants(4), seed=1)
    rnd = t.pair_next()
    with pytest.raises(TournamentError, match="still being played"):
        t.pair_next()
    with pytest.raises(TournamentError, match="late arrivals"):
        t.add(Entrant("Late"))
    with pytest.raises(TournamentError, match="2 sides"):
        t.record(1, 1, [1, 2, 3])
    t.record(1, 1, [1, 2])
    with pytest.raises(TournamentError, match="already"):
        t.record(1, 1, [1, 2])
    with pytest.raises(TournamentError, match="not the round"):
        t.record(2, 1, [1, 2])
    with pytest.raises(TournamentError, match="entered already"):
        Tournament(make_plan("draw", "swiss", 1), [Entrant("A"), Entrant("A")])
    for args in [("duel", "rotation", 1), ("draw", "swiss", 1, 4), ("chess", "swiss", 1), ("draw", "knockout", 1),
                 ("draw", "swiss", 0), ("partner", "swiss", 1, 2)]:
        with pytest.raises(TournamentError):
            make_plan(*args)  # type: ignore[arg-type]
    assert rnd.number == 1


def test_a_saved_tournament_carries_on_the_same() -> None:
    t = Tournament(make_plan("partner", "swiss", 3), read_entrants("A,B,C,D,E+F,G,H", [], True).entrants, seed=5)
    rng = random.Random(5)
    play_round(t, rng)
    t.withdraw("G & H")
    copy = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert copy.to_json() == t.to_json()
    play_round(t, random.Random(9))
    play_round(copy, random.Random(9))
    assert copy.to_json() == t.to_json()
    assert [s.to_json() for s in copy.standings()] == [s.to_json() for s in t.standings()]


def test_entrant_lists_as_typed() -> None:
    r = read_entrants("Ana, hard,medium,hard,\x1b[31mBo\x07", ["hard", "medium"], False)
    assert [e.name for e in r.entrants] == ["Ana", "hard", "medium", "hard 2", "[31mBo"]
    assert r.levels == {"Ana": "medium", "hard": "hard", "medium": "medium", "hard 2": "hard", "[31mBo": "medium"}
    pairs = read_entrants("A+B,C,D", [], True).entrants
    assert [(e.name, e.members) for e in pairs] == [("A & B", ("A", "B")), ("C & D", ("C", "D"))]
    for bad in ("", " , ", "A,A", "A+B+C,D+E"):
        with pytest.raises(TournamentError):
            read_entrants(bad, [], bad.count("+") > 0)
    with pytest.raises(TournamentError, match="without a partner"):
        read_entrants("A,B,C", [], True)


def test_a_two_a_table_format_asked_for_four_names_the_format_not_a_flag() -> None:
    """The organizer's form showed "use --format rotation": no such flag in a form."""
    with pytest.raises(TournamentError) as caught:
        make_plan("draw", "swiss", 3, 4)
    assert "--" not in str(caught.value) and "the format rotation seats tables of 4" in str(caught.value)
