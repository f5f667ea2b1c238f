"""A match's analysis kept in the records beside its log (issue 28), on SQLite and PostgreSQL."""
from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import inspect

from dominoes_tui.engine import dumps
from dominoes_tui.records import Records, match_key, migrate, queries, summarize
from dominoes_tui.records.analyses import analysed_seats, keep_analysis, stored_analysis
from dominoes_tui.records.source import LocalSource
from dominoes_tui.records.store import make_engine

from .helpers import people, play

SOME = {"match": 1, "guesses": 4, "seats": [], "moves": []}  # the records keep any JSON object as it is


def test_an_analysis_is_kept_beside_its_match_and_read_back(db_url):
    match = play("draw", 2, people("Ana", "easy"), seed=1)
    key = match_key(match.events)
    with Records.open(db_url) as records:
        assert not keep_analysis(records, key, SOME, 4)  # not recorded yet: nothing kept
        records.record(summarize(match))
        with records.connect() as conn:
            assert stored_analysis(conn, key) is None
        assert keep_analysis(records, key, SOME, 4)
        newer = {**SOME, "guesses": 16}
        assert keep_analysis(records, key, newer, 16)  # a newer analysis replaces the old one
        with records.connect() as conn:
            assert json.loads(stored_analysis(conn, key) or "") == newer
            ana = queries.find_players(conn, "Ana")[0].id
            seats = analysed_seats(conn, ana)
            assert [(s.seat, json.loads(s.analysis)["guesses"]) for s in seats] == [(0, 16)]


def test_the_local_source_stores_and_loads_by_the_matchs_key(db_url, tmp_path):
    match = play("draw", 2, people("Ana", "Ben"), seed=2)
    with Records.open(db_url) as records:
        records.record(summarize(match))
    source = LocalSource(tmp_path, db_url)
    try:
        key = match_key(match.events)
        assert source.analysis(key) is None
        assert source.keep_analysis(key, SOME, 4)
        assert json.loads(source.analysis(key) or "") == SOME
        # the same match read from its log (a replay of the file) finds it too
        from dominoes_tui.engine.gamelog import parse_lines

        assert source.analysis(match_key([e for _, e in parse_lines(dumps(match.events))])) is not None
    finally:
        source.close()


def test_a_database_at_the_previous_head_gains_the_analyses_table(db_url):
    engine = make_engine(db_url)
    migrate.upgrade(engine, "0003")
    with engine.connect() as conn:
        assert "match_analyses" not in inspect(conn).get_table_names()
    engine.dispose()
    match = play("draw", 2, people("Ana", "easy"), seed=3)
    with Records.open(db_url) as records:
        with records.connect() as conn:
            assert migrate.current(conn) == migrate.head()
            assert "match_analyses" in inspect(conn).get_table_names()
        records.record(summarize(match, ended_at=datetime.now(UTC)))
        assert keep_analysis(records, match_key(match.events), SOME, 4)


async def test_the_player_page_shows_accuracy_per_analysed_match(db_url, tmp_path):
    from textual.widgets import DataTable
    from textual_plotext import PlotextPlot

    from dominoes_tui.ui.records_app import RecordsApp
    from dominoes_tui.ui.screens.records.player import PlayerScreen
    from dominoes_tui.ui.screens.records.records_reader import LocalReader
    from tests.records.helpers import cells
    from tests.ui.helpers import wait_for

    analysed = play("draw", 2, people("Ana", "easy"), seed=5)
    damaged = play("draw", 2, people("Ana", "easy"), seed=6)
    plain = play("draw", 2, people("Ana", "easy"), seed=7)
    seats = [{"seat": 0, "name": "Ana", "moves": 12, "mean_loss": 0.02, "accuracy": 87.5, "inaccuracies": 1,
              "mistakes": 0, "blunders": 0},
             {"seat": 1, "name": "easy", "moves": 11, "mean_loss": 0.2, "accuracy": 40.0, "inaccuracies": 0,
              "mistakes": 2, "blunders": 3}]
    with Records.open(db_url) as records:
        for m in (analysed, damaged, plain):
            records.record(summarize(m))
        keep_analysis(records, match_key(analysed.events), {"match": 1, "seats": seats, "moves": []}, 4)
        keep_analysis(records, match_key(damaged.events), {"match": 1, "seats": "not a list"}, 4)
        with records.connect() as conn:
            ana = queries.find_players(conn, "Ana")[0].id
    source = LocalSource(tmp_path, db_url)
    app = RecordsApp(lambda: PlayerScreen(LocalReader(source), ana))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            page = app.screen
            await wait_for(pilot, lambda: page.page)
            assert [a["accuracy"] for a in page.page["accuracy"]] == [87.5]
            recent = cells(page.query_one("#recent", DataTable))
            assert sorted(r[5] for r in recent) == ["-", "-", "88%"]  # the Accuracy column
            assert "could not be read" in str(page.query_one("#note").render())
            await pilot.press("4")
            plot = page.query_one("#accuracy-plot", PlotextPlot)
            await pilot.pause()
            drawn = plot.render().plain
            assert "Accuracy in each analysed match (mean 88%)" in drawn  # its title, with the mean
    finally:
        source.close()
