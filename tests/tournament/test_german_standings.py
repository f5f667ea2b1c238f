"""`dominoes tournament` in German: each round's tables, the standings' headings, scores
with a decimal comma, the pure layer's errors; --json the same in any language."""
from __future__ import annotations

import json
import re

import pytest

from dominoes_tui import i18n
from dominoes_tui.cli import main
from dominoes_tui.tournament import TournamentError, make_plan
from dominoes_tui.tournament.entrants import read_entrants

# five entrants: a bye each round. No hard bot: without a clock it weighs 150 guesses a move,
# a minute of the suite for words that do not depend on who plays.
SWISS = ["tournament", "--entrants", "easy,medium,heaviest,random,Ana", "--rounds", "2", "--seed", "3", "--jobs", "1"]
# seven at tables of 3-4 in one round: shared places give fractions of a point
ROTATION = ["tournament", "--entrants", "easy,medium,hard,random,Ana,Bo,Cy", "--format", "rotation",
            "--variant", "block", "--rounds", "1", "--seed", "3", "--target", "50", "--jobs", "1"]


def test_swiss_standings_in_german(capsys) -> None:
    assert main(["--lang", "de", *SWISS]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Runde 1\n  Tisch  1: ")
    assert "\nRunde 2\n" in out and "spielfrei: " in out
    assert re.search(r"  # +Teilnehmer +Punkte +Gegn\. +Diff\. +gespielt", out)
    assert "Endstand nach 2 Runden" in out
    assert "Reihung: Punkte, dann Punkte der Gegner (Gegn.), dann Punktedifferenz (Diff.)" in out
    assert max(len(line) for line in out.splitlines()) <= 80  # fits a terminal of 80 columns
    assert not [w for w in ("Round", "table", "entrant", "points", "tie-breaks", "Final standings", "bye") if w in out]


def test_scores_are_written_with_a_decimal_comma(capsys) -> None:
    assert main(["--lang", "de", *ROTATION]) == 0
    german = capsys.readouterr().out
    assert main(["--lang", "en", *ROTATION]) == 0
    english = capsys.readouterr().out
    assert re.search(r" \d+,\d\d? ", german) and not re.search(r" \d+\.\d\d? ", german)
    assert re.search(r" \d+\.\d\d? ", english)
    assert "Final standings after 1 round\n" in english and "Endstand nach 1 Runde\n" in german


def test_tournament_json_is_the_same_in_every_language(capsys) -> None:
    outputs = []
    for lang in ("en", "de"):
        assert main(["--lang", lang, *ROTATION, "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    json.loads(outputs[0])


@pytest.mark.parametrize(("ask", "expected"), [
    (lambda: make_plan("draw", "knockout", 3), "unbekanntes Format 'knockout'; erlaubt: swiss, roundrobin, rotation"),
    (lambda: make_plan("draw", "swiss", 0), "Runden müssen 1 bis 100 sein, nicht 0"),
    (lambda: make_plan("draw", "swiss", 3, 3), "Schweizer System setzt zwei Spieler an einen Tisch"),
    (lambda: read_entrants("Ana,Bo,Cy", ["easy"], True), "3 Namen ohne Partner; als Ana+Bo paaren"),
    (lambda: read_entrants("Ana,Ana", ["easy"], False), "'Ana' steht doppelt in der Liste"),
])
def test_the_pure_layer_says_why_in_german(ask, expected) -> None:
    i18n.use("de")
    with pytest.raises(TournamentError) as error:
        ask()
    assert str(error.value).startswith(expected)
