"""The engine speaks in keys: a move's text and an error's text are English in every
process (logs, the protocol's `reason`), and i18n.told() puts them in the reader's language."""
from __future__ import annotations

import pytest

from dominoes_tui import i18n
from dominoes_tui.engine import ConfigError, IllegalMove, LogError, Move, load_matches, make_config, parse_tile, tile


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.use("en")


def test_a_moves_text_is_the_same_in_both_languages() -> None:
    move, lead = Move(tile(3, 5), "up"), Move(tile(6, 6), None)
    texts = {}
    for language in ("en", "de"):
        i18n.use(language)
        texts[language] = (str(move), str(lead), f"{move}")
    assert texts["en"] == texts["de"] == ("3-5 on top", "6-6", "3-5 on top")
    assert i18n.told(move) == "3-5 oben" and i18n.told(lead) == "6-6"  # German, at the edge that shows it


def test_an_engine_error_is_english_until_an_edge_tells_it() -> None:
    i18n.use("de")
    with pytest.raises(ConfigError) as players:
        make_config("duel", 4)
    assert str(players.value) == "Classic Duel is played by 2 players, not 4"
    assert i18n.told(players.value) == "Klassisches Duell wird von 2 Spielern gespielt, nicht von 4"
    with pytest.raises(ValueError) as bad:
        parse_tile("9-9")
    assert i18n.told(bad.value) == "'9-9' ist kein Stein (so schreiben: \"3-5\", Zahlen 0 bis 6)"
    with pytest.raises(LogError) as log:
        load_matches('{"event": "match_start", "version": 1, "variant": "draw", "seats": [{}, {}], "options": {}}\n'
                     '{"event": "dance"}\n')
    assert str(log.value) == "line 2: unknown event 'dance'"
    assert i18n.told(log.value).startswith("Zeile 2: ")
    i18n.use("en")
    assert i18n.told(log.value) == str(log.value)


def test_an_illegal_move_names_the_end_in_the_readers_words() -> None:
    from dominoes_tui.engine.layout import Layout

    layout = Layout(spinner_allowed=False)
    layout.place(tile(3, 5), None)
    with pytest.raises(IllegalMove) as refused:
        layout.place(tile(1, 1), "up")
    i18n.use("de")
    assert str(refused.value) == "the top end is not open"
    assert i18n.told(refused.value) == "das Ende oben ist nicht offen"
