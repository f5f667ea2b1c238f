"""The system's refusals in the reader's words: a German reader is never shown the C
library's English ("Connection refused") or Python's "[Errno 111] Connect call failed"."""
from __future__ import annotations

import errno
import socket
from pathlib import Path

import pytest

from dominoes_tui import i18n
from dominoes_tui.cli import main
from dominoes_tui.i18n.os_words import os_words
from dominoes_tui.ui.choices import Prefs
from dominoes_tui.ui.remote_app import RemoteApp
from tests.net.helpers import until
from tests.ui.helpers import screen_lines


def test_the_reasons_a_player_meets_are_said_in_german() -> None:
    i18n.use("de")
    refused = ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 1)")
    assert os_words(refused) == "Verbindung abgelehnt (läuft der Server?)"
    assert os_words(socket.gaierror(-2, "Name or service not known")) == "unbekannter Rechnername"
    assert os_words(TimeoutError()) == "keine Antwort in der Zeit"
    assert os_words(PermissionError(errno.EACCES, "Permission denied", "/x")) == "keine Berechtigung"
    assert os_words(OSError(errno.ENOSPC, "No space left on device")) == "die Platte ist voll"
    # a rare one keeps the system's short text, never the [Errno N] dress
    assert os_words(OSError(errno.EMLINK, "Too many links")) == "Too many links"
    i18n.use("en")
    assert os_words(refused) == "connection refused (is the server running?)"


def test_a_missing_log_is_said_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "replay", str(tmp_path / "nowhere.jsonl")]) != 0
    err = capsys.readouterr().err
    assert "Datei oder Ordner nicht gefunden" in err and "No such file" not in err and "Errno" not in err


async def test_the_lobby_says_why_it_cannot_connect_in_german() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    i18n.use("de")
    app = RemoteApp("127.0.0.1", port, "Dora", prefs=Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "nicht erreichbar" in "\n".join(screen_lines(app)), "the lobby's reason")
        text = "\n".join(screen_lines(app))
        assert "Verbindung abgelehnt" in text and "Errno" not in text and "Connect call failed" not in text, text
