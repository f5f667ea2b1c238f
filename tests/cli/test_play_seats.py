"""`dominoes play --seats`: a typo of a bot level is refused, never a person seated by mistake."""
from __future__ import annotations

import pytest

from dominoes_tui.cli import main
from dominoes_tui.ui.choices import SettingsError, parse_seats


def test_a_misspelt_level_is_refused_with_the_levels(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    import dominoes_tui.commands.play as play

    monkeypatch.setattr(play, "_run_app", lambda *_a, **_k: 0)  # were the match to start: no screen in a test
    assert main(["play", "--seats", "Ana,Medium,hardd"]) == 2
    err = capsys.readouterr().err
    assert "'hardd' is not a bot level" in err and "did you mean hard" in err
    assert "medium" in err and "expert" in err and "person:hardd" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("text", ["Ana,meduim", "Ana,Hardy", "Ana,hard:500"])
def test_words_close_to_a_level_are_refused(text: str) -> None:
    with pytest.raises(SettingsError):
        parse_seats(text, 2)


def test_person_prefix_seats_a_person_whose_name_is_close_to_a_level() -> None:
    seats = parse_seats("person:Hardy,Medium", 2)
    assert (seats[0].name, seats[0].kind) == ("Hardy", "human")
    assert (seats[1].kind, seats[1].level) == ("bot", "medium")


def test_names_far_from_any_level_still_seat_people() -> None:
    seats = parse_seats("Ana,Bob,Cleo,Harry", 4)
    assert [s.kind for s in seats] == ["human"] * 4


def test_a_tournament_refuses_a_misspelt_level_among_the_entrants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--entrants", "Ana,hardd,Bo,easy", "--rounds", "1", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "'hardd' is not a bot level" in err and "person:hardd" in err
    # a level beside the person (medium: a hard bot's round without a clock is seconds of search)
    assert main(["tournament", "--entrants", "person:Hardy,medium,Bo,easy", "--rounds", "1", "--jobs", "1"]) == 0
    assert "Hardy" in capsys.readouterr().out
