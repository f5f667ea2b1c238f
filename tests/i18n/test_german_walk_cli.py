"""The German walk off the screens: every command's --help, what the commands print, and
the consoles of `dominoes host`, `ssh` and `web`, read with the walk's eyes
(tests/i18n/walk.py): not one English word outside names and what a program reads
(options, values, files), and no help line wider than 80 columns."""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominoes_tui import i18n
from dominoes_tui.cli import SUBCOMMANDS, main
from dominoes_tui.commands.docs import TOPICS
from dominoes_tui.engine import dumps
from tests.records.helpers import people, play

from .walk import english_on

NAMES = ("Ana", "Ben", "Cleo", "Du", "Bot", "hard", "easy", "medium", "heaviest", "random")


def german_lines(text: str, allowed: tuple[str, ...] = NAMES) -> list[str]:
    return english_on(text.splitlines(), allowed)


@pytest.mark.parametrize("command", [None, *SUBCOMMANDS])
def test_every_help_is_german(command: str | None, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    def helped(columns: int) -> str:
        monkeypatch.setenv("COLUMNS", str(columns))
        with pytest.raises(SystemExit):
            main(["--lang", "de", *([command] if command else []), "--help"])
        return capsys.readouterr().out

    # the words read unwrapped: a command a help names (dominoes docs rules) is not cut in two
    out = helped(10_000)
    assert out.startswith("Aufruf: dominoes")
    # the commands' own names are what a person types, in every language
    assert not (found := german_lines(out, (*NAMES, *SUBCOMMANDS))), found
    assert not re.findall(r"Standard \d+\.\d+\)", out)  # a default as German writes it: 0,25
    out = helped(80)
    assert all(len(line) <= 80 for line in out.splitlines()), [line for line in out.splitlines() if len(line) > 80]


def test_what_the_commands_print_is_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "partner.jsonl"
    log.write_text("".join(dumps(play("partner", 4, people("You", "Ben", "Cleo", "Dan"), seed=s).events) for s in (1, 2)))
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    runs = [
        ["simulate", "--variant", "kozel", "--players", "3", "--bots", "easy,random,heaviest", "--matches", "3", "--jobs", "1"],
        ["simulate", "--variant", "partner", "--matches", "2", "--jobs", "2", "--log", str(tmp_path / "sim.jsonl")],
        ["replay", "--check", str(log)],
        ["analyze", str(log), "--match", "1", "--guesses", "2", "--jobs", "1"],
        ["stats", "--db", url, "--import", str(log)],
        ["stats", "--db", url],
        ["stats", "--db", url, "--player", "Du"],
        ["stats", "--db", url, "--player", "Ben", "--against", "Du"],
        ["tournament", "--entrants", "Ana,easy,medium,heaviest", "--variant", "duel", "--rounds", "2", "--jobs", "1"],
        ["host", "--names", "--data-dir", str(tmp_path / "server")],
        ["host", "--release", "Nobody", "--data-dir", str(tmp_path / "server")],
        ["bench", "--quick", "--only", "pairing"],
        ["docs"],
    ]
    seen = []
    for argv in runs:
        main(["--lang", "de", *argv])
        out = capsys.readouterr()
        text = out.out + out.err
        seen.append(text)
        typed = TOPICS if argv == ["docs"] else ()  # the topics are what a person types, as commands are
        assert not (found := german_lines(text, (*NAMES, "Dan", *typed))), (argv, found, text)
    assert "Platz 1" in seen[0] and "Team A" in seen[1] and "Rangliste" in seen[5]
    assert "dominoes docs THEMA" in seen[-1] and all(len(line) <= 80 for line in seen[-1].splitlines()), seen[-1]


def _console(argv: list[str], home: Path, ready: str, seconds: float = 60) -> str:
    """What a server command prints until `ready` shows (then Ctrl-C), in German."""
    env = {**os.environ, "LANG": "de_DE.UTF-8", "DOMINOES_TUI_HOME": str(home), "HOME": str(home), "COLUMNS": "80"}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    proc = subprocess.Popen([sys.executable, "-m", "dominoes_tui", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env)
    got = b""
    try:
        deadline = time.monotonic() + seconds
        assert proc.stdout is not None
        os.set_blocking(proc.stdout.fileno(), False)
        while ready.encode() not in got and time.monotonic() < deadline and proc.poll() is None:
            try:
                got += os.read(proc.stdout.fileno(), 65536)
            except BlockingIOError:
                time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        rest, _ = proc.communicate(timeout=30)
        out = (got + (rest or b"")).decode("utf-8", "replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert ready in out, out
    return out


def test_the_consoles_of_host_ssh_and_web_are_german(tmp_path: Path) -> None:
    consoles = [_console(["host", "--port", "0", "--no-save"], tmp_path / "h", "Organisator-Geheimnis")]
    pytest.importorskip("asyncssh")
    consoles.append(_console(["ssh", "--port", "0", "--host-key", str(tmp_path / "key")], tmp_path / "s",
                             "Passwort:"))
    pytest.importorskip("textual_serve")
    # web says the port it was given, so it is given one the system has just called free: a
    # port from a fixed range was taken at times by another run on the same machine
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    consoles.append(_console(["web", "--port", str(port)], tmp_path / "w", "Strg+C beendet"))
    for text in consoles:
        assert not (found := german_lines(text)), (found, text)
        assert "Serving" not in text and "Press Ctrl+C" not in text


def test_the_catalogs_german_has_none_of_the_english_words() -> None:
    """The eyes themselves, run over every German sentence the program has: the word
    list sees what a translator may have left, and what a sentence says of a program
    (an option, a value, a file) it leaves alone."""
    from dominoes_tui.i18n.catalog import read

    left = []
    for m in read("de"):
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        for german in strings:
            if m.id and german and (found := english_on(german.splitlines(), ("All", "Fives", "Draw"))):
                left.append((m.id, found))
    assert left == []


def test_json_stays_the_same_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """What a program reads is language-neutral: a German run's --json is English keys."""
    i18n.use("de")
    assert main(["--lang", "de", "simulate", "--matches", "1", "--jobs", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["sides"][0]["name"] == "seat 0 (random)" and summary["sides"][0]["seats"] == [0]


def test_a_secret_of_letters_and_digits_is_no_english() -> None:
    # an organizer's secret is drawn at random; one held 'By' and failed the console walk
    line = ("Organisator-Geheimnis: LrH4USvWMDcKLNJamv0By3SguW7QwVI2 (nur an Organisatoren geben; es wird "
            "nirgends aufbewahrt)")
    assert german_lines(line) == []
    assert german_lines("Tisch QPWQ beginnt: left by the host")  # the eyes still see English
