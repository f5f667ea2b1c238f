"""The replay viewer's analysis (issue 28) as a person meets it: `a` analyses in the
background, the moves get their marks, n and p step to the mistakes, a kept analysis
shows at once, a damaged one is set aside in words, and the match-end screen's `a`."""
from __future__ import annotations

import json
import threading

from dominoes_tui.bots.analysis import MatchAnalysis, MoveJudgement, SeatReport, Verdict
from dominoes_tui.engine import dumps
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay import replay_analysis
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_moves import MovesList
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.records.helpers import people, play
from tests.ui.helpers import wait_for
from tests.ui.screens.replay.helpers import Shelf, made_up, marks, the_steps

from ...helpers import screen_lines


async def test_a_analyses_in_the_background_and_marks_the_moves(monkeypatch) -> None:
    steps = the_steps()
    release = threading.Event()
    seen: list[tuple[int, int]] = []

    def analyse(steps_, progress, cancel):
        progress(0, 4)
        seen.append((0, 4))
        assert release.wait(10)  # the viewer is used meanwhile
        progress(4, 4)
        return made_up(steps_)

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    shelf = Shelf()
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=shelf))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "a Analyse" in screen_lines(app)[-1]
        await pilot.press("a")
        await wait_for(pilot, lambda: seen)
        await pilot.pause()
        assert screen.query_one("#progress").display and "Analysing" in "\n".join(screen_lines(app))
        await pilot.press("right", "right")  # stepping goes on while it works
        assert screen.step == 2
        release.set()
        await wait_for(pilot, lambda: screen.analysis is not None)
        await pilot.pause()
        assert not screen.query_one("#progress").display
        assert marks(screen) == {3: "??", 6: "?!", 10: "?"}
        assert shelf.stored == [made_up(steps).to_json(full=True)]  # kept in the records, as it reads back
        assert "Mistake" in screen_lines(app)[-1] and "a Analyse" not in screen_lines(app)[-1]


async def test_n_and_p_step_to_the_blunders_and_mistakes(monkeypatch) -> None:
    steps = the_steps()
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=Shelf(json.dumps(made_up(steps).to_json(full=True)))))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.analysis is not None)
        visits = []
        for key in ("n", "n", "n", "p", "p"):
            await pilot.press(key)
            visits.append(steps.ply_of(screen.step))
        assert visits == [3, 10, 3, 10, 3]  # the inaccuracy (6) and the best move (15) are passed by; round and round
        said = "\n".join(screen_lines(app))
        assert "??" in said and "blunder" in said and "best: 6-6 right" in said
        assert "Win chance ≈ 62% → ≈ 31%" in said


async def test_a_kept_analysis_shows_at_once_with_no_search(monkeypatch, tmp_path) -> None:
    from dominoes_tui.records import Records, match_key, summarize
    from dominoes_tui.records.analyses import keep_analysis
    from dominoes_tui.records.source import LocalSource

    def analyse(*_args):
        raise AssertionError("no search for a match analysed before")

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    match = play("draw", 2, people("Ana", "Ben"), seed=1)
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    steps = ReplaySteps.from_text(dumps(match.events))
    with Records.open(url) as records:
        records.record(summarize(match))
        assert keep_analysis(records, match_key(match.events), made_up(steps).to_json(full=True), 4)
    source = LocalSource(tmp_path, url)
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=replay_analysis.LocalShelf(source), analyse=True))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await wait_for(pilot, lambda: screen.analysis is not None, tries=100)
            assert marks(screen) == {3: "??", 6: "?!", 10: "?"}
    finally:
        source.close()


async def test_a_damaged_analysis_is_said_and_made_again(monkeypatch) -> None:
    steps = the_steps()
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel: made_up(steps_))
    shelf = Shelf('{"match": 1, "seats": [{"seat": "Ana"}]')
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=shelf))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.analysis is not None)
        assert any("could not be read" in str(n.message) for n in app._notifications)
        assert shelf.stored  # the new one replaces it


async def test_leaving_the_viewer_stops_the_analysis(monkeypatch) -> None:
    steps = the_steps()
    stopped = threading.Event()

    def analyse(steps_, progress, cancel):
        from dominoes_tui.bots.analysis import Cancelled

        if cancel.wait(10):
            stopped.set()
            raise Cancelled
        raise AssertionError("never asked to stop")

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("escape")
        await wait_for(pilot, stopped.is_set)


async def test_the_real_analysis_on_few_guesses_marks_the_judged_moves(monkeypatch) -> None:
    monkeypatch.setattr(replay_analysis, "GUESSES", 2)
    monkeypatch.setattr(replay_analysis, "JOBS", 1)
    steps = ReplaySteps.from_text(dumps(play("draw", 2, people("Ana", "Ben"), seed=1, stop_after=30).events))
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("a")
        await wait_for(pilot, lambda: screen.analysis is not None, tries=3000)
        analysis = screen.analysis
        assert analysis.moves and all(0 <= m.ply < len(steps.play_steps) for m in analysis.moves)
        bad = {m.ply: m for m in analysis.moves if str(m.verdict) in ("inaccuracy", "mistake", "blunder")}
        assert set(marks(screen)) == set(bad)


async def test_the_match_end_screen_opens_the_match_analysed(monkeypatch) -> None:
    from dominoes_tui.ui.screens.table.summary import MatchEndScreen

    from ...helpers import make_app, play_through

    asked = []

    def analyse(steps_, progress, cancel):
        asked.append(steps_)
        event = steps_.event_at(steps_.step_of(0))
        judged = MoveJudgement(round=1, seat=event["seat"], ply=0, played=event["tile"], best="6-6", loss=0.4,
                               choices=2, verdict=Verdict.BLUNDER, before=0.7, after=0.3, options=(("6-6", 0.7),))
        return MatchAnalysis(1, (SeatReport.of(0, "Ana", [judged]),), (judged,), 4)

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    app = make_app("draw", players=2, target=1, seed=3)  # one round: the test is about the end, not the length
    async with app.run_test(size=(80, 24)) as pilot:
        await play_through(app, pilot)
        end = app.screen
        assert isinstance(end, MatchEndScreen) and "a Analyse" in screen_lines(app)[-1]
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.analysis is not None)
        viewer = app.screen
        assert asked and asked[0].whole.is_over  # the whole match just played
        assert marks(viewer) == {0: "??"}
        await pilot.press("n")
        assert "blunder" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is end)


async def test_a_click_on_a_move_in_the_list_goes_to_it() -> None:
    steps = the_steps()
    app = RecordsApp(lambda: ReplayScreen(steps))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(12):  # quick steps: the list's cursor follows, the viewer is not pulled back
            await pilot.press("right")
        await pilot.pause()
        assert screen.step == 12
        await pilot.press("g")  # the move list in the table's place
        await pilot.pause()
        table = screen.query_one(MovesList)
        await pilot.click(MovesList, offset=(5, table.cursor_row - table.scroll_offset.y + 2))
        await pilot.pause()
        assert steps.ply_of(screen.step) == table.cursor_row
        assert screen.step != 12


async def test_the_keyboards_seat_is_called_as_the_language_says_it() -> None:
    """The log keeps the person at the keyboard as You in any language; a German reader
    of the replay and its analysis meets Du, as at the table, never the English word."""
    from dominoes_tui import i18n

    steps = ReplaySteps.from_text(dumps(play("draw", 2, people("You", "Ben"), seed=1).events))
    analysis = made_up(steps)
    seats = tuple(SeatReport.of(s, n, analysis.moves) for s, n in enumerate(("You", "Ben")))
    kept = json.dumps(MatchAnalysis(1, seats, analysis.moves, 4).to_json(full=True))
    i18n.use("de")
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=Shelf(kept)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.analysis is not None)
        await pilot.pause()
        first = "\n".join(screen_lines(app))
        assert "Genauigkeit: Du " in first and "Ausspieler: Du." in first
        await pilot.press("n")
        said = first + "\n".join(screen_lines(app))
        assert "You" not in said and "Du" in said


async def test_a_hosted_session_analyses_one_match_at_a_time(monkeypatch) -> None:
    """On a server `a` runs the server's analysis; a second viewer's `a` (and `a` again)
    waits, said in words, until the first has ended: never two at once in a session."""
    steps = the_steps()
    release = threading.Event()
    running, most, calls = [0], [0], []

    def analyse(steps_, progress, cancel, hosted=False):
        calls.append(hosted)
        running[0] += 1
        most[0] = max(most[0], running[0])
        try:
            progress(0, 4)
            assert release.wait(10)
            return made_up(steps_)
        finally:
            running[0] -= 1

    monkeypatch.setattr(replay_analysis, "analyse", analyse)
    app = RecordsApp(lambda: ReplayScreen(steps))
    app.invite = "ssh -t -p 2222 club.example"  # as the SSH gateway starts a session
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.screen
        await pilot.press("a", "a", "a")
        await wait_for(pilot, lambda: calls)
        second = ReplayScreen(steps)
        await app.push_screen(second)
        await pilot.pause()
        await pilot.press("a", "a")
        await wait_for(pilot, lambda: "After your other analysis…" in "\n".join(screen_lines(app)))
        assert any("One analysis at a time" in str(n.message) for n in app._notifications)
        assert calls == [True]  # the first only, as a server runs it
        release.set()
        await wait_for(pilot, lambda: second.analysis is not None and first.analysis is not None)
        assert calls == [True, True] and most[0] == 1
