"""The Textual client against a real server on loopback: the lobby, a hosted match
played with keys, watching, and a dropped connection taken back with the token."""
from __future__ import annotations

import asyncio
import subprocess
import sys
from typing import Any

import pytest
from textual.widgets import Button

from dominoes_tui.net.client import session
from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.client.remote_table import RemoteTable
from dominoes_tui.net.server.server import Server
from dominoes_tui.ui.choices import Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.render import END_KEYS
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from tests.net.helpers import autoplay, play_with_keys, until

from ..ui.helpers import Notices, screen_lines
from .helpers import WAIT, Driven

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}]


@pytest.fixture(autouse=True)
def told(notices: Notices, monkeypatch: pytest.MonkeyPatch) -> Notices:
    """The notices of every test here, for `until` to say what the person was told when a
    wait fails. And the app's requests are as patient as the test's own waits (WAIT, not
    the client's 10 s): the server runs in this test's process and loop, and on a busy
    machine it answered the creator's table after 10 s, so the app said "No answer from
    the server" and the waiting room never came; no test here is about that timeout."""
    monkeypatch.setattr(Connection.request, "__defaults__", (WAIT,))
    return notices


@pytest.fixture
def fast_reconnect(monkeypatch):
    monkeypatch.setattr(session, "RECONNECT_PAUSE", 0.05)


async def test_lobby_join_play_a_hosted_match(server: Server) -> None:
    ben = await Driven.connect(server.port, "Ben")
    made = await ben.create(variant="draw", players=4, target=10, seats=SEATS)  # a round or two
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = app.lobby
        await until(pilot, lambda: lobby.tables, "the lobby to list the table")
        assert isinstance(app.screen, LobbyScreen)
        assert lobby.tables[0]["code"] == made["code"] and lobby.tables[0]["free"] == [1]
        await pilot.press("enter")  # join the table under the cursor: its one free seat
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
        client = app.client
        assert isinstance(client, RemoteTable) and client.my_seat == 1
        assert client.human_seats == [1]
        other = asyncio.create_task(autoplay(ben))
        moves = await asyncio.wait_for(play_with_keys(pilot, app), 120)
        assert moves > 0
        report = client.last_round()
        assert report is not None and report.match_over
        assert [s.name for s in client.seats][:2] == ["Ben", "Ana"]
        await asyncio.wait_for(other, WAIT)
        # a hosted match ends back in the lobby, and the screen says so (not "New match")
        end = app.screen
        assert str(end.query_one("#new", Button).label) == "Back to the lobby (n)"
        assert [b.description for b in end._bindings.key_to_bindings["n"]] == ["Back to the lobby"]
        # only keys that do something here: the server keeps a hosted match, so `a` (its
        # analysis, which needs the whole log) is not offered; r, the records, is
        await until(pilot, lambda: "Records" in screen_lines(app)[-1], "the footer")
        assert "Analyse" not in screen_lines(app)[-1] and end.check_action("analyse", ()) is False
        assert "Learn" not in screen_lines(app)[-1] and end.check_action("learn", ()) is False
        await pilot.press("a")
        await pilot.pause(0.1)
        assert app.screen is end and not Notices.active.containing("club records")  # type: ignore[union-attr]
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
    await ben.close()


async def test_watch_a_table_from_the_lobby(server: Server) -> None:
    owner = await Driven.connect(server.port, "Owner")
    # Block to 30 is two rounds or more (5 on average) and the table waits twice its bot
    # delay between rounds: 30 ms, long enough for the spectator to see most summaries
    made = await owner.create(variant="block", players=2, target=30, seats=[{"kind": "bot"}, {"kind": "bot"}],
                              sit=None, bot_delay=0.015)
    app = RemoteApp("127.0.0.1", server.port, "Wes", code=made["code"], watch=True)
    summaries: set[int] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.pending is not None or isinstance(app.screen, TableScreen), "watching")
        await owner.conn.request({"type": "start", "code": made["code"]})
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
        client = app.client
        assert isinstance(client, RemoteTable) and client.watching and client.human_seats == []
        for _ in range(int(60 / 0.02)):
            if isinstance(app.screen, MatchEndScreen):
                break
            view = client.view(0)
            assert view.hand == ()  # a spectator holds no hand
            if isinstance(app.screen, RoundSummaryScreen):
                report = app.screen.report
                summaries.add(report.round)
                assert sum(len(h) for h in report.hands) > 0  # the hands are shown once the round is over
                if report.match_over:
                    await pilot.press("enter")  # a spectator too chooses when to see who won
                # otherwise the summary closes by itself once the table deals on
            await pilot.pause(0.02)
        assert isinstance(app.screen, MatchEndScreen)
        assert len(summaries) >= 2  # more than the last round's summary was shown and followed
    await owner.close()


@pytest.fixture
async def patient_server(tmp_path):
    """Stand-ins wait a minute before they play for someone who dropped: the match must not
    run to its end (bots and Ben are instant) before Ana is back."""
    srv = Server(tmp_path / "patient", bot_delay=0.0, default_level="random", standin_delay=60.0)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


async def test_dropped_connection_takes_the_seat_back(patient_server: Server, fast_reconnect) -> None:
    server = patient_server
    ben = await Driven.connect(server.port, "Ben")
    made = await ben.create(variant="draw", players=4, target=10, seats=SEATS)  # a round or two
    app = RemoteApp("127.0.0.1", server.port, "Ana", code=made["code"])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
        first = app.client
        other = asyncio.create_task(autoplay(ben))
        dropped: dict[str, Any] = {}

        async def drop_once(step: int, moves: int) -> bool:
            if dropped or moves < 2:
                return False
            table = server.tables[made["code"]]
            slot = table.slots[1]
            assert slot.conn is not None
            dropped["token"] = slot.token
            slot.conn.abort()  # the network goes away under Ana's feet
            await until(pilot, lambda: app.client is not None and app.client is not first, "the seat back")
            assert isinstance(app.client, RemoteTable) and app.client.my_seat == 1
            assert table.slots[1].token == dropped["token"] and table.slots[1].conn is not None
            return True

        await asyncio.wait_for(play_with_keys(pilot, app, drop_once), 120)
        assert dropped
        await asyncio.wait_for(other, WAIT)
    await ben.close()


async def test_make_a_table_in_the_lobby_and_play_it(server: Server) -> None:
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        from dominoes_tui.table.client import SeatInfo
        from dominoes_tui.ui.choices import MatchSettings

        app.settings = MatchSettings("draw", 2, [SeatInfo("You", "human"), SeatInfo("Bot 1", "bot", "random")], 5)
        await pilot.press("c")  # the same settings screen as local play: you and a bot
        await until(pilot, lambda: type(app.screen).__name__ == "NewTableScreen", "the new table's form")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table (every person's seat is taken)")
        code = app.client.code
        assert [s.kind for s in server.tables[code].slots] == ["human", "bot"]
        assert await asyncio.wait_for(play_with_keys(pilot, app), 120) > 0


async def test_waiting_room_creator_starts_with_bots_in_free_seats(server: Server) -> None:
    from dominoes_tui.table.client import SeatInfo
    from dominoes_tui.ui.choices import MatchSettings

    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        seats = [SeatInfo("You", "human"), SeatInfo("Open", "human"), SeatInfo("Bot", "bot", "random")]
        settings = MatchSettings("block", 3, seats, 5)
        await app.create(settings)
        await until(pilot, lambda: app.lobby.waiting is not None, "the waiting room")
        assert app.creator and app.lobby.check_action("start", ()) is True
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = server.tables[app.client.code]
        assert [s.kind for s in table.slots] == ["human", "bot", "bot"]  # the free person's seat went to a bot
        assert await asyncio.wait_for(play_with_keys(pilot, app), 120) > 0, "Ana played her own seat with keys"
        assert table.match is not None and table.match.is_over


async def test_join_by_code_after_the_start_watches_instead(server: Server) -> None:
    owner = await Driven.connect(server.port, "Owner")
    made = await owner.create(variant="block", players=2, target=15, seats=[{"kind": "human"}, {"kind": "bot"}], bot_delay=0.2)
    assert made["table"]["started"] is True  # its one person's seat was taken by the owner
    app = RemoteApp("127.0.0.1", server.port, "Late", code=made["code"])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
        assert isinstance(app.client, RemoteTable) and app.client.watching
    await owner.close()


async def test_the_turn_clock_at_work_in_the_app(tmp_path, notices: Notices) -> None:
    """A person who does not move: the server's bot plays the turn, the screen moves on
    by itself and the person is told why."""
    from dominoes_tui.net.host.limits import Limits
    from dominoes_tui.table.client import SeatInfo
    from dominoes_tui.ui.choices import MatchSettings

    srv = Server(tmp_path / "clock", bot_delay=0.0, default_level="random", limits=Limits(turn_time=1.0))
    await srv.start("127.0.0.1", 0)
    try:
        app = RemoteApp("127.0.0.1", srv.port, "Ana", prefs=Prefs(speed="instant"))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.conn is not None, "the connection")
            await app.create(MatchSettings("block", 2, [SeatInfo("You", "human"), SeatInfo("Bot", "bot", "random")], 50))
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            # the table's own word that a bot played Ana's turn (a round's history starts
            # afresh, so looking for her move there missed it when a round ended meanwhile)
            await until(pilot, lambda: any("ran out of time" in n for n in app.client.notes), "a move made for Ana")
            await until(pilot, lambda: notices.containing("ran out of time"), "the notice")
            await pilot.pause(0.3)
            shown = notices.containing("ran out of time")
            told = [n for n in app.client.notes if "ran out of time" in n]
            assert len(shown) == len(told), "each notice is toasted once, not by the app and again by the table screen"
    finally:
        await srv.close()


async def test_the_seats_panel_shows_someone_dropping_without_waiting_for_a_move(patient_server: Server) -> None:
    """Tried as a new user in a tournament: a person who had just sat down still showed as
    'away' to the other until a move was made (only a state redrew the seats)."""
    server = patient_server
    ben = await Driven.connect(server.port, "Ben")
    made = await ben.create(variant="draw", players=2, target=100, seats=[{"kind": "human"}, {"kind": "human"}])
    app = RemoteApp("127.0.0.1", server.port, "Ana", code=made["code"])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.query("#seats"), "the table screen")
        panel = app.screen.query_one("#seats")

        def ben_row() -> str:
            return next((line for line in str(panel.render()).splitlines() if "Ben" in line), "")

        await until(pilot, lambda: "person" in ben_row(), "Ben shown at the table")
        seq = app.client.seq
        server.tables[made["code"]].slots[0].conn.abort()  # Ben's network goes away
        await until(pilot, lambda: "away" in ben_row(), "Ben shown away")
        assert app.client.seq == seq, "no state came: the seats message alone redrew the panel"
    await ben.close()


async def test_a_private_table_from_the_lobby_and_a_friend_with_its_invite(server: Server) -> None:
    from dominoes_tui.net.wire import protocol as P
    from dominoes_tui.table.client import SeatInfo
    from dominoes_tui.ui.choices import MatchSettings

    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        app.settings = MatchSettings("draw", 2, [SeatInfo("You", "human"), SeatInfo("Friend", "human")], 20)
        await pilot.press("p")  # the settings screen, for a table on nobody's list
        await until(pilot, lambda: type(app.screen).__name__ == "NewTableScreen", "the new table's form")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.lobby.waiting is not None, "the waiting room")
        code = app.lobby.waiting["code"]
        assert len(code) == P.PRIVATE_CODE_LENGTH and server.tables[code].private
        assert code not in [t["code"] for t in server.lobby()]
        shown = str(app.lobby.query_one("#lobby-info").render())
        assert "private table" in shown and code in shown  # the invite carries the long code
        # another machine: none of Ana's seat tokens (this test's two apps share one home)
        friend = RemoteApp("127.0.0.1", server.port, "Ben", code=code, keep_tokens=False)
        async with friend.run_test(size=(80, 24)) as friend_pilot:
            await until(friend_pilot, lambda: isinstance(friend.screen, TableScreen), "the friend at the table")
            assert [s.name for s in server.tables[code].slots] == ["Ana", "Ben"]


async def test_the_lobby_footer_keeps_quit_in_sight_at_80_columns(server: Server) -> None:
    """With a table listed, every key that applies fits the 80-column footer, Quit too;
    keys for another moment (start, leave, reconnect) are not shown until they apply."""
    ben = await Driven.connect(server.port, "Ben")
    await ben.create(variant="draw", players=4, target=30, seats=SEATS)
    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.lobby.tables, "the lobby to list the table")
        keys = ("New", "Private", "Watch", "Quick match", "Tournament", "Records", "Quit")
        # the footer redraws after the table is listed: wait for it, not for a fixed pause
        await until(pilot, lambda: all(words in screen_lines(app)[-1] for words in keys), "every lobby key in the footer")
        bottom = screen_lines(app)[-1]
        assert "Reconnect" not in bottom and "Leave" not in bottom


async def test_esc_on_the_new_table_form_goes_back_to_the_lobby_and_says_so(server: Server) -> None:
    """The form for a hosted table asked "Quit dominoes?" and then went to the lobby."""
    from dominoes_tui.ui.screens.confirm import ConfirmScreen

    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "NewTableScreen", "the new table's form")
        await pilot.pause(0.1)
        assert "a new table" in screen_lines(app)[0]
        assert "Back (Esc)" in "\n".join(screen_lines(app)) and "Quit (Esc)" not in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.pause(0.1)
        assert "lobby" in "\n".join(screen_lines(app)) and "Quit dominoes" not in "\n".join(screen_lines(app))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
        assert app.is_running and not server.tables  # no table was made


async def test_closing_the_hosted_app_winds_down_once(server: Server, monkeypatch) -> None:
    """Textual calls the unmount handler of every class along the app's MRO by itself: the
    hosted app's must not call the local app's again (the settings were written twice)."""
    from dominoes_tui.table import saves

    stored: list[object] = []
    monkeypatch.setattr(saves, "store_settings", stored.append)
    app = RemoteApp("127.0.0.1", server.port, "Una")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.conn is not None, "the connection")
        conn = app.conn
    assert len(stored) == 1
    assert conn is not None and conn.on_lost is None  # the hosted app's own part ran too


async def test_after_reading_the_score_the_prompt_says_whom_the_next_deal_waits_on(server: Server) -> None:
    """A hosted table deals when every person has read the score; one who has reads that
    the others are still reading, not that the round is still being counted."""
    ben = await Driven.connect(server.port, "Ben")
    await ben.create(variant="draw", players=2, target=200, seats=[{"kind": "human"}, {"kind": "human"}])
    ready = asyncio.Event()

    async def ben_plays() -> None:  # plays the first legal move; reads the score only when told
        while True:
            n = len(ben.pushed)
            if ben.states:
                st = ben.states[-1]
                v = st["view"]
                if not st.get("_sent") and v["phase"] == "playing" and v["to_act"] == ben.seat:
                    st["_sent"] = True
                    ben.conn.send({"type": "play", "move": v["legal"][0]})
                elif not st.get("_sent") and v["phase"] == "round_over" and ready.is_set():
                    st["_sent"] = True
                    ben.conn.send({"type": "ready"})
                elif v["phase"] == "playing" and v["round"] > 1:
                    return
            try:
                await ben.wait_for(lambda m: True, since=n, timeout=0.2)
            except (TimeoutError, AssertionError):
                pass

    app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.lobby.tables, "the lobby to list the table")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table screen")
        other = asyncio.create_task(ben_plays())
        for _ in range(5000):  # Ana plays her seat until the round's summary
            screen = app.screen
            if isinstance(screen, RoundSummaryScreen):
                break
            if isinstance(screen, TableScreen) and screen.my_turn():
                options = screen.moves_for(screen.selected)
                await pilot.press(END_KEYS[options[-1].end] if len(options) > 1 else "enter")
            else:
                await pilot.pause(0.01)
        assert isinstance(app.screen, RoundSummaryScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table again")
        await until(pilot, lambda: any("Waiting for the others to read the score." in line
                                       for line in screen_lines(app)), "the prompt to say the others are reading")
        assert not any("Counting the round" in line for line in screen_lines(app))
        ready.set()
        await asyncio.wait_for(other, WAIT)
        await until(pilot, lambda: not any("Waiting for the others to read" in line for line in screen_lines(app)),
                    "the next deal")
    await ben.close()


def test_the_hosted_client_starts_without_the_pairing_library() -> None:
    """Every ssh and browser session starts this client: networkx, a tenth of a second to
    import, is for the host's Swiss pairing only."""
    code = "import sys, dominoes_tui.ui.remote_app; print(sorted(m for m in sys.modules if m.startswith('networkx')))"
    done = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr[-500:] or done.stdout[:200]
