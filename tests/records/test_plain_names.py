"""Names reach the records screens as plain text: a claimed name like `[/]` is Rich
markup to a DataTable's str cell, which would crash the screen (MarkupError) and show
`[b]Vic[/b]` as a second "Vic". Leaderboard, player page, replay sheet and board."""
from __future__ import annotations

from textual.widgets import DataTable

from dominoes_tui.engine import Seat, dumps
from dominoes_tui.records import Records, guest_identity, person_identity, summarize
from dominoes_tui.records.source import LocalSource
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.hosted.board_render import plain_text
from dominoes_tui.ui.screens.records.leaderboard import LeaderboardScreen
from dominoes_tui.ui.screens.records.player import PlayerScreen
from dominoes_tui.ui.screens.records.records_reader import LocalReader
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.records.helpers import cells
from tests.ui.helpers import wait_for

from .helpers import play

TRICKY = ["[/]", "[b]Vic[/b]"]


def _fill(url: str) -> None:
    with Records.open(url) as records:
        for i, name in enumerate(TRICKY):
            match = play("draw", 2, [Seat(name, "human"), Seat("Vic", "human")], seed=70 + i)
            ids = [person_identity("hosted", f"name:{name}", name), person_identity("hosted", "name:Vic", "Vic")]
            records.record(summarize(match, ids, source="hosted"))
        # A guest called `[/]` against Vic: it shows on Vic's page (never on the leaderboard).
        match = play("draw", 2, [Seat("[/]", "human"), Seat("Vic", "human")], seed=90)
        records.record(summarize(match, [guest_identity("[/]"), person_identity("hosted", "name:Vic", "Vic")]))


async def test_leaderboard_and_player_page_show_markup_like_names_as_they_are(tmp_path):
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    _fill(url)
    source = LocalSource(tmp_path, url)
    app = RecordsApp(lambda: LeaderboardScreen(LocalReader(source)))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one("#board", DataTable)
        await wait_for(pilot, lambda: board.row_count == 3)
        names = [r[1] for r in cells(board)]
        assert sorted(names) == sorted(["[/]", "[b]Vic[/b]", "Vic"])
        board.move_cursor(row=names.index("Vic"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayerScreen) and app.screen.page)
        page = app.screen
        people = [r[0] for r in cells(page.query_one("#people", DataTable))]
        assert set(people) == {"[/]", "[b]Vic[/b]"}
        await pilot.press("3")
        recent = page.query_one("#recent", DataTable)
        await wait_for(pilot, lambda: recent.row_count == 3)
        assert {r[4] for r in cells(recent)} == {"[/]", "[b]Vic[/b]"}
        assert app.return_code in (None, 0)
    source.close()


async def test_the_replay_sheet_shows_markup_like_names_as_they_are():
    match = play("draw", 2, [Seat("[/]", "human"), Seat("[b]Vic[/b]", "human")], seed=71)
    app = RecordsApp(lambda: ReplayScreen(ReplaySteps.from_text(dumps(match.events))))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        sheet = app.screen.query_one("#sheet", DataTable)
        headings = [str(c.label) for c in sheet.columns.values()]
        assert "[/]" in headings and "[b]Vic[/b]" in headings


def test_the_board_keeps_brackets_and_drops_control_characters():
    assert plain_text("[b]Vic[/b]\x1b[31m\u202e") == "[b]Vic[/b][31m"


def test_a_person_named_like_a_bot_level_is_not_worded_as_that_bot() -> None:
    # Only a bot's own row says "Bot (schwer)"; a person who typed bot:hard is shown as
    # typed, so a claimed name cannot pass for the level in another language.
    from dominoes_tui import i18n
    from dominoes_tui.records.identity import BOT, PERSON, shown_name, spoken_names

    i18n.use("de")
    try:
        assert shown_name("bot:hard", BOT) == "Bot (schwer)"
        assert shown_name("bot:hard", PERSON) == "bot:hard"
        assert shown_name("bot:\x1b[2Jhard", PERSON) == "bot:[2Jhard"  # plain text either way
        assert {"schwer", "hard", "bot:hard", "bot (schwer)"} <= spoken_names("bot:hard", BOT)
        assert "schwer" not in spoken_names("bot:hard", PERSON)
    finally:
        i18n.use("en")
