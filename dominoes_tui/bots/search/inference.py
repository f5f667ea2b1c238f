"""How likely a guess makes the plays the other seats were seen to make.

Uniform guesses (deals.py) use only what the rules reveal: hand sizes and the numbers a
seat has shown it lacks. But players choose: most get rid of heavy tiles and doubles
first and keep numbers they can follow. A guess that gives a seat a heavy tile it could
have played, when it played a light one instead, is less likely than one that does not.

Each other seat's past choices are replayed on the layout as it then was, with the hand
the guess says it then held (the tiles it holds now and those it has placed since), and
scored by sim.py's greedy player; a choice's probability is a softmax over the tiles it
could have placed (`TEMPERATURE` keeps it soft: nobody plays the greedy move every
time). A guess's weight is the product over those choices; the search averages its
values with these weights. A seat's choices before a draw of its own are skipped (the
guess cannot say which of its tiles it held then), as are forced ones (they tell
nothing).
"""
from __future__ import annotations

import math

from ...engine import PlayerView
from ...engine.bits import BIT, NUMBER
from ..knowledge import _tile
from ..sim import END_INDEX, HI, INDEX, LO, PIPS, Board, count_after, open_points, place

TEMPERATURE = 3.0


class Choice:
    """One past choice of another seat: the board it faced, the tile it placed, and the
    tiles it placed after (which the guess must add back to its hand of then)."""

    __slots__ = ("seat", "board", "points", "tile", "later")

    def __init__(self, seat: int, board: Board, points: list[int], tile: int) -> None:
        self.seat, self.board, self.points, self.tile = seat, board, points, tile
        self.later: list[int] = []


class PlayModel:
    def __init__(self, view: PlayerView, fives: bool, temperature: float = TEMPERATURE) -> None:
        self.fives = fives
        self.inv_t = 1.0 / temperature
        board = Board(-1, [0, 0, 0, 0], [False] * 4, [0] * 4, True)
        choices: list[Choice] = []
        open_by_seat: dict[int, list[Choice]] = {}
        for event in view.history:
            kind, seat = event["event"], event.get("seat")
            if kind == "draw":
                open_by_seat.pop(seat, None)
                choices = [c for c in choices if c.seat != seat]  # its hand then is unknown
                continue
            if kind != "play":
                continue
            t = INDEX[_tile(event["tile"])]
            point = 0 if event["end"] is None else END_INDEX[event["end"]]
            for c in open_by_seat.get(seat, []):
                c.later.append(t)
            if seat != view.seat:
                c = Choice(seat, board.copy(), open_points(board, fives), t)
                choices.append(c)
                open_by_seat.setdefault(seat, []).append(c)
            place(board, t, point, fives)
        self.choices = choices

    def weight(self, hands: dict[int, list[int]]) -> float:
        """The likelihood of the seen choices if the other hands are `hands` now."""
        w = 1.0
        for c in self.choices:
            held = hands[c.seat] + c.later
            held.append(c.tile)
            w *= self._probability(held, c)
        return w

    def _probability(self, hand: list[int], c: Choice) -> float:
        b, fives, inv_t = c.board, self.fives, self.inv_t
        mask = 0
        for t in hand:
            mask |= BIT[t]
        total, chosen = 0.0, 0.0
        options = 0
        for t in hand:
            lo, hi = LO[t], HI[t]
            rest = mask ^ BIT[t]
            best = None
            if b.empty:
                best = PIPS[t] + (3.0 if lo == hi else 0.0)
            else:
                for p in c.points:
                    v = b.val[p]
                    if lo != v and hi != v:
                        continue
                    score = PIPS[t] + (3.0 if lo == hi else 0.0) + (2.0 if rest & NUMBER[hi if lo == v else lo] else 0.0)
                    if fives:
                        n = count_after(b, t, p)
                        if n and n % 5 == 0:
                            score += 3.0 * n
                    if best is None or score > best:
                        best = score
            if best is None:
                continue
            options += 1
            e = math.exp(best * inv_t)
            total += e
            if t == c.tile:
                chosen = e
        if options <= 1 or total == 0.0:
            return 1.0
        return chosen / total
