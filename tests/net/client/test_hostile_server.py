"""A hostile or broken server: each message type with each kind of bad field, on a real
socket. The client says in one line what it cannot read and goes on (the request fails,
a push is ignored); it never hands a handler a field of the wrong type."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dominoes_tui import i18n
from dominoes_tui.net.client.client import ServerRefused
from dominoes_tui.net.client.remote_table import RemoteTable
from dominoes_tui.net.wire import answers as A
from dominoes_tui.ui.choices import Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from tests.net.client.helpers import Hostile, samples, spoiled
from tests.net.helpers import until
from tests.ui.helpers import Notices

DEEP = b'{"type": "notice", "code": "KXMP", "text": ' + b"[" * 10_000 + b"]" * 10_000 + b"}\n"
BAD_FIELDS = [  # (type, field, a value of the wrong type or range)
    ("joined", "seat", None), ("joined", "seat", 7), ("joined", "token", 5), ("joined", "table", []),
    ("joined", "table.seats", {"0": "Ana"}), ("joined", "state.view.seat", 9), ("joined", "state.view", "x"),
    ("watching", "table.players", "2"), ("watching", "state.seq", None),
    ("tables", "tables", {"code": "KXMP"}), ("tables", "tables.0.free", [5]), ("tables", "online", "many"),
    ("state", "view.to_act", 4), ("state", "view.hand", None), ("state", "view.layout.ends", [["left", "six"]]),
    ("state", "seats", []), ("state", "view.names", ["Ana"]), ("state", "ready", [3]),
    ("table", "table.seats.0.seat", 1), ("notice", "text", ["hello"]), ("seated", "seat", -1),
    ("seated", "token", None), ("tournament", "you", []), ("searching", "search", [1]),
]


@pytest.mark.parametrize(("kind", "path", "value"), BAD_FIELDS)
async def test_an_answer_with_a_bad_field_is_one_line_and_the_connection_goes_on(kind: str, path: str, value: Any) -> None:
    async with Hostile() as server:
        server.answers["join"] = spoiled(samples()[kind], path, value)
        conn = await server.connect()
        with pytest.raises(ServerRefused) as refused:
            await conn.request({"type": "join", "code": "KXMP"}, timeout=5)
        said = str(refused.value)
        assert "cannot read" in said and said.startswith("The server") and "\n" not in said
        assert f"({kind}: $" in said  # the type and the field's place, never the value sent
        assert isinstance(await conn.request({"type": "ping"}, timeout=5), A.Pong)
        await conn.close()


@pytest.mark.parametrize(("kind", "path", "value"), BAD_FIELDS)
async def test_a_push_with_a_bad_field_is_ignored_and_said_once(kind: str, path: str, value: Any) -> None:
    async with Hostile() as server:
        conn = await server.connect()
        pushed: list[Any] = []
        said: list[str] = []
        conn.on_push, conn.on_unreadable = pushed.append, said.append
        bad = spoiled(samples()[kind], path, value)
        server.push(bad)
        server.push(bad)
        server.push(samples()[kind])  # a right one still gets through
        assert isinstance(await conn.request({"type": "ping"}, timeout=5), A.Pong)
        assert len(pushed) == 1 and pushed[0].wire_type == kind
        assert len(said) == 1 and "cannot read" in said[0]
        await conn.close()


@pytest.mark.parametrize("raw", [
    b'{"type": "tables", "tables": [], "online": ' + b"9" * 5000 + b"}\n",
    b'{"type": "tables", "tables": [], "online": NaN}\n',
    DEEP,
    b'["type", "state"]\n',
    b'{"type": null}\n',
])
async def test_a_line_that_is_no_message_is_ignored(raw: bytes) -> None:
    async with Hostile() as server:
        conn = await server.connect()
        pushed: list[Any] = []
        said: list[str] = []
        conn.on_push, conn.on_unreadable = pushed.append, said.append
        server.push(raw)
        assert isinstance(await conn.request({"type": "ping"}, timeout=5), A.Pong)
        assert pushed == [] and len(said) == 1
        await conn.close()


async def test_an_unknown_type_is_a_newer_servers_and_ignored_without_a_word() -> None:
    async with Hostile() as server:
        conn = await server.connect()
        pushed: list[Any] = []
        said: list[str] = []
        conn.on_push, conn.on_unreadable = pushed.append, said.append
        server.push({"type": "fireworks", "colour": [1, 2]})
        server.push({**samples()["notice"], "colour": "red"})  # an extra field: welcome
        assert isinstance(await conn.request({"type": "ping"}, timeout=5), A.Pong)
        assert said == [] and [m.wire_type for m in pushed] == ["notice"]
        await conn.close()


async def test_names_are_plain_text_and_a_megabyte_is_cut() -> None:
    async with Hostile() as server:
        joined = samples()["joined"]
        joined = spoiled(joined, "table.seats.1.name", "\x1b[2J\x1b]0;pwned\x07[bold red]Ben[/]")
        joined = spoiled(joined, "state.seats.1.name", "x" * 1_000_000)
        server.answers["join"] = joined
        server.answers["hello"] = {**samples()["welcome"], "name": "\x1b[31mAna" + "a" * 1_000_000}
        conn = await server.connect()
        assert conn.name == "[31mAnaaaaaaaa"[: len(conn.name)] and "\x1b" not in conn.name and len(conn.name) <= 14
        answer = await conn.request({"type": "join", "code": "KXMP"}, timeout=5)
        assert isinstance(answer, A.Joined)
        assert "\x1b" not in answer.table.seats[1].name and "\x07" not in answer.table.seats[1].name
        table = RemoteTable(conn, answer)
        assert len(table.seats[1].name) <= 14  # what the table screen shows
        await conn.close()


async def test_a_state_for_another_seat_at_the_table_is_ignored_with_a_note() -> None:
    async with Hostile() as server:
        server.answers["join"] = samples()["joined"]
        conn = await server.connect()
        table = RemoteTable(conn, await conn.request({"type": "join", "code": "KXMP"}, timeout=5))
        other_seat = spoiled(samples()["state"], "view.seat", 1)
        server.push({**other_seat, "seq": 99})
        assert await asyncio.wait_for(table.advance(), 5)
        assert table.view(0).seat == 0 and table.seq != 99 and len(table.notes) == 1
        await conn.close()


APP_SPOILS = [  # a joined answer spoiled where the types see it, and where only the engine does
    ("en", "state.view.seat", 9, "cannot read (joined: $.state.view)"),
    ("de", "state.view.seat", 9, "nicht lesen kann (joined: $.state.view)"),
    ("en", "table.variant", "chess", "cannot read (joined: $.table)"),
    ("en", "state.view.hand", ["6-x"], "cannot read (joined: $.state)"),
]


@pytest.mark.parametrize(("lang", "path", "value", "words"), APP_SPOILS)
async def test_the_app_tells_a_bad_answer_in_one_line_and_stays_in_the_lobby(
        notices: Notices, lang: str, path: str, value: Any, words: str) -> None:
    async with Hostile() as server:
        server.answers["list"] = samples()["tables"]
        server.answers["join"] = spoiled(samples()["joined"], path, value)
        i18n.use(lang)
        app = RemoteApp("127.0.0.1", server.port, "Ana", code="KXMP", prefs=Prefs(speed="instant"), keep_tokens=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: notices.containing(words), "the one line on the bad answer")
            server.push(spoiled(samples()["tables"], "tables.0.seats", "four"))  # a bad push: said once more
            server.push(samples()["notice"])
            await until(pilot, lambda: notices.containing("hello"), "the good notice after the bad push")
            assert isinstance(app.screen, LobbyScreen) and app.client is None and app.is_running
            assert len(notices.containing("(tables: $.tables[0].seats)")) == 1
            assert app.lobby.tables and app.lobby.tables[0]["seats"][0]["name"] == "Ana"  # the last good list


LOBBY_SPOILS = [  # the hello's or the list's answer unreadable: no lobby to show
    ("en", "hello", "protocol", "x", "cannot read (welcome: $.protocol)"),
    ("en", "list", "online", "many", "cannot read (tables: $.online)"),
    ("de", "list", "tables", "none", "nicht lesen kann (tables: $.tables)"),
]


@pytest.mark.parametrize(("lang", "kind", "path", "value", "words"), LOBBY_SPOILS)
async def test_a_server_whose_welcome_or_list_cannot_be_read_is_said_where_connecting_stood(
        lang: str, kind: str, path: str, value: Any, words: str) -> None:
    """Not "Connecting…" for ever: the lobby's line says why, once, and `r` tries again."""
    async with Hostile() as server:
        server.answers["list"] = samples()["tables"]
        good = server.answers[kind]
        assert isinstance(good, dict)
        server.answers[kind] = spoiled(good, path, value)
        i18n.use(lang)
        app = RemoteApp("127.0.0.1", server.port, "Ana", prefs=Prefs(speed="instant"), keep_tokens=False)
        async with app.run_test(size=(80, 24)) as pilot:
            def said() -> str:
                return app.lobby.message

            await until(pilot, lambda: words in said(), "the lobby's line on the unreadable answer")
            assert ").." not in said() and "Connecting" not in said()
            assert app.session.conn is None and app.lobby.check_action("reconnect", ()) is True
            server.answers[kind] = good  # the server mended: r connects
            await pilot.press("r")
            await until(pilot, lambda: app.lobby.tables is not None and len(app.lobby.tables) == 1, "the list after r")


async def test_a_seats_token_survives_a_join_answer_that_cannot_be_read(notices: Notices) -> None:
    """An unreadable answer says nothing of the token: dropped, the seat would be lost for good."""
    async with Hostile() as server:
        server.answers["list"] = samples()["tables"]
        server.answers["join"] = spoiled(samples()["joined"], "state.view.seat", 9)
        i18n.use("en")
        app = RemoteApp("127.0.0.1", server.port, "Ana", code="KXMP", prefs=Prefs(speed="instant"), keep_tokens=False)
        app.session.keep_token("KXMP", "the seat's token")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: notices.containing("cannot read (joined: $.state.view)"), "the bad answer said")
            assert app.session.token_for("KXMP") == "the seat's token"
