"""An exact solver of two-player All Fives endings with both hands known (and the boneyard,
if anything is left to draw, in its order), written for the tests from docs/RULES.md
alone: like draw_endgame.py it shares no code with the engine or the bots' search, and
it keeps its own picture of the layout (the spinner and its four arms).

What it follows:

- FIVES-5 the spinner: the first double placed in a round, as the lead or later. As the
  lead its W and E sides are open and N, S closed; placed on an end of the line, the
  line becomes the arm on the other side and the spinner's free side opens; N and S open
  once W and E each hold a tile. Every later double lies crosswise at an arm's end:
  the arm grows by one tile, its value stays. Before any double: a line, ends L and R.
- FIVES-6 the count: each arm holding a tile adds its outer value, twice for a double;
  the spinner adds 2s while W or E is still empty; empty arms add nothing; before a
  spinner, L + R.
- FIVES-7: after every placement (the lead and the last tile included) a count above 0
  divisible by 5 is scored by the placer at once.
- COM-3/COM-4/COM-6: a tile fits an attachment point showing one of its numbers; a
  player who can place must; COM-5: one who cannot draws while something is drawable
  (the top tile, placed at once where it fits), and passes only when nothing is.
- COM-7: the last tile placed ends the round (domino); nobody able to move ends it
  (block). COM-9: a block is won by the lower raw pip total, a tie by nobody.
- FIVES-9: the winner adds round5(the other's pips) (own pips not subtracted; a tied
  block gives no bonus). FIVES-11 with `fives_win_mid_round = on`: a player who scores in
  play and then stands at or above the target wins the match at once, no round bonus.

The log's names for the ends: `left` is L (W once there is a spinner), `right` is R (E),
`up` is N and `down` is S (docs/GAMELOG.md). A lead "a-b" shows a on the left, b on the
right. `solve` returns the value to seat `me` under best play by both: each player makes
the yardstick (the match totals after the round -> a number for `me`) as large (me) or
as small (the other) as it can be; a match won in play is worth 1 to its winner's side
and 0 to the other.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .draw_endgame import BIT, SET, mask_pips

EMPTY = -1
# A layout: (spinner value or EMPTY, W, E, N, S); before a spinner W and E are the line's
# L and R and N, S are EMPTY. An arm is EMPTY or its outer value + 8 when a double lies there.
Layout = tuple[int, int, int, int, int]
NO_LAYOUT: Layout = (EMPTY, EMPTY, EMPTY, EMPTY, EMPTY)
DOUBLE = 8
ARMS = ("left", "right", "up", "down")


def round5(n: int) -> int:
    """n to the nearest multiple of five (§1: remainders 1-2 go down, 3-4 up)."""
    return 5 * ((n + 2) // 5)


def tile_words(tile: tuple[int, int]) -> str:
    return f"{tile[0]}-{tile[1]}"


def _value(arm: int) -> int:
    return arm % DOUBLE


def ends(layout: Layout) -> list[tuple[str, int]]:
    """The attachment points open now, with the number each shows."""
    s, w, e, n, south = layout
    if w == EMPTY and e == EMPTY and s == EMPTY:
        return []  # nothing laid: the next tile is a lead
    if s == EMPTY:
        return [("left", w), ("right", e)]
    out = [("left", s if w == EMPTY else _value(w)), ("right", s if e == EMPTY else _value(e))]
    if w != EMPTY and e != EMPTY:
        out += [("up", s if n == EMPTY else _value(n)), ("down", s if south == EMPTY else _value(south))]
    return out


def count(layout: Layout) -> int:
    """FIVES-6."""
    s, w, e, n, south = layout
    if s == EMPTY:
        return (w if w != EMPTY else 0) + (e if e != EMPTY else 0)
    total = sum(_value(a) * (2 if a >= DOUBLE else 1) for a in (w, e, n, south) if a != EMPTY)
    return total + (2 * s if w == EMPTY or e == EMPTY else 0)


def placed(layout: Layout, tile: tuple[int, int], end: str | None) -> Layout:
    """The layout after `tile` is laid at `end` (None: the lead); it must fit there."""
    a, b = tile
    double = a == b
    s, w, e, n, south = layout
    if end is None:
        return (a, EMPTY, EMPTY, EMPTY, EMPTY) if double else (EMPTY, a, b, EMPTY, EMPTY)
    shows = dict(ends(layout))[end]
    assert shows in tile, (tile, end, layout)
    if s == EMPTY:  # still a line: a double here becomes the spinner (FIVES-5 b)
        if double:
            return (a, w, EMPTY, EMPTY, EMPTY) if end == "right" else (a, EMPTY, e, EMPTY, EMPTY)
        other = b if a == shows else a
        return (EMPTY, other, e, EMPTY, EMPTY) if end == "left" else (EMPTY, w, other, EMPTY, EMPTY)
    arm = shows + DOUBLE if double else (b if a == shows else a)
    arms = [w, e, n, south]
    arms[ARMS.index(end)] = arm
    return (s, arms[0], arms[1], arms[2], arms[3])


def moves(layout: Layout, hand: int) -> Iterator[tuple[str, int, Layout]]:
    """Every legal placement from `hand` (a mask): its words, the tile's bit, the layout after."""
    open_ends = ends(layout)
    for i, tile in enumerate(SET):
        if not hand >> i & 1:
            continue
        if not open_ends:
            yield tile_words(tile), 1 << i, placed(layout, tile, None)
            continue
        for end, shows in open_ends:
            if shows in tile:
                yield f"{tile_words(tile)} {end}", 1 << i, placed(layout, tile, end)


class FivesEnding:
    """One position's solver: the two seats' points so far (the match totals with this
    round's play points in them), the options, the yardstick and the boneyard's order."""

    def __init__(self, options: dict[str, Any], scores: list[int], me: int,
                 yardstick: Callable[[list[int]], float], stock: tuple[tuple[int, int], ...] = ()) -> None:
        self.scores, self.me, self.yardstick, self.stock = list(scores), me, yardstick, stock
        self.target = int(options["target_score"])
        self.mid_round = options.get("fives_win_mid_round") == "on"
        self.reserve = int(options.get("boneyard_reserve", 0))
        self.memo: dict[tuple[Any, ...], float] = {}

    def _round_over(self, hands: tuple[int, int], points: tuple[int, int], winner: int | None) -> float:
        after = [self.scores[i] + points[i] for i in range(2)]
        if winner is not None:
            after[winner] += round5(mask_pips(hands[1 - winner]))
        return self.yardstick(after)

    def solve(self, hands: tuple[int, int], layout: Layout, to_act: int, passed: bool = False,
              points: tuple[int, int] = (0, 0), drawn: int = 0) -> float:
        key = (hands, layout, to_act, passed, points, drawn)
        known = self.memo.get(key)
        if known is not None:
            return known
        mover = hands[to_act]
        options = list(moves(layout, mover))
        if not options and drawn < len(self.stock) - self.reserve:
            # COM-5: draw the top tile; if it fits it must be placed at once, else draw on
            bit = BIT[self.stock[drawn]]
            after = (mover | bit, hands[1]) if to_act == 0 else (hands[0], mover | bit)
            fitting = [m for m in moves(layout, bit)]
            if fitting:
                value = self._best(after, to_act, fitting, points, drawn + 1)
            else:
                value = self.solve(after, layout, to_act, passed, points, drawn + 1)
        elif not options and passed:  # neither can move: blocked (COM-9)
            a, b = mask_pips(hands[0]), mask_pips(hands[1])
            value = self._round_over(hands, points, 0 if a < b else 1 if b < a else None)
        elif not options:
            value = self.solve(hands, layout, 1 - to_act, True, points, drawn)
        else:
            value = self._best(hands, to_act, options, points, drawn)
        self.memo[key] = value
        return value

    def _best(self, hands: tuple[int, int], to_act: int, options: list[tuple[str, int, Layout]],
              points: tuple[int, int], drawn: int) -> float:
        values = [v for _w, v in self._each(hands, to_act, options, points, drawn)]
        return max(values) if to_act == self.me else min(values)

    def _each(self, hands: tuple[int, int], to_act: int, options: list[tuple[str, int, Layout]],
              points: tuple[int, int], drawn: int) -> Iterator[tuple[str, float]]:
        for words, bit, layout in options:
            after = (hands[0] ^ bit, hands[1]) if to_act == 0 else (hands[0], hands[1] ^ bit)
            now = count(layout)
            scored = now if now > 0 and now % 5 == 0 else 0
            got = (points[0] + scored, points[1]) if to_act == 0 else (points[0], points[1] + scored)
            if scored and self.mid_round and self.scores[to_act] + got[to_act] >= self.target:
                yield words, 1.0 if to_act == self.me else 0.0  # FIVES-11: won in play, at once
            elif not after[to_act]:
                yield words, self._round_over(after, got, to_act)
            else:
                yield words, self.solve(after, layout, 1 - to_act, False, got, drawn)

    def move_values(self, hands: tuple[int, int], layout: Layout, to_act: int,
                    points: tuple[int, int] = (0, 0)) -> dict[str, float]:
        """Each legal placement of `to_act` (as "a-b end", a lead "a-b") with its value to `me`."""
        return dict(self._each(hands, to_act, list(moves(layout, hands[to_act])), points, 0))


def layout_of(plays: list[tuple[tuple[int, int], str | None]]) -> Layout:
    """The layout after a round's placements, in order (tile, the log's end or None)."""
    layout = NO_LAYOUT
    for tile, end in plays:
        layout = placed(layout, tile, end)
    return layout
