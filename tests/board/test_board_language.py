"""The projector board in German: the server sends the last move of every table as an
event (says.py's template and arguments), the board says it in its own language; the
board's own words are German too and still fit 80×24."""
from __future__ import annotations

from dominoes_tui import i18n
from dominoes_tui.net.evening.board_feed import last_said
from dominoes_tui.ui.render import Look
from dominoes_tui.ui.screens.hosted.board_render import MINI_H, MINI_W, render_board

from .fixtures import _table, sample_board


def text_of(lines) -> str:
    return "\n".join(line.plain for line in lines)


def test_the_server_sends_the_last_move_as_an_event() -> None:
    said = last_said(_table("ZZZZ", ["Ana", "Ben"], 3, 0))
    assert said == {"last": "deal 1: tiles dealt", "last_say": "deal {n}: tiles dealt", "last_args": {"n": 1}}
    played = last_said(_table("ZZZZ", ["Ana", "Ben"], 3, 2))
    assert played["last_say"].startswith("{name} played {tile}") and played["last_args"]["name"] in ("Ana", "Ben")


def test_the_board_in_german_at_80x24() -> None:
    board = sample_board()
    i18n.use("de")
    lines = render_board(board, 80, 24, Look())
    text = text_of(lines)
    assert len(lines) == 24 and all(len(line.plain) <= 80 for line in lines)
    assert "Domino-Tafel" in text and "Tabelle" in text
    assert "legte" in text or "Steine verteilt" in text or "zog" in text or "passte" in text  # the last move, in German
    assert " played " not in text and "tiles dealt" not in text and "to play:" not in text
    i18n.use("en")
    assert "dominoes board" in text_of(render_board(board, 80, 24, Look()))


def test_the_german_leaderboard_names_the_variant_and_a_bot_as_the_table_does() -> None:
    """The list's variant as the settings say it, a bot's row as the records say it
    ("Bot (schwer)"), never the records' own keys (draw, bot:hard)."""
    board = sample_board()
    i18n.use("de")
    text = text_of(render_board(board, 200, 60, Look()))
    assert "Rangliste des Vereins (Draw)" in text and "(draw)" not in text
    assert "Bot (schwer)" in text and "bot:hard" not in text
    board["leaderboard"]["variant"] = "duel"
    assert "Rangliste des Vereins (Klassisches Duell)" in text_of(render_board(board, 200, 60, Look()))


def test_the_german_headline_at_80_columns_keeps_the_evenings_state_whole() -> None:
    """Tried on a projector at 80×24 in German: the top line was cut at the screen's edge
    ("Draw, Schweizer System, Run", "Turnier vorbei: Abschlussta"); and the evening's round
    and a match's deal were both "Runde" side by side."""
    from dominoes_tui.ui.screens.hosted.board_render import headline

    i18n.use("de")
    where = "192.168.178.20:7788"
    lines = render_board(sample_board(), 80, 24, Look(), where)
    top = lines[0].plain.rstrip()
    assert top.endswith("Draw, Schweizer System, Turnierrunde 2 von 3") and len(lines[0].plain) <= 80
    assert top.startswith("Domino-Tafel 192.168.178.20:7788")
    over = {"tables": [{}, {}, {}], "tournament": {"state": "over", "settings": {}}}
    assert headline(over, where, 80).endswith("Turnier vorbei: Abschlusstabelle")
    assert headline(over, where, 80).startswith("Domino-Tafel 192.168.178.20:7788")
    whole = "Domino-Tafel 192.168.178.20:7788  ·  3 Tische laufen  ·  Turnier vorbei: Abschlusstabelle"
    assert headline(over, where, 200) == whole
    assert headline(over, where, 20) == "Turnier vorbei:…"  # a word at a time, never a cut one


def test_a_long_last_move_is_wrapped_on_its_table_card_not_cut() -> None:
    """Tried on the 200×60 board of a club evening: a table's card read "Guest played 1-5
    on the righ", and in German a longer name lost more."""
    board = sample_board()
    card = next(t for t in board["tables"] if t["code"] != board["featured"] and t["last_say"].endswith("the right"))
    card["last_args"] = {**card["last_args"], "name": "Ben[31mRot]0;p"}
    i18n.use("de")
    try:
        lines = [line.plain for line in render_board(board, 200, 60, Look())]
    finally:
        i18n.use("en")
    said = f"Ben[31mRot]0;p legte {card['last_args']['tile']} rechts an"
    at = next((i, line.index(card["code"])) for i, line in enumerate(lines) if f"{card['code']}  " in line)
    on_card = " ".join(line[at[1]: at[1] + MINI_W - 2].strip() for line in lines[at[0]: at[0] + MINI_H - 1])
    assert said in on_card, on_card
