"""An exact solver of two-player endings on a line (Draw, Block, Classic Duel, Kozel) with
both hands known and nothing left to draw, written for the tests from docs/RULES.md
alone: like draw_endgame.py it shares no code with the engine or the bots' search.

What it follows: COM-3 (a tile fits an end showing one of its numbers; the other number
then shows), COM-4/COM-6 (a player who can place must; one who cannot passes), COM-7
(the last tile placed ends the round; two passes in a row block it), COM-9 (a block is
won by the lower raw pip total, a tie by nobody), and each variant's points for the
round: DRAW-8 and BLOCK-6 (the other's pips after a domino; after a block the
difference, or the loser's pips with `blocked_points = loser_pips`), DUEL-7/8 (a lone
0-0 worth `duel_lone_00`), KOZEL-7/8/9 (the loser records K, a lone 0-0 or 6-6 at their
own values, under the 13-point threshold; the winner records nothing).

`solve` returns the value to seat `me` of the round's end under best play by both, by a
yardstick the caller gives (the scores after the round -> a number): each player makes
it as large (me) or as small (the other) as it can be, which is best play where the two
sides' values add to one.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .draw_endgame import BIT, CARRY, SET, mask_pips, mask_placements

Outcome = tuple[int | None, int, int, bool]  # winner (None: nobody), winner's mask, loser's mask, domino


def round_points(variant: str, options: dict[str, Any], outcome: Outcome) -> int:
    """What the round's winner scores (Draw, Block, Duel), or the loser records (Kozel)."""
    winner, mine, theirs, domino = outcome
    if winner is None:
        return 0
    lone = [SET[i] for i in range(28) if theirs >> i & 1]
    if variant == "kozel":
        if lone == [(0, 0)]:
            return int(options["kozel_lone_00"])
        if lone == [(6, 6)]:
            return int(options["kozel_lone_66"])
        return mask_pips(theirs)
    if domino:
        if variant == "duel" and lone == [(0, 0)]:
            value = options["duel_lone_00"]
            return 0 if str(value) == "pips" else int(value)
        return mask_pips(theirs)
    return mask_pips(theirs) if options.get("blocked_points") == "loser_pips" else mask_pips(theirs) - mask_pips(mine)


def scores_after(variant: str, options: dict[str, Any], scores: list[int], seats: tuple[int, int],
                 outcome: Outcome) -> list[int]:
    """The match totals once the round is scored; `seats` = (winner, loser) when there is one."""
    after = list(scores)
    if outcome[0] is None:
        return after
    winner, loser = seats
    points = round_points(variant, options, outcome)
    if variant == "kozel":
        threshold = int(options["kozel_threshold"])
        opening = options["kozel_threshold_mode"] == "opening"
        if points >= threshold or (opening and after[loser] > 0):
            after[loser] += points
    else:
        after[winner] += points
    return after


class LineEnding:
    """One position's solver: the two hands (as tile sets), the boneyard still to draw from
    (its tiles in draw order, known), the variant's points and the yardstick."""

    def __init__(self, variant: str, options: dict[str, Any], scores: list[int], me: int,
                 yardstick: Callable[[list[int]], float], stock: tuple[tuple[int, int], ...] = ()) -> None:
        self.variant, self.options, self.scores, self.me = variant, options, scores, me
        self.yardstick = yardstick
        self.stock = stock
        # COM-5 with `boneyard_reserve`: the last tiles are never drawn; Block draws nothing
        self.reserve = len(stock) if variant == "block" else int(options.get("boneyard_reserve", 0))
        self.memo: dict[tuple[int, int, int, int, int, bool, int], float] = {}

    def _leaf(self, masks: tuple[int, int], winner: int | None, domino: bool) -> float:
        if winner is None:
            return self.yardstick(list(self.scores))
        loser = 1 - winner
        outcome: Outcome = (winner, masks[winner], masks[loser], domino)
        return self.yardstick(scores_after(self.variant, self.options, self.scores, (winner, loser), outcome))

    def solve(self, hands: tuple[int, int], left: int, right: int, to_act: int, passed: bool, drawn: int = 0) -> float:
        """`drawn`: how many of the boneyard's tiles were drawn already."""
        key = (hands[0], hands[1], min(left, right), max(left, right), to_act, passed, drawn)
        known = self.memo.get(key)
        if known is not None:
            return known
        mover = hands[to_act]
        fits = mover & (CARRY[left] | CARRY[right])
        if not fits and drawn < len(self.stock) - self.reserve:
            # COM-5: no move and something to draw: draw; a tile that fits must be placed at once
            tile = self.stock[drawn]
            after = list(hands)
            after[to_act] = mover | BIT[tile]
            pair = (after[0], after[1])
            if left in tile or right in tile:
                value = self._best(pair, left, right, to_act, BIT[tile], drawn + 1)
            else:
                value = self.solve(pair, left, right, to_act, passed, drawn + 1)
            self.memo[key] = value
            return value
        if not fits:
            if passed:  # nobody can place: blocked, the lower raw total wins (COM-9)
                a, b = mask_pips(hands[0]), mask_pips(hands[1])
                value = self._leaf(hands, 0 if a < b else 1 if b < a else None, False)
            else:
                value = self.solve(hands, left, right, 1 - to_act, True, drawn)
            self.memo[key] = value
            return value
        value = self._best(hands, left, right, to_act, fits, drawn)
        self.memo[key] = value
        return value

    def _best(self, hands: tuple[int, int], left: int, right: int, to_act: int, fits: int, drawn: int) -> float:
        """The best for the mover among placing the tiles in `fits` (as bits)."""
        values = self._placed(hands, left, right, to_act, fits, drawn).values()
        return max(values) if to_act == self.me else min(values)

    def _placed(self, hands: tuple[int, int], left: int | None, right: int | None, to_act: int, tiles: int,
                drawn: int) -> dict[str, float]:
        out: dict[str, float] = {}
        for bit, words, new_left, new_right in mask_placements(tiles, left, right):
            after = list(hands)
            after[to_act] ^= bit
            pair = (after[0], after[1])
            if not after[to_act]:
                out[words] = self._leaf(pair, to_act, True)
            else:
                out[words] = self.solve(pair, new_left, new_right, 1 - to_act, False, drawn)
        return out

    def move_values(self, hands: tuple[int, int], left: int | None, right: int | None,
                    to_act: int) -> dict[str, float]:
        """Each legal placement of `to_act` (as "a-b end", a lead "a-b") with its value to `me`."""
        return self._placed(hands, left, right, to_act, hands[to_act], 0)


def mask_of(tiles: list[str]) -> int:
    out = 0
    for text in tiles:
        x, y = (int(v) for v in text.split("-"))
        out |= BIT[(min(x, y), max(x, y))]
    return out
