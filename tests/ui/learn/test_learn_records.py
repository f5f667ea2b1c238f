"""Learn from a match in the club records: `l` on a player's page opens the lesson of the
seat that player held in the analysed match under the cursor, and says so plainly when
the match is not analysed."""
from __future__ import annotations

from sqlalchemy import select

from dominoes_tui.engine.gamelog import replay
from dominoes_tui.records import Records, match_key, summarize
from dominoes_tui.records.analyses import keep_analysis
from dominoes_tui.records.schema import players
from dominoes_tui.records.source import LocalSource
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.learn.learn import LearnScreen
from dominoes_tui.ui.screens.records.player import PlayerScreen
from dominoes_tui.ui.screens.records.records_reader import LocalReader
from tests.ui.helpers import wait_for

from .fixture import PLIES, analysis, steps


def records_with_the_match(tmp_path, analysed: bool) -> tuple[LocalSource, int]:
    the_steps = steps()
    match = replay(the_steps.lines)
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    with Records.open(url) as records:
        records.record(summarize(match))
        if analysed:
            assert keep_analysis(records, match_key(the_steps.events), analysis().to_json(full=True), 100)
        with records.engine.connect() as conn:
            you = conn.execute(select(players.c.id).where(players.c.name == "You")).scalar_one()
    return LocalSource(tmp_path, url), int(you)


async def test_l_on_a_players_analysed_match_opens_their_lesson(tmp_path) -> None:
    source, you = records_with_the_match(tmp_path, analysed=True)
    app = RecordsApp(lambda: PlayerScreen(LocalReader(source), you))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.screen.page)
            await pilot.press("3", "l")
            await wait_for(pilot, lambda: isinstance(app.screen, LearnScreen))
            lesson = app.screen.lesson
            assert lesson.seat == 0 and [q.ply for q in lesson.questions] == PLIES
    finally:
        source.close()


async def test_a_match_not_analysed_says_how_to_analyse_it(tmp_path) -> None:
    source, you = records_with_the_match(tmp_path, analysed=False)
    app = RecordsApp(lambda: PlayerScreen(LocalReader(source), you))
    told: list[str] = []
    app.notify = lambda message, *a, **k: told.append(str(message))  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.screen.page)
            await pilot.press("3", "l")
            await wait_for(pilot, lambda: told)
            assert "not analysed yet" in told[0] and isinstance(app.screen, PlayerScreen)
    finally:
        source.close()
