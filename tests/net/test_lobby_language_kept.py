"""The lobby's `l` is remembered where the person has settings of their own (a local
`dominoes join`, an SSH login under a key-bound name) and lasts the session for a guest
(an SSH guest's throwaway folder, the browser's shared one). Next time `--lang` wins for
its run, then the choice remembered, then the terminal's LANG; a damaged settings file
costs nothing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_tui import cli, i18n
from dominoes_tui.net.server.server import Server
from dominoes_tui.table import saves
from dominoes_tui.ui.choices import from_json
from dominoes_tui.ui.remote_app import RemoteApp
from dominoes_tui.ui.screens.hosted.lobby import LobbyScreen
from tests.net.helpers import until
from tests.ui.helpers import Notices

from ..ui.helpers import screen_lines

pytestmark = pytest.mark.usefixtures("notices")  # press_l reads what the app told


def joined(port: int, name: str = "Dora", keep_tokens: bool = True) -> RemoteApp:
    """The app as `dominoes join` makes it: with the settings remembered last time."""
    settings, prefs = from_json(saves.load_settings())
    prefs.speed = "instant"
    return RemoteApp("127.0.0.1", port, name, prefs=prefs, settings=settings, keep_tokens=keep_tokens)


async def press_l(app: RemoteApp, pilot, language: str) -> str:
    """`l` in the lobby until it speaks `language`; the last note it showed."""
    notes, shown = Notices.active, 0
    assert notes is not None, "the test asks for the notices fixture"
    await until(pilot, lambda: app.conn is not None and isinstance(app.screen, LobbyScreen), "the lobby")
    for _ in i18n.LANGUAGES:
        if i18n.language() == language:
            break
        shown = len(notes.shown)
        await pilot.press("l")
        await pilot.pause(0.1)
    assert i18n.language() == language
    await until(pilot, lambda: len(notes.shown) > shown, "the note")  # a busy machine is slower than 0.1 s
    return notes.shown[-1]


def remembered(home: Path) -> object:
    return json.loads((home / "settings.json").read_text(encoding="utf-8")).get("language")


async def test_l_is_remembered_for_a_person_with_settings_and_beats_lang_next_time(
        server: Server, dominoes_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # the terminal's language, as an SSH client sends it
    assert cli.start_language([]) == "en"
    app = joined(server.port)
    async with app.run_test(size=(80, 24)) as pilot:
        note = await press_l(app, pilot, "de")
        assert note == "Deutsch, ab jetzt"  # said in the language chosen: kept
        assert remembered(dominoes_home) == "de"  # at once: a session cut off keeps it too
        await pilot.press("q")
    assert remembered(dominoes_home) == "de"  # and leaving does not undo it

    i18n.use("en")
    assert cli.start_language(["join", "--lang", "en"]) == "en"  # --lang wins for its run
    assert cli.start_language([]) == "de"  # else the choice made in the lobby wins over LANG
    app = joined(server.port)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Domino-Lobby" in "\n".join(screen_lines(app)), "the lobby in German")
        await press_l(app, pilot, "en")  # and back: English is remembered over a German LANG too
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert remembered(dominoes_home) == "en" and cli.start_language([]) == "en"


async def test_a_guests_choice_lasts_the_session(server: Server, dominoes_home: Path) -> None:
    dominoes_home.mkdir(parents=True)
    (dominoes_home / "settings.json").write_text(json.dumps({"language": "auto", "variant": "block"}), encoding="utf-8")
    app = joined(server.port, "Gast", keep_tokens=False)  # --forget-tokens: a guest (SSH or the browser)
    async with app.run_test(size=(80, 24)) as pilot:
        note = await press_l(app, pilot, "de")
        assert note == "Deutsch, für diese Sitzung"
        assert remembered(dominoes_home) == "auto"
        app.prefs.language = "de"  # as the table form's Language field sets it
        await pilot.press("q")
    assert remembered(dominoes_home) == "auto"  # a shared folder keeps nobody's choice
    i18n.use("en")
    assert cli.start_language([]) == "en"


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", "\udcff", "folder"])
async def test_a_damaged_settings_file_costs_no_traceback(server: Server, dominoes_home: Path, damage: str) -> None:
    dominoes_home.mkdir(parents=True)
    path = dominoes_home / "settings.json"
    if damage == "folder":  # cannot be written at all: the choice lasts the session, and says so
        path.mkdir()
    else:
        path.write_bytes(damage.encode("utf-8", "surrogateescape"))
    assert cli.start_language([]) == "en"
    app = joined(server.port)
    async with app.run_test(size=(80, 24)) as pilot:
        note = await press_l(app, pilot, "de")
        await pilot.press("q")
    if damage == "folder":
        assert note == "Deutsch, für diese Sitzung" and path.is_dir()
    else:
        assert note == "Deutsch, ab jetzt" and remembered(dominoes_home) == "de"  # unreadable counted as none
