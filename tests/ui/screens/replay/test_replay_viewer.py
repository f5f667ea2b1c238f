"""The replay viewer as a person meets it: at 80×24 and 120×40, from the first deal to
the end, and a log of several matches opened from its list."""
from __future__ import annotations

from textual.widgets import DataTable

from dominoes_tui.engine import dumps
from dominoes_tui.engine.gamelog import parse_lines, replay, split_matches
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_list import ReplayListScreen
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.records.helpers import people, play
from tests.ui.helpers import screen_lines

FOUR = ("Anabel", "Bernard", "Cleopatra", "Dominic")


def four_player_steps(seed: int = 11) -> ReplaySteps:
    return ReplaySteps.from_text(dumps(play("draw", 4, people(*FOUR), seed=seed).events))


async def test_the_side_scoresheet_shows_all_four_players_at_120x40() -> None:
    steps = four_player_steps()
    app = RecordsApp(lambda: ReplayScreen(steps, title="club.jsonl"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        sheet = app.screen.query_one("#sheet", DataTable)
        assert sheet.display
        region = sheet.region
        shown = [line[region.x: region.right] for line in screen_lines(app)[region.y: region.bottom]]
        heading = shown[0]
        assert all(name in heading for name in FOUR), heading
        now = next(line for line in shown if " now " in line)
        assert now.split()[-4:] == [str(s) for s in steps.whole.scores], now  # every total, none cut


async def test_at_80x24_the_title_and_the_footer_are_whole() -> None:
    steps = four_player_steps()
    app = RecordsApp(lambda: ReplayScreen(steps, title="a-long-name-for-the-log-of-a-club-evening.jsonl"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        lines = screen_lines(app)
        status, footer = lines[0], lines[-1]
        # what matters stays: the round, whose view, and that the match is over
        assert f"round {steps.whole.round_no}" in status and "all hands" in status, status
        assert "the match is over" in status, status
        for words in ("Step", "Round", "View", "Scores", "Close"):
            assert words in footer, footer
        assert "won the match" in "\n".join(lines)  # the last step says who won


async def test_the_viewer_opens_on_the_first_deal() -> None:
    steps = four_player_steps()
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.match.round_no == 1 and all(screen.match.hands)
        assert "round 1" in screen_lines(app)[0]
        await pilot.press("right", "home")
        assert screen.step == 0 and screen.match.round_no == 1


async def test_names_from_the_log_are_shown_as_written() -> None:
    names = ("[b]Zed[/b]", "Ben")
    steps = ReplaySteps.from_text(dumps(play("draw", 2, people(*names), seed=3).events))
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(200, 40)) as pilot:

        def shown(widget_id: str) -> str:
            region = app.screen.query_one(widget_id).region
            return "\n".join(line[region.x: region.right] for line in screen_lines(app)[region.y: region.bottom])

        said = []
        for _ in range(4):  # the two take turns: within a few steps the log names Zed
            await pilot.press("right")
            await pilot.pause()
            said.append(shown("#log"))
        assert any("[b]Zed[/b] " in words for words in said), said
        await pilot.press("end")
        await pilot.pause()
        assert "[b]Zed[/b]" in shown("#sheet").splitlines()[0]  # the sheet's heading


def several_matches(count: int = 3) -> tuple[list, list]:
    text = "".join(dumps(play("draw", 2, people("Ana", "Ben"), seed=40 + i).events) for i in range(count))
    chunks = list(split_matches(parse_lines(text)))
    return chunks, [replay(c) for c in chunks]


async def test_a_log_of_several_matches_opens_on_their_list() -> None:
    chunks, matches = several_matches()
    app = RecordsApp(lambda: ReplayListScreen(chunks, matches, title="evening.jsonl"))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#matches", DataTable)
        assert table.row_count == 3
        assert "Enter Replay" in screen_lines(app)[-1]  # the footer says how
        listed = app.screen
        await pilot.press("down", "enter")
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.steps.whole.scores == matches[1].scores
        assert "2/3" in screen_lines(app)[0]
        await pilot.press("escape")  # back to the list, for another one
        assert app.screen is listed
        await pilot.press("down", "enter")
        assert app.screen.steps.whole.scores == matches[2].scores


async def test_match_n_opens_that_match_over_the_list() -> None:
    chunks, matches = several_matches()
    app = RecordsApp(lambda: ReplayListScreen(chunks, matches, title="evening.jsonl", first=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.steps.whole.scores == matches[2].scores
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayListScreen)


def test_dominoes_replay_opens_a_log_of_several_matches_on_their_list(tmp_path, monkeypatch) -> None:
    from dominoes_tui.cli import main

    log = tmp_path / "evening.jsonl"
    log.write_text("".join(dumps(play("draw", 2, people("Ana", "Ben"), seed=40 + i).events) for i in range(3)))
    opened = []
    monkeypatch.setattr(RecordsApp, "run", lambda self: opened.append(self.first()))
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["replay", str(log)]) == 0
    assert isinstance(opened[-1], ReplayListScreen) and opened[-1].first is None
    assert main(["replay", str(log), "--match", "3"]) == 0
    assert isinstance(opened[-1], ReplayListScreen) and opened[-1].first == 2
    log.write_text(dumps(play("draw", 2, people("Ana", "Ben"), seed=40).events))
    assert main(["replay", str(log)]) == 0
    assert isinstance(opened[-1], ReplayScreen)  # one match: straight to the viewer


async def test_a_log_that_stops_before_the_first_deal_says_so() -> None:
    match = play("draw", 2, people("Ana", "Ben"), seed=5)
    steps = ReplaySteps.from_text(dumps(match.events[:1]))  # the match_start line only
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right")
        text = "\n".join(screen_lines(app))
        assert "nothing to step through" in text and "→ deals" not in text


async def test_a_long_hand_goes_on_to_a_second_line_at_80x24() -> None:
    steps = ReplaySteps.from_text(dumps(play("draw", 2, people("Anabel", "Bernard"), seed=8).events))
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        # seed 8: a hand grows to 16 tiles, more than 80 columns hold on one line
        app.screen.go(max(range(steps.count), key=lambda k: max(len(h) for h in steps.at(k).hands)))
        await pilot.pause()
        match = app.screen.match
        longest = max(match.hands, key=len)
        assert len(longest) * 6 > 80
        text = "\n".join(screen_lines(app))
        assert all(f"[{t.low}-{t.high}]" in text for t in longest)


async def test_a_seat_called_you_leads_and_sees_in_the_plural() -> None:
    steps = ReplaySteps.from_text(dumps(play("draw", 2, people("You", "You"), seed=3).events))
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen._opening(screen.match) == "Round 1 is dealt; You lead."
        screen.action_view()  # the first seat's view
        await pilot.pause()
        assert "You see" in screen.status_text(screen.match).plain
        assert "You sees" not in screen.status_text(screen.match).plain


async def test_the_seats_of_a_four_player_match_are_cut_with_an_ellipsis_at_80x24() -> None:
    """Matches at different tables each show their seats, cut with an ellipsis where they
    must be (a log whose matches share their seats names them once, whole, above the list)."""
    seats = people("Anabel Lee", "Bernard Shaw", "Cleopatra", "Dominic Toretto")
    others = people("Anabel Lee", "Bernard Shaw", "Cleopatra", "Ben")
    text = "".join(dumps(play("draw", 4, seats if i == 0 else others, seed=50 + i).events) for i in range(2))
    chunks = list(split_matches(parse_lines(text)))
    matches = [replay(c) for c in chunks]
    app = RecordsApp(lambda: ReplayListScreen(chunks, matches, title="evening.jsonl"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = next(line for line in screen_lines(app) if "Anabel Lee," in line)
        assert "…" in row and len(row) <= 80, row
