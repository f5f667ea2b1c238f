"""Words that fit their line at 80 columns instead of running past its edge, and
notices that say what a key did when it did something unexpected: the replay viewer's
other moves, the hint with its numbers (no notice over the table beside it), n and p
going round the mistakes."""
from __future__ import annotations

import json

from rich.console import Console
from rich.text import Text

from dominoes_tui import i18n
from dominoes_tui.bots.analysis import MatchAnalysis, MoveJudgement, SeatReport, Verdict, Weighing
from dominoes_tui.engine import Move, parse_tile
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_words import judged_line
from dominoes_tui.ui.screens.table.hints import HINT_ROWS, weighed_line
from tests.ui.helpers import Notices, _view, wait_for
from tests.ui.screens.replay.helpers import Shelf, the_steps

OPTIONS = (("6-6 right", 0.62), ("1-3 right", 0.39), ("0-3 left", 0.31), ("2-3 left", 0.2), ("3-4 right", 0.18),
           ("3-5 left", 0.11), ("1-1 right", 0.08))


def test_the_viewers_other_moves_stop_where_the_line_does() -> None:
    i18n.use("de")
    judged = MoveJudgement(round=1, seat=0, ply=3, played="0-3 left", best="6-6 right", loss=0.3, choices=7,
                           verdict=Verdict.BLUNDER, before=0.62, after=0.31, options=OPTIONS)
    second = judged_line(judged, "Ana", 78).plain.splitlines()[1]
    assert len(second) <= 78, second
    assert second.endswith(" weitere") and "1-3 rechts ≈ 39 %" in second, second
    whole = judged_line(judged, "Ana").plain.splitlines()[1]  # room enough: every move
    assert "1-1 rechts ≈ 8 %" in whole and "weitere" not in whole


def test_the_hint_keeps_its_reason_and_lists_what_fits_three_rows() -> None:
    i18n.use("de")
    view = _view("draw", [("3-3", None)], ("3-5", "1-3", "0-3", "2-3", "3-4", "3-6", "1-1"),
                 [Move(parse_tile(t), e) for t in ("3-5", "1-3", "0-3", "2-3", "3-4", "3-6") for e in ("left", "right")])
    chances = [(m, 0.7 - i * 0.05) for i, m in enumerate(view.legal)]
    rows = []

    def fits(said: str) -> bool:
        rows.append(len(Text(said).wrap(Console(width=78), 78)))
        return rows[-1] <= HINT_ROWS

    said = weighed_line(view, Weighing(chances, False), fits)
    assert rows[-1] <= HINT_ROWS and said.startswith("Tipp: ") and ": " in said
    assert "weitere" in said  # twelve moves do not fit: the last ones are counted, not cut


async def test_n_and_p_say_when_they_go_round(notices: Notices) -> None:
    from .helpers import screen_lines

    steps = the_steps()
    analysis = made_up_once(steps)
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=Shelf(json.dumps(analysis.to_json(full=True)))))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.analysis is not None)
        await pilot.press("n")
        assert steps.ply_of(screen.step) == 3
        await pilot.press("n")
        await pilot.pause(0.1)
        assert steps.ply_of(screen.step) == 3
        status = screen_lines(app)[0]
        assert "only mistake" in status and not notices.shown, status  # said where no notice covers the plot
        await pilot.press("right")
        assert "only mistake" not in screen_lines(app)[0]  # until the next step


def made_up_once(steps) -> MatchAnalysis:
    """One blunder in the match (ply 3): n on it has nowhere else to go."""
    event = steps.event_at(steps.step_of(3))
    played = f"{event['tile']} {event['end']}" if event["end"] else event["tile"]
    move = MoveJudgement(round=1, seat=event["seat"], ply=3, played=played, best="6-6 right", loss=0.3, choices=3,
                         verdict=Verdict.BLUNDER, before=0.62, after=0.31,
                         options=(("6-6 right", 0.62), (played, 0.31), ("0-0 left", 0.2)))
    seats = tuple(SeatReport.of(s, n, [move]) for s, n in enumerate(("Ana", "Ben")))
    return MatchAnalysis(1, seats, (move,), 4)


async def test_at_80x24_the_hint_is_on_the_prompt_and_no_notice_covers_the_table(monkeypatch, notices: Notices) -> None:
    from dominoes_tui.ui.screens.table import hints
    from tests.ui.helpers import my_turn

    from .helpers import make_app

    monkeypatch.setattr(hints, "THINK_MS", 200)
    i18n.use("de")
    app = make_app("draw", players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        await pilot.press("h")
        await wait_for(pilot, lambda: "≈" in screen.hint_text)
        await pilot.pause(0.1)
        assert not notices.shown  # the reason stays on the prompt, under the table
        prompt = screen.query_one("#prompt")
        assert prompt.size.height <= HINT_ROWS and ": " in screen.hint_text


async def test_the_records_say_where_the_match_went_on_its_end_screen_not_over_the_summary(notices: Notices) -> None:
    from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen

    from .helpers import make_app, press, screen_lines, settle

    i18n.use("de")
    app = make_app("draw", seats="Ana,random", target=1, seed=5)
    app.practice = False
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(app, pilot)
            if isinstance(app.screen, RoundSummaryScreen):
                break
            await press(pilot, "enter")
        await pilot.pause(0.5)  # the recording is done by now
        assert not notices.shown  # nothing over the last round's summary
        await press(pilot, "enter")
        assert isinstance(app.screen, MatchEndScreen)
        await pilot.pause(0.1)
        assert any("Vereinsarchiv" in line for line in screen_lines(app)), screen_lines(app)


def test_the_lobby_counts_the_people_it_has_no_room_to_name() -> None:
    from dominoes_tui.net.wire.server_parts import SeatPublic
    from dominoes_tui.ui.screens.hosted.lobby import seats_in_brief

    seats = [SeatPublic(seat=0, kind="human", taken=True, name="Anke", connected=True),
             SeatPublic(seat=1, kind="human", taken=True, name="Ben", connected=False),
             SeatPublic(seat=2, kind="human", taken=True, name="Cleo", connected=True),
             SeatPublic(seat=3, kind="bot", taken=True, name="Bot 4", level="easy")]
    assert seats_in_brief(seats) == "Anke, Ben (away), Cleo, 1 bot"
    assert seats_in_brief(seats, 26) == "Anke, 2 more people, 1 bot"
    assert all(len(seats_in_brief(seats, room)) <= room for room in range(20, 40))


def test_a_full_table_whose_names_do_not_fit_counts_its_people_not_more_people() -> None:
    """Tried at a club evening at 80 columns: a table of two with a long name and one away
    read "2 more people", as if it still waited for two."""
    from dominoes_tui.net.wire.server_parts import SeatPublic
    from dominoes_tui.ui.screens.hosted.lobby import seats_in_brief

    seats = [SeatPublic(seat=0, kind="human", taken=True, name="Guest", connected=False),
             SeatPublic(seat=1, kind="human", taken=True, name="[bold]Ana[/]", connected=True)]
    assert seats_in_brief(seats, 22) == "2 people"
    assert seats_in_brief(seats[:1], 8) == "1 person"


async def test_a_simulate_logs_list_names_its_seats_once_whole() -> None:
    from dominoes_tui.engine import dumps
    from dominoes_tui.engine.gamelog import parse_lines, replay, split_matches
    from dominoes_tui.ui.screens.replay.replay_list import ReplayListScreen
    from tests.records.helpers import people, play

    from .helpers import screen_lines

    names = ("hard 1", "easy 2", "heaviest 3", "easy 4")
    text = "".join(dumps(play("partner", 4, people(*names), seed=40 + i).events) for i in range(3))
    chunks = list(split_matches(parse_lines(text)))
    i18n.use("de")
    app = RecordsApp(lambda: ReplayListScreen(chunks, [replay(c) for c in chunks], title="sim.jsonl"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        lines = screen_lines(app)
        assert any("Plätze: hard 1, easy 2, heaviest 3, easy 4" in line for line in lines), lines
        assert not any("…" in line for line in lines), lines


def test_the_records_word_before_the_end_screen_is_drawn_waits_for_it() -> None:
    """The recording may finish between the end screen's push and its first paint: its
    word then waits for the screen's mount (it crashed the app with NoMatches)."""
    from dominoes_tui.engine import make_config
    from dominoes_tui.table.client import RoundReport, SeatInfo
    from dominoes_tui.ui.screens.table.summary import MatchEndScreen

    report = RoundReport(round=1, result="domino", winner=0, points=10, terms=(), hands=((), ()), went_out=0,
                         blocker=None, capicu=False, play_points=(0, 0), scores=(10, 0), match_over=True, match_winner=0,
                         match_loser=None)
    screen = MatchEndScreen(report, make_config("draw", 2, 10), (SeatInfo("Ana", "human"), SeatInfo("Bot 2", "bot", "easy")))
    screen.show_records("Die Partie steht im Vereinsarchiv (gewertet).", True)  # not composed yet: no error
