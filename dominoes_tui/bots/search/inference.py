"""How likely a guess makes the plays the other seats were seen to make.

Uniform guesses (deals.py) use only what the rules reveal: hand sizes and the numbers a
seat has shown it lacks. But players choose: most get rid of heavy tiles and doubles
first and keep numbers they can follow, and good players set up blocks. A guess that
gives a seat a tile it would rather have played than the one it did is less likely than
one that does not.

Each other seat's past choices are replayed on the layout as it then was, with the hand
the guess says it then held (the tiles it holds now and those it has placed since), and
each choice's probability is a softmax over what it could have placed, scored by a play
style (play_style.py: the greedy rule of thumb, or in Block and Kozel 3p a style fitted to a
searching player). A guess's weight is the product over those choices; the search
averages its values with these weights. A seat's choices before a draw of its own are
skipped (the guess cannot say which of its tiles it held then), as are forced ones
(they tell nothing).
"""
from __future__ import annotations

from typing import Any

from ...engine import Layout, PlayerView, parse_tile
from ...engine.bits import BIT, END_INDEX, INDEX
from ...engine.board import Board
from ...engine.knowledge import replay_history
from .play_style import GREEDY_TEMPERATURE, LineStyle, greedy_score, line_score, softmax_share


class Choice:
    """One past choice of another seat: the board it faced, the tiles on the table, the
    tile it placed and where, and the tiles it placed after (which the guess must add
    back to its hand of then)."""

    __slots__ = ("seat", "board", "points", "tile", "point", "placed", "later")

    def __init__(self, seat: int, board: Board, points: tuple[int, ...], tile: int, point: int = 0, placed: int = 0) -> None:
        self.seat, self.board, self.points, self.tile = seat, board, points, tile
        self.point, self.placed = point, placed
        self.later: list[int] = []


class PlayModel:
    def __init__(self, view: PlayerView, fives: bool, temperature: float = GREEDY_TEMPERATURE,
                 style: LineStyle | None = None) -> None:
        self.fives = fives
        self.inv_t = 1.0 / temperature
        self.style = None if fives else style  # a fitted style reads a line only
        self.choices: list[Choice] = []
        self._open_by_seat: dict[int, list[Choice]] = {}
        self._placed = 0
        self._me = view.seat
        replay_history(view.players, view.history, fives, self._note)

    def _note(self, event: dict[str, Any], layout: Layout) -> None:
        """One event of the round's history, the layout as it stood before it."""
        kind = event["event"]
        if kind == "pass":
            return
        seat: int = event["seat"]  # every draw and play names its seat (docs/GAMELOG.md)
        if kind == "draw":
            self._open_by_seat.pop(seat, None)
            self.choices = [c for c in self.choices if c.seat != seat]  # its hand then is unknown
            return
        t = INDEX[parse_tile(event["tile"])]
        for c in self._open_by_seat.get(seat, []):
            c.later.append(t)
        if seat != self._me:
            board = Board.from_layout(layout, self.fives)
            c = Choice(seat, board, board.points(), t, END_INDEX[event["end"]], self._placed)
            self.choices.append(c)
            self._open_by_seat.setdefault(seat, []).append(c)
        self._placed |= BIT[t]

    def weight(self, hands: dict[int, list[int]]) -> float:
        """The likelihood of the seen choices if the other hands are `hands` now."""
        w = 1.0
        for c in self.choices:
            held = hands[c.seat] + c.later
            held.append(c.tile)
            w *= self._probability(held, c)
        return w

    def _probability(self, hand: list[int], c: Choice) -> float:
        mask = 0
        for t in hand:
            mask |= BIT[t]
        b = c.board
        scores: list[float] = []
        chosen = -1
        if self.style is not None:  # every placement is an option, each end its own
            for code in b.codes(hand, mask):
                t, p = code >> 2, code & 3
                if t == c.tile and p == c.point:
                    chosen = len(scores)
                scores.append(line_score(self.style, mask, c.placed, b, t, p))
        else:  # the greedy rule: a tile at its best point
            for t in hand:
                best = greedy_score(mask, b, c.points, t, self.fives)
                if best is not None:
                    if t == c.tile:
                        chosen = len(scores)
                    scores.append(best * self.inv_t)
        if len(scores) <= 1:
            return 1.0
        return softmax_share(scores, chosen) if chosen >= 0 else 0.0
