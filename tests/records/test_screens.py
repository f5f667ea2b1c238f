"""Pilot tests through the records screens: the leaderboard, a player's page with its
plot, the replay viewer stepping through a whole All Fives match, and a local match
that lands in the records when it ends."""
from __future__ import annotations

from textual.widgets import DataTable
from textual_plotext import PlotextPlot

from dominoes_tui.engine import dumps
from dominoes_tui.records import Records, summarize
from dominoes_tui.records.source import LocalSource
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.records.leaderboard import LeaderboardScreen
from dominoes_tui.ui.screens.records.player import PlayerScreen
from dominoes_tui.ui.screens.records.records_reader import LocalReader
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_hands import open_hand_lines
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.records.helpers import cells
from tests.ui.helpers import wait_for

from .helpers import people, play


async def test_leaderboard_player_page_plot_and_a_replay(db_url, tmp_path):
    with Records.open(db_url) as records:
        for i, level in enumerate(["easy", "medium", "hard", "easy"]):
            records.record(summarize(play("draw", 2, people("Ana", level), seed=50 + i)))
        records.record(summarize(play("allfives", 3, people("Ana", "Ben", "medium"), seed=7)))
    source = LocalSource(tmp_path, db_url)
    app = RecordsApp(lambda: LeaderboardScreen(LocalReader(source)))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.screen.query_one("#board", DataTable)
        await wait_for(pilot, lambda: board.row_count > 0)
        rows = cells(board)
        assert {r[1] for r in rows} == {"Ana", "Ben", "Bot (easy)", "Bot (medium)", "Bot (hard)"}
        assert all(r[2].endswith("?") for r in rows)  # a handful of matches: all provisional
        assert [int(r[0]) for r in rows] == list(range(1, 6))
        await pilot.press("right")  # the Draw list: Ben never played Draw
        await wait_for(pilot, lambda: app.screen.variant == "draw" and board.row_count == 4)
        assert "Ben" not in {r[1] for r in cells(board)}
        await pilot.press("left")
        await wait_for(pilot, lambda: board.row_count == 5)
        ana_row = next(i for i, r in enumerate(cells(board)) if r[1] == "Ana")
        board.move_cursor(row=ana_row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayerScreen) and app.screen.page)
        page = app.screen
        variants = cells(page.query_one("#variants", DataTable))
        assert variants[0][:3] == ["All Fives", "1", variants[0][2]]
        assert variants[1][:2] == ["Draw", "4"] and variants[-1][:2] == ["All variants", "5"]
        bots = {r[0]: r for r in cells(page.query_one("#bots", DataTable))}
        assert set(bots) == {"Bot (easy)", "Bot (medium)", "Bot (hard)"} and bots["Bot (easy)"][1] == "2"
        assert [r[0] for r in cells(page.query_one("#people", DataTable))] == ["Ben"]
        await pilot.press("2")
        await pilot.pause()
        plot = page.query_one(PlotextPlot)
        drawn = plot.render().plain
        assert "Rating" in drawn and any(0x2800 < ord(ch) <= 0x28FF for ch in drawn)  # the line, in braille
        await pilot.press("3")
        recent = page.query_one("#recent", DataTable)
        await wait_for(pilot, lambda: recent.row_count == 5)
        assert cells(recent)[0][1] == "All Fives"  # newest first
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        assert app.screen.match.is_over and app.screen.match.config.variant == "allfives"
        await pilot.press("escape")
        assert app.screen is page
        await pilot.press("escape")
        assert isinstance(app.screen, LeaderboardScreen)
    source.close()


async def test_an_empty_or_unreadable_records_says_so(tmp_path):
    app = RecordsApp(lambda: LeaderboardScreen(LocalReader(LocalSource(tmp_path))))
    async with app.run_test(size=(80, 24)) as pilot:
        note = app.screen.query_one("#note")
        await wait_for(pilot, lambda: "Nobody is rated" in str(note.render()))
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "records.sqlite").write_text("not a database" * 100)
    app = RecordsApp(lambda: LeaderboardScreen(LocalReader(LocalSource(tmp_path / "broken"))))
    async with app.run_test(size=(80, 24)) as pilot:
        note = app.screen.query_one("#note")
        await wait_for(pilot, lambda: "cannot be read now" in str(note.render()))
        assert "kept as records.unreadable-" in str(note.render())


async def test_the_viewer_steps_through_a_whole_all_fives_match():
    # to 60, not 150: two rounds (43 events, not 83), each stepped through as a whole match's are
    match = play("allfives", 3, people("Ana", "Ben", "medium"), seed=19, target=60)
    steps = ReplaySteps.from_text(dumps(match.events))
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.step == 0 and screen.match.round_no == 1  # it opens on the first deal
        seen_rounds, plays = set(), 0
        while screen.step < steps.count - 1:
            before = screen.step
            await pilot.press("right")
            assert screen.step == before + 1
            shown = screen.match
            seen_rounds.add(shown.round_no)
            event = steps.event_at(screen.step)
            if event["event"] == "play":
                plays += 1
                # every hand face up: the lines show exactly the hands of this moment
                lines = open_hand_lines(shown, screen.seats, screen.look, 200)
                for seat, line in enumerate(lines):
                    assert all(f"[{t.low}-{t.high}]" in line.plain for t in shown.hands[seat])
        assert screen.match.is_over and screen.match.scores == match.scores
        assert match.round_no > 1 and seen_rounds == set(range(1, match.round_no + 1))
        assert plays == sum(1 for e in match.events if e["event"] == "play")
        await pilot.press("right")  # at the end it stays at the end
        assert screen.step == steps.count - 1
        await pilot.press("home")
        assert screen.step == 0
        rounds = 0
        while screen.step < steps.count - 1:
            await pilot.press("down")
            rounds += 1
        assert rounds == match.round_no  # each later round's deal, then the end
        await pilot.press("up")
        assert steps.event_at(screen.step)["event"] == "round_start"
        await pilot.press("v")  # one seat's view: that seat's hand, the others face down
        assert screen.viewer == 0 and screen.query_one("#hand").display
        assert not screen.query_one("#open").display
        for _ in range(3):
            await pilot.press("v")
        assert screen.viewer is None


async def test_the_scoresheet_stands_beside_the_table_when_there_is_room():
    match = play("draw", 2, people("Ana", "easy"), seed=3)
    steps = ReplaySteps.from_text(dumps(match.events))
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("end")
        sheet = app.screen.query_one("#sheet", DataTable)
        assert sheet.display and sheet.row_count == match.round_no + 1
        assert cells(sheet)[-1][2:] == [str(s) for s in match.scores]
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.screen.query_one("#sheet", DataTable).display
        await pilot.press("s")
        assert type(app.screen).__name__ == "ScoresheetScreen"
