"""Recording matches and rating them, on SQLite and on PostgreSQL (the db_url fixture)."""
from __future__ import annotations

from sqlalchemy import func, select

from dominoes_tui.engine import dumps, load_matches
from dominoes_tui.records import (
    ABANDONED,
    ALREADY,
    COMPLETED,
    FINISHED,
    RECORDED,
    Records,
    guest_identity,
    local_identity,
    queries,
    summarize,
)
from dominoes_tui.records.schema import matches, rating_history, ratings

from .helpers import people, play


def count(records: Records, table, **where) -> int:
    query = select(func.count()).select_from(table)
    for name, value in where.items():
        query = query.where(table.c[name] == value)
    with records.connect() as conn:
        return int(conn.execute(query).scalar_one())


def test_a_match_is_recorded_once(db_url):
    match = play("draw", 2, people("Ana", "medium"), seed=3)
    with Records.open(db_url) as records:
        assert records.record(summarize(match)) == RECORDED
        assert records.record(summarize(match)) == ALREADY
        assert count(records, matches) == 1
        assert count(records, ratings, variant="draw") == 2


def test_a_resumed_match_is_not_counted_twice(db_url):
    """A match saved mid-way, read back from its log and played on, is the same match."""
    whole = play("allfives", 3, people("Ana", "Ben", "easy"), seed=11)
    cut = load_matches(dumps(whole.events[:9]))[0]  # the save: start, a deal, a few moves
    assert not cut.is_over
    with Records.open(db_url) as records:
        assert records.record(summarize(whole)) == RECORDED
        assert records.record(summarize(cut, abandoned=True)) == ALREADY
        assert count(records, matches) == 1


def test_an_abandoned_match_is_kept_unrated_and_a_finish_completes_it(db_url):
    half = play("draw", 2, people("Ana", "hard"), seed=5, stop_after=6)
    whole = play("draw", 2, people("Ana", "hard"), seed=5)
    with Records.open(db_url) as records:
        assert records.record(summarize(half, abandoned=True)) == RECORDED
        assert count(records, matches, status=ABANDONED) == 1
        assert count(records, ratings) == 0
        with records.connect() as conn:
            page = queries.by_variant(conn, queries.find_players(conn, "Ana")[0].id)
        assert (page[0].matches, page[0].abandoned) == (0, 1)
        assert records.record(summarize(whole)) == COMPLETED
        assert count(records, matches) == 1 and count(records, matches, status=FINISHED) == 1
        assert count(records, ratings) == 4  # two players, draw and overall


def test_a_guest_at_the_table_means_no_rating(db_url):
    match = play("draw", 2, people("Ana", "Zed"), seed=8)
    ids = [local_identity(match.seats[0]), guest_identity("Zed")]
    summary = summarize(match, ids, source="hosted")
    assert not summary.rated
    with Records.open(db_url) as records:
        records.record(summary)
        assert count(records, matches, rated=False) == 1
        assert count(records, ratings) == 0 and count(records, rating_history) == 0


def test_a_seeded_practice_table_is_not_rated(db_url):
    match = play("draw", 2, people("Ana", "medium"), seed=9)
    with Records.open(db_url) as records:
        records.record(summarize(match, seeded=True))
        assert count(records, matches) == 1 and count(records, ratings) == 0


def test_the_winner_gains_and_both_lists_move(db_url):
    match = play("block", 2, people("Ana", "Ben"), seed=21)
    winner = match.seats[match.verdict.winner].name
    with Records.open(db_url) as records:
        records.record(summarize(match))
        with records.connect() as conn:
            for variant in ("block", "all"):
                board = queries.leaderboard(conn, variant)
                assert [s.name for s in board][0] == winner
                assert board[0].rating.shown > 1500 > board[1].rating.shown
                assert board[0].rating.provisional and board[0].wins == 1 and board[1].wins == 0
            assert count(records, rating_history) == 4


def test_partner_rates_teams_together(db_url):
    match = play("partner", 4, people("Ana", "Ben", "Cleo", "Dan"), seed=2)
    won = match.config.teams[match.verdict.winner]
    with Records.open(db_url) as records:
        summary = summarize(match)
        assert [s.placing for s in summary.seats] == [1 if i in won else 2 for i in range(4)]
        records.record(summary)
        with records.connect() as conn:
            board = {s.name: s.rating.mu for s in queries.leaderboard(conn, "partner")}
            mates = [match.seats[i].name for i in won]
            others = [s.name for i, s in enumerate(match.seats) if i not in won]
            assert board[mates[0]] == board[mates[1]] > 25 > board[others[0]] == board[others[1]]
            # team mates are not opponents on the player page
            assert {v.other for v in queries.versus(conn, queries.find_players(conn, mates[0])[0].id)} == set(others)


def test_the_kozel_is_rated_last(db_url):
    match = play("kozel", 3, people("Ana", "Ben", "Cleo"), seed=4)
    summary = summarize(match)
    loser = match.verdict.loser
    losers = loser if isinstance(loser, list) else [loser]
    assert all(summary.seats[i].placing == 3 for i in losers)
    with Records.open(db_url) as records:
        records.record(summary)
        with records.connect() as conn:
            board = queries.leaderboard(conn, "kozel")
        assert board[-1].name in {match.seats[i].name for i in losers}


def test_two_seats_of_one_bot_level_are_one_player(db_url):
    match = play("draw", 3, people("Ana", "medium", "medium"), seed=6)
    with Records.open(db_url) as records:
        records.record(summarize(match))
        with records.connect() as conn:
            board = queries.leaderboard(conn, "draw")
            assert sorted(s.name for s in board) == ["Ana", "bot:medium"]
            assert all(s.matches == 1 for s in board)


def test_player_page_recent_and_log_back(db_url):
    with Records.open(db_url) as records:
        played = [play("draw", 2, people("Ana", level), seed=30 + i) for i, level in enumerate(["easy", "medium", "hard"])]
        for match in played:
            records.record(summarize(match))
        with records.connect() as conn:
            ana = queries.find_players(conn, "ana")[0]
            assert {v.other for v in queries.versus(conn, ana.id, bots_only=True)} == {"bot:easy", "bot:medium", "bot:hard"}
            assert len(queries.history(conn, ana.id)) == 3
            recent = queries.recent(conn, ana.id)
            assert len(recent) == 3 and {r.others for r in recent} == {"easy", "medium", "hard"}
            log = queries.match_log(conn, recent[0].match_id)
        again = load_matches(log)[0]
        assert again.scores == played[-1].scores


def test_tied_placings_are_shared_at_a_table_of_three():
    import random

    from dominoes_tui.engine import Match, make_config
    from dominoes_tui.records.summary import placings
    from tests.engine.fixtures import with_scores

    config = make_config("draw", 3)
    match = with_scores(Match(config, random.Random(0)), [120, 40, 40])
    match.verdict = config.rules.verdict(config, match.scores)
    assert placings(match) == [1, 2, 2]
    kozel = make_config("kozel", 4)
    match = with_scores(Match(kozel, random.Random(0)), [30, 30, 101, 50])
    match.verdict = kozel.rules.verdict(kozel, match.scores)
    assert placings(match) == [1, 1, 4, 3]
