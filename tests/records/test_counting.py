"""What the records screens count and when they say it happened: a bot level in two seats
of one match, two people of one name, and times in the reader's own zone."""
from __future__ import annotations

from datetime import UTC, datetime

from textual.widgets import DataTable

from dominoes_tui.cli import main
from dominoes_tui.records import Records, person_identity, report, summarize
from dominoes_tui.records.identity import bot_identity
from dominoes_tui.records.source import LocalSource
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.records.leaderboard import LeaderboardScreen
from dominoes_tui.ui.screens.records.player import PlayerScreen
from dominoes_tui.ui.screens.records.records_reader import LocalReader
from tests.records.helpers import cells
from tests.ui.helpers import wait_for

from .helpers import people, play

SEEDS = (1, 2, 3, 4)


def record_two_mediums(db_url: str) -> list:
    """Four rated Draw matches of Ana against two medium bots; the summaries."""
    summaries = [summarize(play("draw", 3, people("Ana", "medium", "medium"), seed=s)) for s in SEEDS]
    assert all(s.rated for s in summaries)
    with Records.open(db_url) as records:
        for s in summaries:
            records.record(s)
    return summaries


async def test_a_bot_level_in_two_seats_counts_once_and_both_screens_agree(db_url, tmp_path):
    summaries = record_two_mediums(db_url)
    # A club reads it as: bot:medium played each match once, and won it if either seat won.
    won = sum(any(s.placing == 1 for s in m.seats if s.name == "medium") for m in summaries)
    source = LocalSource(tmp_path, db_url)
    app = RecordsApp(lambda: LeaderboardScreen(LocalReader(source)))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one("#board", DataTable)
        await wait_for(pilot, lambda: board.row_count > 0)
        row = next(i for i, r in enumerate(cells(board)) if r[1] == "Bot (medium)")
        assert cells(board)[row][3:] == [str(len(SEEDS)), str(won)]  # Rated, Won
        board.move_cursor(row=row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayerScreen) and app.screen.page)
        page = app.screen
        variants = {r[0]: r for r in cells(page.query_one("#variants", DataTable))}
        for name in ("Draw", "All variants"):
            assert variants[name][1:3] == [str(len(SEEDS)), str(won)], variants  # Matches, Won: as the board says
        against = {r[0]: r for r in cells(page.query_one("#people", DataTable))}
        assert against["Ana"][1] == str(len(SEEDS))
        await pilot.press("3")
        recent = page.query_one("#recent", DataTable)
        await wait_for(pilot, lambda: recent.row_count == len(SEEDS))
        for r, m in zip(cells(recent), reversed(summaries)):  # newest first
            best = min(s.placing for s in m.seats if s.name == "medium")
            assert r[2] == str(best) and r[4] == "Ana"  # its best seat, against the others only
    source.close()


def test_the_page_of_a_person_against_two_seats_of_one_level(db_url):
    summaries = record_two_mediums(db_url)
    with Records.open(db_url) as records, records.connect() as conn:
        ana = next(p for p in report.standings(conn) if p["name"] == "Ana")
        page = report.player_page(conn, ana["player_id"])
    medium = {v["other"]: v for v in page["against_bots"]}["bot:medium"]
    assert medium["matches"] == len(SEEDS)  # one opponent a match, however many seats it took
    assert medium["better"] + medium["worse"] + medium["even"] == len(SEEDS)
    ana_won = sum(m.seats[0].placing == 1 for m in summaries)
    assert page["variants"][-1]["matches"] == ana["matches"] == len(SEEDS)
    assert page["variants"][-1]["wins"] == ana["wins"] == ana_won


def test_two_people_of_one_name_are_two_opponents(db_url):
    with Records.open(db_url) as records:
        for seed, key in ((5, "SHA256:one"), (6, "SHA256:two")):
            match = play("draw", 2, people("Ana", "Ben"), seed=seed)
            ids = [person_identity("ssh", key, "Ana"), person_identity("ssh", "SHA256:ben", "Ben")]
            records.record(summarize(match, ids))
        with records.connect() as conn:
            ben = next(p for p in report.standings(conn) if p["name"] == "Ben")
            page = report.player_page(conn, ben["player_id"])
    assert [(v["other"], v["matches"]) for v in page["against_people"]] == [("Ana", 1), ("Ana", 1)]


def record_at(db_url: str, when: datetime) -> None:
    match = play("draw", 2, people("Ana", "easy"), seed=8)
    with Records.open(db_url) as records:
        records.record(summarize(match, started_at=when, ended_at=when))


async def test_times_are_shown_in_the_local_zone(db_url, tmp_path, capsys, in_tokyo):
    record_at(db_url, datetime(2026, 1, 2, 23, 30, tzinfo=UTC))
    assert main(["stats", "--player", "Ana", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert "3 Jan 2026, 08:30" in out and "23:30" not in out
    assert main(["stats", "--player", "Ana", "--json", "--db", db_url]) == 0
    assert '"ended_at": "2026-01-02T23:30:00+00:00"' in capsys.readouterr().out  # JSON says its zone
    source = LocalSource(tmp_path, db_url)
    with Records.open(db_url) as records, records.connect() as conn:
        ana = next(p for p in report.standings(conn) if p["name"] == "Ana")
    app = RecordsApp(lambda: PlayerScreen(LocalReader(source), ana["player_id"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.page)
        recent = app.screen.query_one("#recent", DataTable)
        assert cells(recent)[0][0] == "3 Jan 2026, 08:30"
    source.close()


def test_a_bot_identity_is_one_player_whatever_its_seats(db_url):
    # the bot's own page: one line a match in its recent list, its best seat's place
    record_two_mediums(db_url)
    with Records.open(db_url) as records, records.connect() as conn:
        medium = next(p for p in report.standings(conn) if p["name"] == bot_identity("medium").name)
        page = report.player_page(conn, medium["player_id"])
    assert len(page["recent"]) == len(SEEDS)
    assert all(m["others"] == "Ana" for m in page["recent"])


def test_a_partner_is_not_listed_as_an_opponent(db_url):
    match = play("partner", 4, people("Ana", "easy", "medium", "random"), seed=12)
    with Records.open(db_url) as records:
        records.record(summarize(match))
        with records.connect() as conn:
            ana = next(p for p in report.standings(conn) if p["name"] == "Ana")
            page = report.player_page(conn, ana["player_id"])
    team = next(t for t in match.config.teams if 0 in t)
    mate = match.seats[team[1]].name
    rivals = [s.name for i, s in enumerate(match.seats) if i not in team]
    assert page["recent"][0]["others"] == f"{', '.join(rivals)} (with {mate})"
