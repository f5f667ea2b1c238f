"""The sentences of the lower layers (engine, table, bots, tournament) reach people too:
in German they read German, and the recorder of missing sentences sees what it should."""
from __future__ import annotations

import errno
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from dominoes_tui import i18n
from dominoes_tui.bots import BotSpecError, level_word, make_bot
from dominoes_tui.engine import ConfigError, IllegalMove, LogError, Match, Move, Seat, load_matches, make_config
from dominoes_tui.engine.tiles import parse_tile
from dominoes_tui.table.local import save_problem_brief, save_problem_words
from dominoes_tui.tournament import TournamentError, make_plan


def _match() -> Match:
    match = Match(make_config("draw", 2), random.Random(3), [Seat("Ana", "human"), Seat("Bo", "bot", "easy")], 3)
    match.begin_round()
    return match


def _told(error: type[Exception], call: Callable[[], object]) -> str:
    """What the engine's error says, as an edge shows it (the engine speaks in keys)."""
    with pytest.raises(error) as raised:
        call()
    return i18n.told(raised.value)


def test_engine_errors_speak_german() -> None:
    i18n.use("de")
    assert "unbekannte Variante 'nope'" in _told(ConfigError, lambda: make_config("nope"))
    assert "Partner wird von 4 Spielern gespielt, nicht von 2" in _told(ConfigError, lambda: make_config("partner", 2))
    assert "unbekannte Regel 'bogus'" in _told(ConfigError, lambda: make_config("draw", 2, options={"bogus": 1}))
    assert "eine ganze Zahl von 1 bis 1000" in _told(ConfigError, lambda: make_config("draw", 2, target=0))
    match = _match()
    assert "ist am Zug, nicht Platz" in _told(IllegalMove, lambda: match.apply(match.legal_moves()[0], seat=1 - match.to_act))
    assert "ist kein Stein" in _told(ValueError, lambda: parse_tile("9-9"))


def test_a_bad_log_is_named_in_german() -> None:
    i18n.use("de")
    assert _told(LogError, lambda: load_matches("{not json\n")).startswith("Zeile 1: kein gültiges JSON")
    assert _told(LogError, lambda: load_matches('{"event": "play"}\n')) == "Zeile 1: ein Protokoll beginnt mit match_start"


def test_an_illegal_end_is_named_in_german() -> None:
    i18n.use("de")
    match = _match()
    match.apply(match.legal_moves()[0])
    ends = {match.layout.end_value("left"), match.layout.end_value("right")}
    misfit = next(t for t in match.hand(match.to_act) if not any(t.has(v) for v in ends if v is not None))
    assert "passt nicht an das Ende links" in _told(IllegalMove, lambda: match.apply(Move(misfit, "left")))


def test_bots_save_problems_and_tournaments_speak_german(tmp_path: Path) -> None:
    i18n.use("de")
    assert [level_word(x) for x in ("easy", "medium", "hard", "expert", "hard:500")] == [
        "leicht", "mittel", "schwer", "Experte", "hard:500"]
    assert i18n.told(Move(parse_tile("3-5"), "left")) == "3-5 links"  # as a bot's note names a move
    with pytest.raises(BotSpecError, match="unbekannte Bot-Stufe"):
        make_bot("grandmaster", random.Random(0))
    full = OSError(errno.ENOSPC, "No space left on device")
    assert (save_problem_brief(full), save_problem_words(full)) == ("Platte voll", "die Platte ist voll")
    assert save_problem_words(PermissionError(errno.EACCES, "denied"), tmp_path).startswith("der Datenordner")
    with pytest.raises(TournamentError, match="unbekanntes Format"):
        make_plan("draw", "knockout", 3)
    i18n.use("en")  # and the English stays as it was
    assert level_word("easy") == "easy" and save_problem_brief(full) == "disk full"
    assert i18n.told(Move(parse_tile("3-5"), "left")) == str(Move(parse_tile("3-5"), "left")) == "3-5 on left"


def test_the_recorder_notes_what_the_catalog_lacks_and_costs_nothing_when_off() -> None:
    i18n.use("de")
    with i18n.record_misses() as missed:
        assert i18n._("Club records") == "Vereinsarchiv"
        assert i18n._("a sentence nobody translated") == "a sentence nobody translated"
        assert i18n.ngettext("one thing nobody counted", "{n} things", 2) == "{n} things"
        assert i18n.pgettext("nowhere", "left over") == "left over"
        i18n.use("de")  # switching inside keeps recording
        i18n._("after the switch")
    assert missed == {"a sentence nobody translated", "one thing nobody counted", "nowhere|left over",
                      "after the switch"}
    with i18n.record_misses() as again:
        pass
    i18n._("not recorded: the recorder is off")
    assert again == set()
    assert not isinstance(getattr(i18n._translation, "_fallback", None), i18n._Misses)


def test_the_records_notice_after_a_match_speaks_german(tmp_path: Path) -> None:
    from dominoes_tui.records import record_or_keep, summarize
    from tests.records.helpers import people, play

    i18n.use("de")
    home = tmp_path / "home"
    match = play("draw", 2, people("Ana", "easy"), seed=7)
    assert record_or_keep(summarize(match), home).message.startswith("Die Partie steht im Vereinsarchiv")
    assert record_or_keep(summarize(match), home).message == "Diese Partie stand schon im Vereinsarchiv."
    broken = RuntimeError("kaputt")

    class Failing:
        def record(self, summary: object) -> None:
            raise broken

    kept = record_or_keep(summarize(match), home, records=Failing())  # type: ignore[arg-type]
    assert kept.message.startswith("Das Vereinsarchiv versagte (RuntimeError: kaputt). Das Protokoll der Partie")
