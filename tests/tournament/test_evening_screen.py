"""The club evening in the hosted client, with keys: an organizer opens a tournament from
the lobby, enters it, starts it, is taken to their table, plays, and reads the standings."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from dominoes_tui import i18n
from dominoes_tui.net.host.guesses import Guesses
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire.answers import read_answer
from dominoes_tui.ui.choices import Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.evening import EveningScreen
from dominoes_tui.ui.screens.hosted.evening_form import OpenTournament
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.net.helpers import WAIT, Driven, autoplay, play_with_keys, until
from tests.ui.helpers import Notices


@pytest.fixture
async def server(tmp_path: Path):
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=30.0, organizers={"Ana"})
    srv.tournament_host.arrival = 30.0  # nobody's turns are played for them while they sit down
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def test_open_enter_start_play_and_read_the_standings(server: Server) -> None:
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"),
                    organizer_secret=server.tournament_host.organizer_secret)  # the host's own client
    ben = await Driven.connect(server.port, "Ben")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, EveningScreen), "the tournament screen")
        await until(pilot, lambda: "No tournament is open" in str(app.screen.query_one("#evening-body").render()),
                    "the screen to say no tournament is open")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, OpenTournament) and app.screen.query("#rounds"), "the form")
        # rounds 1, (players), target 5: a round or two, the evening is not about the match's length
        await pilot.press("1", "tab", "tab", "5", "enter")
        await until(pilot, lambda: app.evening.tournament is not None, "the tournament to open")
        assert app.evening.tournament["settings"]["rounds"] == 1 and app.evening.tournament["settings"]["target"] == 5
        await pilot.press("r")
        await until(pilot, lambda: app.evening.you.get("entered"), "Ana to be entered")
        await ben.conn.request({"type": "tournament_register"})
        await until(pilot, lambda: len(app.evening.tournament["entrants"]) == 2, "Ben to show up")
        await until(pilot, lambda: "Entered (2): Ana, Ben" in str(app.screen.query_one("#evening-body").render()), "both entered")
        assert "You are entered" in str(app.screen.query_one("#evening-body").render())
        mark = len(ben.pushed)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "Ana to be taken to her table")
        seat = app.evening.you["seat"]
        assert app.client is not None and app.client.code == seat["code"]
        seated = await ben.wait_for(lambda m: m.get("type") == "seated", since=mark)
        await ben.join(seated["code"], token=seated["token"])
        other = asyncio.create_task(autoplay(ben))
        await asyncio.wait_for(play_with_keys(pilot, app), 120)
        await asyncio.wait_for(other, WAIT)
        await pilot.press("n")  # back to the lobby
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
        await until(pilot, lambda: "The tournament is over: t shows the final standings"
                    in str(app.lobby.query_one("#lobby-info").render()), "the lobby to say the evening is over")
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, EveningScreen) and app.evening.tournament["state"] == "over",
                    "the final standings")
        await until(pilot, lambda: "The tournament is over" in str(app.screen.query_one("#evening-body").render()), "the end")
        assert "Standings" in str(app.screen.query_one("#evening-body").render())
        rows = {r["name"]: r["points"] for r in app.evening.tournament["standings"]}
        assert sorted(rows.values()) == [0, 1]
    await ben.close()


def test_the_match_end_leads_to_the_next_rounds_table_once_it_is_paired() -> None:
    app = RemoteApp("127.0.0.1", 11299, "Ana")
    assert app.after_match() == "Back to the lobby"  # no evening, or the next round not paired yet
    app.evening.you = {"entered": True, "seat": {"round": 2, "table": 1, "seat": 0, "code": "KXMP", "token": "t"}}
    assert app.after_match() == "To your next table"
    app.evening._taken.add("KXMP")  # already taken there (this is that table's match ending)
    assert app.after_match() == "Back to the lobby"


def test_the_lobby_says_where_the_evening_stands_for_this_person() -> None:
    follower = RemoteApp("127.0.0.1", 11299, "Ana").evening
    assert follower.lobby_line() == ""
    t = {"state": "registering", "round": 0, "settings": {"rounds": 3}}
    follower.tournament, follower.you = t, {"entered": False}
    assert follower.lobby_line() == "A tournament is open for registration: t, then r enters you."
    follower.you = {"entered": True}
    assert "you are entered" in follower.lobby_line()
    follower.tournament = {**t, "state": "playing", "round": 2}
    assert follower.lobby_line().startswith("Tournament round 2 of 3: you are taken to your table when the next")
    follower.tournament = {**t, "state": "playing", "round": 3}  # the last round: there is no next table
    assert follower.lobby_line().startswith("Tournament round 3 of 3, the last: the final standings come when")
    follower.tournament = {**t, "state": "playing", "round": 2}
    follower.you = {"entered": False}
    assert follower.lobby_line() == "Tournament round 2 of 3 is being played; t shows the standings."


async def test_back_in_the_lobby_its_evening_line_is_fresh(server: Server) -> None:
    """Tried as a new user: the evening ended while Ana sat at her table (pushes there go
    to the table); back in the lobby the state was asked for again, but the lobby still
    said round 3 was being played."""
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"),
                    organizer_secret=server.tournament_host.organizer_secret)  # the host's own client
    async with app.run_test(size=(80, 24)) as pilot:
        # the lobby is drawn once the server said who is online; nothing else is pushed after that
        await until(pilot, lambda: app.conn is not None and app.quick.online >= 1, "the lobby and its presence")
        await pilot.pause()
        over = {"state": "over", "round": 3, "settings": {"rounds": 3}}
        app.evening.on_push({"type": "tournament", "tournament": over, "you": {"entered": True}})  # as refresh() does
        await pilot.pause()
        assert "The tournament is over: t shows the final standings" in str(app.lobby.query_one("#lobby-info").render())


def test_after_the_evening_an_entrant_reads_that_they_played_not_that_they_are_entered() -> None:
    from dominoes_tui.ui.screens.hosted.evening import describe

    t = {"state": "over", "round": 3, "organizer": "Ana", "tables": [], "entrants": [], "standings": [],
         "settings": {"variant": "draw", "format": "swiss", "rounds": 3}}
    words = str(describe(t, {"entered": True}))
    assert "The tournament is over. You played in it." in words and "You are entered" not in words
    assert "You are entered" in str(describe({**t, "state": "playing"}, {"entered": True}))


async def open_evening(server: Server, rounds: int) -> tuple[Driven, Driven]:
    """Olga opens a Draw evening to 5 (a round or two) of `rounds` rounds; Ben is there to enter."""
    olga = await Driven.connect(server.port, "Olga")
    await olga.conn.request({"type": "tournament_organize", "secret": server.tournament_host.organizer_secret})
    await olga.conn.request({"type": "tournament_open", "settings": {
        "variant": "draw", "format": "swiss", "rounds": rounds, "players": None, "target": 5, "fill_bots": False,
        "bot_level": "random", "round_minutes": None}})
    return olga, await Driven.connect(server.port, "Ben")


async def enter_both(pilot: object, app: RemoteApp, ben: Driven) -> None:
    """Ana (the app, in the lobby) and Ben enter the evening."""
    await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
    await app.evening.ask("tournament_register")
    await ben.conn.request({"type": "tournament_register"})


async def test_the_next_round_paired_while_the_match_end_is_read_is_announced_there(server: Server) -> None:
    """Tried as a club evening: every player sat on the match-end screen reading "Back to
    the lobby (n)" while round 2 was paired (its pushes went to the finished table and
    were dropped) and the stand-ins played their round-2 tables for them."""
    olga, ben = await open_evening(server, 2)
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_both(pilot, app, ben)
        mark = len(ben.pushed)
        await olga.conn.request({"type": "tournament_start"})
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "Ana to be taken to her round-1 table")
        first = app.client.code
        seated = await ben.wait_for(lambda m: m.get("type") == "seated", since=mark)
        await ben.join(seated["code"], token=seated["token"])
        other = asyncio.create_task(autoplay(ben))
        await asyncio.wait_for(play_with_keys(pilot, app), 120)
        await asyncio.wait_for(other, WAIT)
        await until(pilot, lambda: app.evening.seat_waiting(), "Ana's client to hear of her round-2 seat")
        second = app.evening.you["seat"]["code"]
        assert second != first
        await until(pilot, lambda: "To your next table (n)" in str(app.screen.query_one("#new").label),
                    "the match-end screen to lead to the next table")
        # said on the match-end screen itself, where it hides nothing (a notice sat over its corner)
        await until(pilot, lambda: f"table {second}" in str(app.screen.query_one("#aside").render()), "the line")
        assert not any(f"table {second}" in str(n.message) for n in app._notifications)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.client is not None
                    and app.client.code == second, "Ana at her round-2 table")
    await ben.close()
    await olga.close()


async def test_a_seat_refused_for_a_while_is_kept_and_taken_once_the_wait_is_over(server: Server) -> None:
    """Tried as a club evening: the players' address waited after wrong table codes when a
    round was paired; the client dropped the seat's token, asked again without it ("the
    table has started") and never tried again, so a stand-in played the round for them."""
    olga, ben = await open_evening(server, 1)
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_both(pilot, app, ben)
        server.wrong_codes = Guesses(free=0, first_wait=3.0)
        server.wrong_codes.wrong("127.0.0.1")  # someone at Ana's address gave a wrong code: it waits 3 s
        await olga.conn.request({"type": "tournament_start"})
        await until(pilot, lambda: app.evening.you.get("seat") is not None, "Ana's seat")
        seat = app.evening.you["seat"]
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.client is not None
                    and app.client.code == seat["code"], "Ana at her table once the wait is over")
        assert app.session.seat == seat["seat"], "in her own seat, not watching"
    await ben.close()
    await olga.close()


async def test_a_seat_whose_match_is_over_is_not_asked_for(notices: Notices) -> None:
    """Back after a drop between the end of one's match and the next pairing, the evening
    still names that table's seat: asking for it costs the address a wrong table code."""
    app = RemoteApp("127.0.0.1", 1, "Ana")  # nobody listens there: the lobby says so
    asked: list[str] = []

    async def join(code: str, seat: int | None = None, token: str | None = None) -> None:
        asked.append(code)

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.join = join  # type: ignore[method-assign]
        tables = [{"table": 1, "code": "KXMP", "sides": [["Ana"], ["Ben"]], "scores": [20, 3]},
                  {"table": 2, "code": "QTPY", "sides": [["Cleo"], ["Dora"]], "scores": None}]
        settings = {"variant": "draw", "format": "swiss", "rounds": 2, "players": None, "target": 12,
                    "fill_bots": True, "bot_level": "medium", "round_minutes": None}
        t = {"state": "playing", "organizer": "Olga", "round": 1, "settings": settings, "tables": tables,
             "entrants": [], "standings": []}
        seat = {"round": 1, "table": 1, "seat": 0, "code": "KXMP", "token": "t"}
        # as the connection hands it on: read into its type (answers.py), not the dict sent
        pushed = read_answer(json.dumps({"type": "tournament", "tournament": t, "you": {"entered": True, "seat": seat}}
                                        ).encode() + b"\n")
        assert pushed is not None
        app.evening.on_push(pushed)
        await pilot.pause()
        assert asked == [] and not app.evening.seat_waiting()
        assert not notices.containing("KXMP"), "sent to a finished table's seat"


def test_the_evening_says_the_target_its_organizer_chose() -> None:
    from dominoes_tui.ui.screens.hosted.evening import describe

    t = {"state": "registering", "round": 0, "organizer": "Olga", "tables": [], "entrants": [], "standings": [],
         "settings": {"variant": "draw", "format": "swiss", "rounds": 2, "target": 20}}
    assert str(describe(t, {})).startswith("Draw to 20, Swiss, 2 rounds · opened by Olga")
    t["settings"]["target"] = None  # the variant's own
    assert str(describe(t, {})).startswith("Draw, Swiss, 2 rounds")


async def test_a_duel_evening_is_named_in_the_readers_language() -> None:
    """Tried in German at a club evening: the evening's line and the organizer's form said
    "Classic Duel" where every other screen says "Klassisches Duell"."""
    from dominoes_tui import i18n
    from dominoes_tui.ui.screens.hosted.evening import describe

    i18n.use("de")
    t = {"state": "registering", "round": 0, "organizer": "Olga", "tables": [], "entrants": [], "standings": [],
         "settings": {"variant": "duel", "format": "swiss", "rounds": 2, "target": None}}
    line = str(describe(t, {}))
    assert line.startswith("Klassisches Duell, Schweizer System, 2 Runden") and "Classic" not in line
    app = RemoteApp("127.0.0.1", 1, "Olga")  # nobody listens there: the ask goes nowhere
    async with app.run_test(size=(80, 24)) as pilot:
        await organizers_form(app, pilot)
        offered = [str(prompt) for prompt, _value in app.screen.query_one("#variant")._options]
        assert "Klassisches Duell" in offered and "Classic Duel" not in offered


async def test_a_big_evenings_standings_are_all_there_and_scroll_with_keys() -> None:
    """Tried as a club host: with 30 people the standings stopped at 20 (the last ten never
    saw their place) and the screen could not be scrolled from the keyboard."""
    from dominoes_tui.ui.screens.hosted.evening import EveningScreen

    names = [f"Player {i:02}" for i in range(1, 31)]
    standings = [{"rank": i + 1, "name": n, "shown": "0", "opponents_score": 0, "difference": 0, "withdrawn": False}
                 for i, n in enumerate(names)]
    t = {"state": "playing", "round": 1, "organizer": "Olga", "entrants": [], "byes": [], "standings": standings,
         "tables": [{"table": i + 1, "sides": [[names[2 * i]], [names[2 * i + 1]]], "scores": None} for i in range(15)],
         "settings": {"variant": "draw", "format": "swiss", "rounds": 3, "target": None}}
    app = RemoteApp("127.0.0.1", 1, "Ana")  # nobody listens there: the lobby says so
    async with app.run_test(size=(80, 24)) as pilot:
        app.evening.tournament, app.evening.you = t, {"entered": True}
        await app.push_screen(EveningScreen(app.evening))
        await pilot.pause()
        assert " 30. Player 30" in str(app.screen.query_one("#evening-body").render())  # the last place
        await pilot.press("end")
        await pilot.pause()
        scroll = app.screen.query_one("#evening-scroll")
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y


async def test_a_seat_at_the_table_one_sits_at_is_not_announced_as_the_next() -> None:
    app = RemoteApp("127.0.0.1", 1, "Ana")  # nobody listens there: the lobby says so
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
        app.session.table_code = "KXMP"  # sat down at the evening's table by hand, from the lobby
        app.evening.on_push({"type": "seated", "round": 1, "table": 1, "seat": 0, "code": "KXMP", "token": "t"})
        assert said == [] and not app.evening.seat_waiting()
        app.evening.on_push({"type": "seated", "round": 2, "table": 1, "seat": 0, "code": "QTPY", "token": "u"})
        # at a table, the next seat is said by the summaries to come, not by a notice over them
        assert said == [] and "table QTPY" in app.evening.aside()
        app.session.table_code = None  # (so that the app does not try to leave a table at the end)


async def test_a_refused_tournament_form_comes_back_as_it_was_typed() -> None:
    """Tried as an organizer: tables of 4 in a Swiss evening was refused (rightly), and `o`
    brought back a blank form: every field had to be typed again."""
    app = RemoteApp("127.0.0.1", 1, "Olga")  # nobody listens there: the ask goes nowhere, as a refusal
    async with app.run_test(size=(80, 24)) as pilot:
        await organizers_form(app, pilot)
        await pilot.press("2", "tab", "4", "tab", "2", "0", "enter")  # rounds 2, tables of 4, target 20
        await until(pilot, lambda: isinstance(app.screen, EveningScreen), "the evening screen again")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, OpenTournament) and app.screen.query("#rounds"), "the form again")
        form = app.screen
        assert [form.query_one(f"#{i}").value for i in ("rounds", "players", "target", "clock")] == ["2", "4", "20", ""]
        assert form.settings()["rounds"] == 2 and form.settings()["target"] == 20


async def test_a_bye_is_said_once_on_whatever_screen_is_up() -> None:
    """A bye has no table to be taken to: without a word, someone reading the last match's
    end waits for a seat that never comes."""
    app = RemoteApp("127.0.0.1", 1, "Ana")  # nobody listens there: the lobby says so
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
        push = {"type": "tournament", "tournament": None, "you": {"entered": True, "seat": None, "bye": 2}}
        app.evening.on_push(push)
        app.evening.on_push(push)  # the next push of the same round says nothing new
        assert len(said) == 1 and "Round 2" in said[0] and "bye" in said[0]


async def organizers_form(app: RemoteApp, pilot: object) -> None:
    """The evening screen as its organizer sees it, and `o`: the form to open an evening."""
    await pilot.pause()  # type: ignore[attr-defined]
    app.evening.you = {"organizer": True}
    await app.push_screen(EveningScreen(app.evening))
    await pilot.press("o")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, OpenTournament) and app.screen.query("#variant")
                and app.screen.query("#rounds"), "the form")


async def test_the_organizer_is_told_in_german_why_an_empty_evening_does_not_start(server: Server) -> None:
    i18n.use("de")
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"),
                    organizer_secret=server.tournament_host.organizer_secret)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
        for _ in range(100):  # the client shows its organizer secret just after connecting
            await app.evening.refresh()
            if app.evening.you.get("organizer"):
                break
            await pilot.pause(0.05)
        await app.evening.ask("tournament_open", settings={"variant": "draw", "format": "swiss", "rounds": 1})
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, EveningScreen), "the tournament screen")
        await pilot.press("s")
        await until(pilot, lambda: any("noch niemand hat sich angemeldet" in str(n.message) for n in app._notifications),
                    "the refusal in German")
        assert app.evening.tournament["state"] == "registering" and not isinstance(app.screen, TableScreen)


def _last_round(players: int) -> tuple[object, object, tuple[object, ...]]:
    from dominoes_tui.engine import make_config
    from dominoes_tui.table.client import RoundReport, SeatInfo

    hands = tuple(() for _ in range(players))
    report = RoundReport(round=3, result="domino", winner=0, points=20, terms=(), hands=hands, went_out=0, blocker=None,
                         capicu=False, play_points=(0,) * players, scores=(20,) + (5,) * (players - 1), match_over=True,
                         match_winner=0, match_loser=None)
    seats = tuple(SeatInfo(n, "human" if i < 2 else "bot", None if i < 2 else "random")
                  for i, n in enumerate(["Ana", "Ben", "Bot 1", "Bot 2"][:players]))
    return report, make_config("draw", players, 20), seats


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_next_round_paired_while_the_last_summary_is_read_covers_none_of_it(size: tuple[int, int]) -> None:
    """Tried at a club evening at 80×24: "Round 2 is paired" came as a notice over the
    round summary's corner while Ana read it. It is said in the summary now, and again
    on the match-end screen after it; nothing lies over either."""
    from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen

    from ..ui.helpers import screen_lines

    app = RemoteApp("127.0.0.1", 1, "Ana")  # nobody listens there: the evening's pushes are given by hand
    async with app.run_test(size=size) as pilot:
        app.session.table_code = "KXMP"  # Ana's round-1 table, its match just over
        report, config, seats = _last_round(4)
        app.push_screen(RoundSummaryScreen(report, config, seats),  # as the table screen does
                        lambda _: app.push_screen(MatchEndScreen(report, config, seats, app.after_match())))
        await until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen), "the summary")
        before = screen_lines(app)
        app.evening.on_push({"type": "seated", "round": 2, "table": 1, "seat": 0, "code": "QWRT", "token": "t"})
        await pilot.pause(0.2)
        said = "Round 2 is paired: your seat is at table QWRT; n at the end of this match takes you there."
        assert not list(app._notifications)
        after = screen_lines(app)
        assert " ".join(" ".join(after).split()).count("Round 2 is paired") == 1
        for line in before:  # every line of the summary is still there, whole
            if line.strip():
                assert any(line.strip().strip("│╭╮╰╯─") in other for other in after), (line, after)
        assert said.split(";")[0] in " ".join(after)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchEndScreen), "the match end")
        await pilot.pause(0.1)
        text = " ".join(" ".join(screen_lines(app)).split())
        assert said in " ".join(str(app.screen.query_one("#aside").render()).split())
        assert "To your next table (n)" in text and not list(app._notifications)
