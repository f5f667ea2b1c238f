"""One round in play, on integers: the rules of a round, written once (COM-3 … COM-8,
FIVES-5 … FIVES-7, PARTNER-8).

The engine's Match plays its rounds on a Round, and the searching bots copy one and
play their guesses forward on it, as a chess engine copies a board: `copy()` is cheap,
and `play(t, point)` places tile index `t` (bits.py) at open end `point` (an index into
END_NAMES; 0 for the lead), then hands the turn on, drawing and passing for every seat
that must (COM-5, COM-6) until one can play or a whole lap has passed (a block, COM-7).
A move as one integer is its code, `t * 4 + point`.

The round also knows the stakes that can end it early: the sides' totals before its own
play points (`scores`) and, where All Fives' `fives_win_mid_round` is on, the target a
seat wins the match at the moment it reaches it in play (`win_at`, FIVES-11). So a
search's copy ends a guess where the match would end, and `round_end.settle` scores
a finished round, the match's verdict included, for Match and the searching bots alike.

Match logs what happens: it gives its round a `journal` (its list of compact log
records, events.py) to which every forced draw and pass is appended; a search's copies
keep none, so a guess costs no record.
"""
from __future__ import annotations

from typing import Any

from .bits import BIT, DOUBLE, HI, LO, fits, mask_of
from .board import Board, fives_points
from .events import DRAW, PASS


def drawable(draws: bool, boneyard: int, reserve: int) -> int:
    """Tiles that can still be drawn from a boneyard of `boneyard` tiles: those above the
    reserve, never below 0 (COM-5), none in a variant without drawing."""
    if not draws:
        return 0
    left = boneyard - reserve
    return left if left > 0 else 0


def is_capicu(t: int, ends: list[int]) -> bool:
    """PARTNER-8: going out with a mixed tile whose numbers are the two different values
    at the open ends (`ends`, before it is placed)."""
    if DOUBLE[t] or len(ends) < 2 or len(set(ends)) != 2:
        return False
    return {LO[t], HI[t]} == set(ends)


class Round:
    __slots__ = ("n", "draws", "reserve", "hands", "masks", "stock", "board", "to_act", "passes",
                 "last_placer", "lead", "play_points", "went_out", "blocker", "capicu", "over", "journal",
                 "scores", "win_at", "won_in_play")

    def __init__(self, n: int, draws: bool, reserve: int, hands: list[list[int]], stock: list[int],
                 board: Board, to_act: int = 0, lead: int = -1, journal: list[Any] | None = None,
                 masks: list[int] | None = None, scores: list[int] | None = None, win_at: int = -1) -> None:
        self.n = n
        self.draws = draws  # a seat that cannot play draws (COM-5) while more than
        self.reserve = reserve  # `reserve` tiles are left in the boneyard
        self.hands = hands  # tile indices in the order held
        self.masks = [mask_of(h) for h in hands] if masks is None else masks  # the hands as bitmasks
        self.stock = stock  # the boneyard, top tile last so a draw is a pop()
        self.board = board
        self.to_act = to_act
        self.passes = 0  # passes in a row since the last placement
        self.last_placer: int | None = None
        self.lead = lead  # the tile the round must be led with (COM-8), or -1
        self.play_points = [0] * n  # All Fives points scored in play this round (FIVES-7)
        self.went_out: int | None = None
        self.blocker: int | None = None
        self.capicu = False
        self.over = False
        self.journal = journal
        # the sides' totals before this round's play points (never changed here), and the
        # total a seat's play points win the match at once (FIVES-11), -1 where they do not
        self.scores = [0] * n if scores is None else scores
        self.win_at = win_at
        self.won_in_play: int | None = None

    def copy(self) -> Round:
        """An independent copy, without a journal (what a search plays guesses on)."""
        twin = Round(self.n, self.draws, self.reserve, [h[:] for h in self.hands], self.stock[:], self.board.copy(),
                     self.to_act, self.lead, None, self.masks[:], self.scores, self.win_at)
        twin.passes, twin.last_placer, twin.won_in_play = self.passes, self.last_placer, self.won_in_play
        twin.play_points = self.play_points[:]
        twin.went_out, twin.blocker, twin.capicu, twin.over = self.went_out, self.blocker, self.capicu, self.over
        return twin

    def set_hands(self, hands: list[list[int]]) -> None:
        self.hands = hands
        self.masks = [mask_of(h) for h in hands]

    # -- reading --------------------------------------------------------------------
    def legal(self) -> list[int]:
        """The codes open to the seat to act: hand order first, then end order, one per
        end even when two ends show the same number (COM-3). On an empty board every
        tile may lead, or only the one the lead procedure names (COM-8)."""
        if self.over:
            return []
        seat = self.to_act
        return self.board.codes(self.hands[seat], self.masks[seat], self.lead)

    def drawable(self) -> int:
        """Tiles that can still be drawn now (the module's `drawable`)."""
        return drawable(self.draws, len(self.stock), self.reserve)

    def in_play(self) -> int:
        """Tiles that can still come into play: every hand and what can be drawn (what
        decides how big the rest of the round is to search)."""
        total = self.drawable()
        for hand in self.hands:
            total += len(hand)
        return total

    def is_legal(self, t: int, point: int) -> bool:
        """Whether the seat to act may place tile `t` at `point` now (the lead: point 0)."""
        if self.over or not self.masks[self.to_act] >> t & 1:
            return False
        b = self.board
        if b.empty:
            return point == 0 and (self.lead < 0 or self.lead == t)
        if point < 0 or point > 3 or (point > 1 and not b.four):
            return False
        return fits(t, b.val[point])

    # -- changing -------------------------------------------------------------------
    def place(self, t: int, point: int) -> int:
        """Place tile `t` at `point` for the seat to act (the caller has checked it is
        legal) and return the All Fives points it scores in play (FIVES-6/7), 0 if none.
        Going out ends the round (capicú noted, PARTNER-8); the turn is not handed on."""
        seat, b = self.to_act, self.board
        hand = self.hands[seat]
        if len(hand) == 1:
            self.capicu = is_capicu(t, b.values())
        hand.remove(t)
        self.masks[seat] ^= BIT[t]
        b.place(t, point)
        self.lead = -1
        self.last_placer = seat
        self.passes = 0
        scored = 0
        if b.fives:
            scored = fives_points(b.count())
            if scored:
                self.play_points[seat] += scored
                if 0 <= self.win_at <= self.scores[seat] + self.play_points[seat]:
                    self.over, self.won_in_play = True, seat
        if not hand:
            self.over, self.went_out = True, seat
        return scored

    def advance(self, seat: int) -> None:
        """Hand the turn to `seat`, drawing and passing for every seat that must (COM-5,
        COM-6) until one can play; a whole lap of passes blocks the round (COM-7 b)."""
        fits = self.board.ends  # draws and passes leave the ends as they are
        masks, stock, journal, n = self.masks, self.stock, self.journal, self.n
        while True:
            if masks[seat] & fits:
                self.to_act = seat
                return
            if self.draws and len(stock) > self.reserve:
                t = stock.pop()
                self.hands[seat].append(t)
                masks[seat] |= BIT[t]
                if journal is not None:
                    journal.append((DRAW, seat, t))
                continue
            if journal is not None:
                journal.append((PASS, seat))
            self.passes += 1
            if self.passes >= n:
                self.over, self.blocker = True, self.last_placer
                return
            seat += 1
            if seat == n:
                seat = 0

    def play(self, t: int, point: int) -> None:
        """Place tile `t` at `point`, then hand the turn on (All Fives points go to
        `play_points`)."""
        seat = self.to_act
        self.place(t, point)
        if not self.over:
            self.advance(seat + 1 if seat + 1 < self.n else 0)
