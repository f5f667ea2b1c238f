"""The puzzle of the evening drawn in the board's big area: pure, a `board` message's
`puzzle` in, lines of a canvas out.

From the top: the question ("Puzzle of the evening: Ana to play. What is the best
move?"), where it comes from, the scores and the tiles in each hand, the chain (projector
size where it fits), the mover's tiles, and at the bottom the countdown or, once the
server has sent it, the answer. Names are plain text, as everywhere on the board.
"""
from __future__ import annotations

import textwrap
from dataclasses import replace
from typing import Any

from ....engine import VARIANTS, Tile
from ....i18n import _
from ....net.wire.protocol import view_from_json
from ....table.plain import plain
from ...chain_render import chain_height, render_chain
from ...render import Canvas, Look, hand_per_row, tile_label, tile_rows
from ...words import theme_word, variant_title
from ..replay.replay_words import move_text

NAME_LIMIT = 24  # characters of a name shown


def countdown(seconds: float) -> str:
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def question(part: dict[str, Any]) -> str:
    return _("Puzzle of the evening: {name} to play. What is the best move?").format(
        name=plain(part.get("name"), NAME_LIMIT))


def answer_words(part: dict[str, Any]) -> str:
    """The answer as the board says it: the move(s), proved or not, the themes."""
    moves = _(" or ").join(move_text(plain(m, 12)) for m in part.get("answer") or [])
    how = _("proved") if part.get("solved") else _("estimated, not proved")
    said = _("Answer: {moves} ({how})").format(moves=moves, how=how)
    themes = ", ".join(theme_word(plain(t, 20)) for t in part.get("theme") or [])
    return said + (" · " + _("theme: {themes}").format(themes=themes) if themes else "")


def _facts(part: dict[str, Any], names: list[str], view: Any) -> list[str]:
    rules = variant_title(view.variant) if view.variant in VARIANTS else plain(view.variant, 12)
    where = _("From table {code}, round {n} · {rules}, target {target}").format(
        code=plain(part.get("table"), 8), n=part.get("round"), rules=rules, target=view.target)
    sides = [list(t) for t in view.teams] if view.teams else [[s] for s in range(view.players)]
    scores = "   ".join(f"{' & '.join(names[s] for s in side)} {score}" for side, score in zip(sides, view.scores))
    others = [f"{names[s]} {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat]
    held = _("in hand: {hands}").format(hands=", ".join(others))
    if view.boneyard:
        held += " · " + _("boneyard {n}").format(n=view.boneyard)
    return [where, _("Scores: {scores}").format(scores=scores), held]


def _hand_rows(hand: list[Tile], look: Look, width: int) -> list[str]:
    """The mover's tiles drawn side by side (no keys beneath: nobody plays here)."""
    per_row = hand_per_row(width, look)
    rows: list[str] = []
    for start in range(0, len(hand), per_row):
        drawn = [tile_rows(t.low, t.high, look) for t in hand[start:start + per_row]]
        rows += [" ".join(tile[i] for tile in drawn) for i in range(look.tile_h)]
    return rows


def draw_puzzle(c: Canvas, x: int, y: int, width: int, height: int, part: dict[str, Any], look: Look) -> None:
    """The puzzle in the rectangle at (x, y), `width` × `height`: top to bottom as the
    module says, the chain and the tiles projector size where they fit, else smaller,
    else the tiles as one line of labels."""
    view = view_from_json(part["view"])
    names = [plain(n, NAME_LIMIT) for n in view.names]
    bottom = y + height
    rows: list[tuple[str, str | None]] = [(row, "bold") for row in textwrap.wrap(question(part), width)]
    rows += [(row, None) for line in _facts(part, names, view) for row in textwrap.wrap(line, width)]
    for i, (row, style) in enumerate(rows):
        c.put(x, y + i, row, style)
    y += len(rows)
    if "answer" in part:
        last, style = textwrap.wrap(answer_words(part), width), "bold reverse"
    else:
        last, style = [_("The answer in {time}").format(time=countdown(float(part.get("answer_in") or 0)))], "bold"
    hand = list(view.hand)
    gap = 1  # a blank row above the chain and one above the last line
    avail = bottom - y - len(last) - 2 * gap  # for the chain, a gap, the label and the tiles
    big = replace(look, big=True)
    # the chain whole at normal size before big tiles in the hand (its compact drawing
    # was cut at 80x24 where the hand took the room)
    least = chain_height(view.layout, width, compact=False, big=False)
    tiles: list[str] = []
    for tiles in (_hand_rows(hand, big, width), _hand_rows(hand, replace(look, big=False), width),
                  textwrap.wrap(" ".join(tile_label(t) for t in hand), width)):
        if avail - 2 - len(tiles) >= least:
            break
    if avail - 2 - len(tiles) < chain_height(view.layout, width, compact=True, sideways=True):
        # the chain whole before the blank rows: at 80x24 a long one lost its last row
        # when the answer came (two lines in German) where the countdown had taken one
        gap, avail = 0, avail + 2 * gap
    y += gap
    chain_h = max(1, min(avail - 2 - len(tiles), chain_height(view.layout, width, compact=False, big=True)))
    picture = render_chain(view.layout, big, width, chain_h)
    for i, line in enumerate(picture.lines[:chain_h]):
        c.put(x, y + i, line.plain[:width], line.style or None)
        for span in line.spans:
            c.put(x + span.start, y + i, line.plain[span.start: span.end][: max(0, width - span.start)], span.style)
    y += chain_h + 1
    c.put(x, y, _("{name}'s tiles:").format(name=names[view.seat]), "bold")
    c.block(x, y + 1, [t[:width] for t in tiles], "bold")
    for i, row in enumerate(last):
        c.put(x, bottom - len(last) + i, row.ljust(width) if "reverse" in style else row, style)
