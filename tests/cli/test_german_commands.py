"""The commands in German: argparse's own words (headings, errors), our one-line errors,
`simulate` and `replay --check` as text; `--json` the same in any language."""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract

from dominoes_tui import i18n
from dominoes_tui.cli import main
from dominoes_tui.i18n import argparse_words

ENGLISH_HEADINGS = ("usage:", "options:", "positional arguments:", "show this help message and exit",
                    "show program's version number and exit")


def test_every_sentence_of_the_running_argparse_is_marked_for_the_catalog() -> None:
    """Spelled exactly as this Python's argparse spells them: a msgid one character off
    would never be looked up."""
    with open(argparse.__file__, "rb") as f:
        wanted = {m if isinstance(m, str) else m[0]
                  for _line, m, _c, _ctx in extract("python", f, keywords={"_": None, "ngettext": (1, 2)})}
    marked = set(argparse_words.SENTENCES) | {
        s for n in (1, 2) for s in argparse_words.plural_sentences(n)}
    assert wanted - marked == set()


def test_every_sentence_of_argparse_has_a_german_translation() -> None:
    i18n.use("de")
    untranslated = [s for s in argparse_words.SENTENCES if i18n._(s) == s and s != "%(heading)s:"]
    assert untranslated == []
    assert argparse_words.plural_sentences(2) == ["erwartet %s Argumente", "widersprüchliche Optionen: %s"]


def test_the_help_is_german_with_no_english_heading(capsys) -> None:
    for argv in (["--lang", "de", "--help"], ["--lang", "de", "stats", "--help"], ["tournament", "--help", "--lang", "de"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith("Aufruf: dominoes")
        assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
        assert not [h for h in ENGLISH_HEADINGS if h in out], out
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--help"])
    assert "die Versionsnummer zeigen und beenden" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "expected"), [
    (["play", "--variant", "foo"], "dominoes play: unbekannte Variante 'foo'; erlaubt: draw,"),
    (["stats", "--variant", "foo"], "dominoes stats: unbekannte Variante 'foo'; erlaubt: all,"),
    (["simulate", "--matches", "0"], "dominoes simulate: --matches muss mindestens 1 sein"),
    (["simulate", "--bots", "easy,easy,easy"], "dominoes simulate: --bots nennt 3 Bots für 2 Plätze"),
    (["tournament", "--entrants", "easy,easy", "--format", "knockout"],
     "dominoes tournament: unbekanntes Format 'knockout'; erlaubt: swiss, roundrobin, rotation"),
    (["tournament", "--entrants", "Ana,Ana"], "dominoes tournament: 'Ana' steht doppelt in der Liste"),
    (["stats", "--db", "mysql://club/records"], "dominoes stats: mysql: das Vereinsarchiv liegt nur in SQLite oder PostgreSQL"),
    (["stats", "--db", "nowhere"], "dominoes stats: 'nowhere' ist keine Datenbank-URL (sqlite:///DATEI oder "),
    (["bench", "--only", "strength"], "dominoes bench: unbekannter Teil 'strength'; erlaubt: speed,"),
    (["replay", "/nowhere/log.jsonl"], "dominoes replay: /nowhere/log.jsonl lässt sich nicht lesen: "),
])
def test_a_bad_option_is_a_german_line(capsys, argv, expected) -> None:
    assert main(["--lang", "de", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(expected) and err.count("\n") == 1, err


@pytest.mark.parametrize(("argv", "expected"), [
    (["tournament"], "dominoes tournament: Fehler: diese Argumente fehlen: --entrants"),
    (["bot", "--level", "hardd"], "dominoes bot: Fehler: Argument --level: ungültige Wahl: 'hardd' (möglich: "),
    (["simulate", "--matches", "ten"], "dominoes simulate: Fehler: Argument --matches: ungültiger Wert für int: 'ten'"),
    (["stats", "--frob"], "dominoes: Fehler: unbekannte Argumente: --frob"),
    (["replay"], "dominoes replay: Fehler: diese Argumente fehlen: DATEI"),
    (["bench", "--json"], "dominoes bench: Fehler: Argument --json: erwartet ein Argument"),
])
def test_argparse_errors_are_german(capsys, argv, expected) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "de", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("Aufruf: dominoes") and expected in err, err
    assert "usage:" not in err and "error:" not in err


def test_simulate_text_in_german_and_json_the_same_in_every_language(capsys) -> None:
    argv = ["simulate", "--variant", "kozel", "--players", "3", "--bots", "easy,random,medium", "--matches", "6",
            "--jobs", "1"]
    outputs = []
    for lang in ("en", "de"):
        assert main(["--lang", lang, *argv, "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    for summary in outputs:  # the seconds differ from run to run; all else is the same
        for key in ("average_match_seconds", "longest_match_seconds", "total_seconds"):
            summary.pop(key)
    assert outputs[0] == outputs[1]
    assert outputs[1]["sides"][0]["name"] == "seat 0 (easy)"
    assert main(["--lang", "de", *argv]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Kozel, 3 Spieler, Grenze 101: 6 Partien")
    assert re.search(r"Seite +Siege +Anteil +Ø Punkte +Kozel", out)
    assert "Platz 1 (leicht)" in out and "Platz 2 (zufällig)" in out and "Platz 3 (mittel)" in out
    assert re.search(r"\d+,\d %", out) and "Runden je Partie: " in out
    assert "side" not in out and "won" not in out and "seat" not in out and "Platz 0" not in out
    assert all(len(line) <= 80 for line in out.splitlines()), out  # the duration line too


def test_replay_check_in_german(capsys, tmp_path: Path) -> None:
    log = tmp_path / "two.jsonl"
    assert main(["simulate", "--matches", "2", "--bots", "easy", "--jobs", "1", "--log", str(log), "--json"]) == 0
    capsys.readouterr()
    assert main(["--lang", "de", "replay", "--check", str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Partie 1: Draw, 2 Spieler, Seed ") and ", Endstand " in lines[0]
    assert lines[0].endswith(", gewonnen von easy 1") or lines[0].endswith(", gewonnen von easy 2")
    assert lines[-1] == "2 Partien gegen die Regeln geprüft: alles stimmig"


def test_replay_check_names_a_side_as_the_table_does(capsys, tmp_path: Path) -> None:
    """A Partner team by its letter and the names the table shows, Du for You; a seat by
    its name (Bot 1 sits in seat 2: no number to puzzle over)."""
    from dominoes_tui.engine import dumps
    from tests.records.helpers import people, play

    log = tmp_path / "partner.jsonl"
    log.write_text(dumps(play("partner", 4, people("You", "Bot 1", "Bot 2", "Bot 3"), seed=5).events))
    assert main(["--lang", "de", "replay", "--check", str(log)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith(("gewonnen von Team A (Du & Bot 2)", "gewonnen von Team B (Bot 1 & Bot 3)")), first
    assert "Team 0" not in first and "Team 1" not in first and "You" not in first


def test_a_help_names_its_values_in_german(capsys) -> None:
    """Every value an option takes is named in German where a word names it (DATEI, not
    file or FILE beside "in DATEI schreiben"); numbers are N."""
    for argv in (["replay", "--help"], ["bench", "--help"], ["play", "--help"], ["host", "--help"]):
        with pytest.raises(SystemExit):
            main(["--lang", "de", *argv])
        out = capsys.readouterr().out
        for english in ("FILE", "VARIANT", "SEATS", "PORT_FILE", "DATA_DIR", "STANDIN_AFTER", "ONLY", "PAIRS"):
            assert not re.search(rf"\b{english}\b", out), (argv, english)
    with pytest.raises(SystemExit):
        main(["--lang", "de", "replay", "--help"])
    assert "Aufruf: dominoes replay" in (out := capsys.readouterr().out) and "  DATEI " in out
    assert not re.search(r"\bfile\b", out)  # the argument's name was "file"
    with pytest.raises(SystemExit):
        main(["--lang", "de", "bench", "--help"])
    assert "--json DATEI" in capsys.readouterr().out


def test_german_sentences_read_as_a_german_writes_them(capsys, tmp_path: Path) -> None:
    assert main(["--lang", "de", "play", "--players", "9"]) == 2
    assert capsys.readouterr().err == "dominoes play: Draw wird von 2, 3 oder 4 Spielern gespielt, nicht von 9.\n"
    with pytest.raises(SystemExit):
        main(["--lang", "de", "play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "Groß- und Kleinschreibung egal" in help_text and "groß oder klein" not in help_text
    missing = str(tmp_path / "nonexistent.jsonl")
    assert main(["--lang", "de", "replay", missing]) == 2
    replayed = capsys.readouterr().err
    assert main(["--lang", "de", "analyze", missing]) == 2
    analysed = capsys.readouterr().err
    reason = "lässt sich nicht lesen: Datei oder Ordner nicht gefunden\n"
    assert replayed.endswith(reason) and analysed.endswith(reason), (replayed, analysed)
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--help"])
    top = " ".join(capsys.readouterr().out.split())
    assert "am Zug" in top and "Ziehend" not in top  # ziehen is drawing from the talon


def test_the_formats_read_as_names_in_english_too() -> None:
    from dominoes_tui.ui.screens.hosted.evening_words import format_words

    assert [format_words(f) for f in ("swiss", "roundrobin", "rotation")] == ["Swiss", "round robin", "rotation"]
    i18n.use("de")
    assert format_words("swiss") == "Schweizer System"


def test_a_logs_names_reach_the_terminal_as_plain_text(capsys, tmp_path: Path) -> None:
    """A forged log's seat names carry terminal escapes: replay --check and analyze print
    them without a control character (they printed the log's name as it stood)."""
    from dominoes_tui.engine import dumps
    from tests.records.helpers import people, play

    evil = "\x1b]0;pwned\x07\x1b[2J"
    log = tmp_path / "evil.jsonl"
    log.write_text(dumps(play("draw", 2, people("Mallory" + evil, "Trudy" + evil), seed=4).events))
    for argv in (["replay", "--check", str(log)], ["analyze", str(log), "--guesses", "2", "--jobs", "1"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert ("Mallory" in out or "Trudy" in out) and "\x1b" not in out and "\x07" not in out, (argv, out)
