"""A match played in the app goes into the records when it ends; one the player
declines to resume is kept as abandoned; a seeded (practice) match is not rated."""
from __future__ import annotations

from sqlalchemy import select

from dominoes_tui.engine import write_log
from dominoes_tui.records import Records
from dominoes_tui.records.schema import matches, ratings
from dominoes_tui.table import saves
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs, parse_seats
from tests.ui.helpers import play_through, press, settle

from .helpers import people, play


def rows(home, table):
    with Records.open(home=home) as records, records.connect() as conn:
        return conn.execute(select(table)).all()


async def finish_match(seed: int | None) -> DominoesApp:
    # A low target: a round or two is a whole match, and what is recorded does not hang
    # on its length (an unseeded deal's match to 50 took anything up to half a minute).
    settings = MatchSettings("draw", 2, parse_seats("Ana,random", 2), 10, {}, seed=seed)
    app = DominoesApp(settings, Prefs(speed="instant"), start_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(app, pilot)
        await settle(app, pilot)
        await app.workers.wait_for_complete()
        said = app.__dict__.get("records_said")  # the match end screen's line (ui/recording.py)
        assert said is not None and "in the records" in said[0], said
    return app


async def test_a_finished_local_match_is_recorded_and_rated(dominoes_home):
    await finish_match(seed=None)
    (match,) = rows(dominoes_home, matches)
    assert match.status == "finished" and match.rated and match.source == "local"
    assert len(rows(dominoes_home, ratings)) == 4  # Ana and bot:random, draw and overall


async def test_a_seeded_practice_match_is_kept_but_not_rated(dominoes_home):
    await finish_match(seed=5)
    (match,) = rows(dominoes_home, matches)
    assert not match.rated and rows(dominoes_home, ratings) == []


async def test_declining_to_resume_keeps_the_match_as_abandoned(dominoes_home):
    half = play("draw", 2, people("Ana", "easy"), seed=8, stop_after=5)
    write_log(saves.save_path(), half.events)
    settings = MatchSettings("draw", 2, parse_seats("Ana", 2), None, {}, seed=None)
    app = DominoesApp(settings, Prefs(speed="instant"), start_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert type(app.screen).__name__ == "ResumeScreen"
        await press(pilot, "n")
        await app.workers.wait_for_complete()
    (match,) = rows(dominoes_home, matches)
    assert match.status == "abandoned" and not match.rated
