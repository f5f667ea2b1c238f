"""Pure drawing: tiles, hands and the chain as a person would read them."""
from __future__ import annotations

import random

from dominoes_tui.engine import PLAYING, Match, make_config, tile, view_for
from dominoes_tui.ui.chain_render import render_chain
from dominoes_tui.ui.render import Look, double_rows, hand_index_at, plain, render_hand, tile_rows
from tests.ui.helpers import play


def test_a_tile_is_box_drawing_and_digits_never_domino_glyphs() -> None:
    assert tile_rows(3, 5, Look()) == ["┌─┬─┐", "│3│5│", "└─┴─┘"]
    assert double_rows(4, Look()) == ["┌─┐", "│4│", "├─┤", "│4│", "└─┘"]
    assert tile_rows(3, 5, Look(ascii=True)) == ["+-+-+", "|3|5|", "+-+-+"]
    assert tile_rows(0, 6, Look(pips=True))[1] == "│·│⠿│"
    text = "".join(tile_rows(a, b, look) [1] for a in range(7) for b in range(7) for look in (Look(), Look(pips=True)))
    assert not any(0x1F030 <= ord(c) <= 0x1F093 for c in text)


def test_ascii_mode_uses_only_ascii() -> None:
    layout = play("allfives", [("5-5", None), ("5-1", "right"), ("5-3", "left"), ("5-6", "up")])
    picture = render_chain(layout, Look(ascii=True, pips=True), 80, 12, targets=["down"])
    hand = render_hand([tile(1, 2), tile(3, 3)], Look(ascii=True), 80, {0}, 0)
    assert plain(picture.lines).isascii() and plain(hand).isascii()


def test_the_chain_lies_left_to_right_with_doubles_crosswise_and_ends_marked() -> None:
    layout = play("draw", [("3-5", None), ("5-5", "right"), ("5-2", "right"), ("1-3", "left")])
    text = plain(render_chain(layout, Look(), 80, 11).lines)
    lines = text.splitlines()
    assert lines[0].strip() == "┌─┐"  # the double stands crosswise above the line
    assert "l:1 │1│3││3│5│├─┤│5│2│ 2:r" in lines[2]


def test_the_selected_tiles_ends_get_an_arrow_not_only_colour() -> None:
    layout = play("draw", [("3-5", None)])
    text = plain(render_chain(layout, Look(), 80, 11, targets=["left"]).lines)
    assert "l:3▶" in text and " 5:r" in text


def test_a_long_chain_bends_into_a_snake_and_the_right_end_follows() -> None:
    m = Match(make_config("draw", 2), random.Random(5))
    m.begin_round()
    for _ in range(20):
        if m.phase != PLAYING:
            break
        m.apply(m.legal_moves()[0])
    layout = view_for(m, 0).layout
    picture = render_chain(layout, Look(), 60, 11)
    text = plain(picture.lines)
    assert "╮" in text and "╯" in text  # the bend at the right edge
    assert set(picture.hot) == {"left", "right"}
    # the right end's label sits where the snake's last band ends
    x, y, _ = picture.hot["right"]
    assert y > picture.hot["left"][1]


def test_the_spinner_shows_its_four_sides() -> None:
    layout = play("allfives", [("5-5", None), ("5-1", "right"), ("5-3", "left"), ("5-6", "up")])
    rows = plain(render_chain(layout, Look(), 80, 16).lines).splitlines()
    text = "\n".join(rows)
    # the up arm stands on the spinner: 5-6 upright, 5 next to the spinner, 6 at the open end
    top = next(i for i, r in enumerate(rows) if "u:6" in r)
    x = rows[top + 1].index("┌─┐")
    assert [r[x : x + 3] for r in rows[top + 1 : top + 7]] == ["┌─┐", "│6│", "├─┤", "│5│", "└─┘", "┌─┐"]
    assert "d:5" in text
    assert "l:3" in text and "1:r" in text


def test_when_space_is_short_the_chain_goes_compact() -> None:
    m = Match(make_config("allfives", 2), random.Random(2))
    m.begin_round()
    for _ in range(14):
        if m.phase != PLAYING:
            break
        m.apply(m.legal_moves()[-1])
    layout = view_for(m, 0).layout
    assert render_chain(layout, Look(), 80, 6).compact


def test_a_compact_arm_shows_a_double_across_it_with_both_faces() -> None:
    """Seen at 200x60 (session 22): in compact drawing a double at the end of the down arm
    showed as a lone ├─┤, its faces lost."""
    layout = play("allfives", [("2-2", None), ("2-3", "right"), ("2-4", "left"), ("2-1", "down"),
                               ("1-5", "down"), ("5-5", "down")])
    picture = render_chain(layout, Look(), 80, 14)
    assert picture.compact
    rows = plain(picture.lines).splitlines()
    label = next(i for i, r in enumerate(rows) if "d:5" in r)
    across = rows[label - 2]  # the double's row, above the empty row under it and the label
    assert "[5│5]" in across and "├─┤" not in across
    assert "[5|5]" in plain(render_chain(layout, Look(ascii=True), 80, 14).lines)


def test_hand_shows_keys_playable_shape_and_selection() -> None:
    hand = [tile(0, 1), tile(2, 3), tile(4, 4)]
    text = plain(render_hand(hand, Look(), 80, playable={1, 2}, selected=1))
    rows = text.splitlines()
    assert rows[0].startswith("┌─┬─┐ ┏━┳━┓ ┏━┳━┓")  # playable tiles have a heavy border
    assert rows[3] == "  1   ▲ 2 ▲   3"
    hidden = plain(render_hand(hand, Look(), 80, hidden=True))
    assert "░" in hidden and "2" not in hidden
    assert hand_index_at(7, 1, 3, 80) == 1 and hand_index_at(5, 1, 3, 80) is None


def test_allfives_scoresheet_has_one_column_a_side_with_play_bonus_and_total() -> None:
    from dominoes_tui.engine import make_config
    from dominoes_tui.table.client import RoundReport, SeatInfo
    from dominoes_tui.ui.screens.scoresheet import scoresheet_rows

    config = make_config("allfives", 3)
    seats = (SeatInfo("You", "human"), SeatInfo("Bot 1", "bot", "medium"), SeatInfo("Bot 2", "bot", "medium"))
    common = dict(terms=(), went_out=None, hands=((), (), ()), capicu=False, blocker=None, match_over=False,
                  match_winner=None, match_loser=None)
    rounds = [
        RoundReport(round=1, result="domino", winner=2, points=40, play_points=(0, 10, 5), scores=(0, 10, 45), **common),
        RoundReport(round=2, result="won_in_play", winner=1, points=0, play_points=(5, 145, 0), scores=(5, 155, 45), **common),
    ]
    headings, rows = scoresheet_rows(rounds, config, seats)
    assert headings == ["Round", "Result", "You", "Bot 1", "Bot 2"]
    # the round's winner is marked: a lone "+30" read like a bonus
    assert rows[0] == ["1", "domino", "·", "+10 (10)", "*5+40 (45)"]
    assert rows[1] == ["2", "won in play", "+5 (5)", "*+145 (155)", "·"]
