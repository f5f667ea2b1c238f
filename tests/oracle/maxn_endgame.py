"""An exact solver of endings with three or more players each for themselves (Draw, Block,
Kozel, All Fives) and every hand known, written for the tests from docs/RULES.md alone: it
shares no code with the engine or the bots' search, and reuses the two-player oracles'
pieces (the tile set, the line's placements, All Fives' layout and count, Kozel's K(i)).

What it follows, beyond what line_endgame.py and fives_endgame.py follow for two:

- COM-2: play goes round the seats in order. COM-5: a player with no move draws the
  boneyard's top tile (its order known) while something is drawable, placing it at once
  where it fits. COM-6/COM-7 (b): with nothing drawable a player without a move passes;
  when every other seat has passed since the last placement and this one cannot place
  either, nobody can: the round is blocked. COM-9: the sole lowest raw total wins a
  block; a shared lowest total wins nobody.
- DRAW-8 (Block too, BLOCK-6; Block never draws, BLOCK-5): the winner adds the others'
  pips together minus their own (own pips 0 after a domino; not subtracted after a
  block with `blocked_points = loser_pips`).
- KOZEL-8/9: the winner records nothing; every other seat records its K(i), each under
  the threshold by its own total. KOZEL-7: a shared lowest total records nothing.
- FIVES-7/9/11: play points at once; the winner adds round5 of the others' pips
  together; with `fives_win_mid_round = on` a player reaching the target in play wins
  the match at once (worth 1 to that seat and 0 to the others).

Best play (max-n): each seat chooses to make its own value (the yardstick: the match
totals after the round -> a number per seat) as large as it can. The rules do not say
how a seat chooses among moves equally good for it, so the solver takes every such
choice into account: a position's result is the SET of value vectors best play may
reach under any way of breaking ties. Where seat s moves, a child's vector v can be
reached when s may be made to rate every other move no higher than v[s] (each subtree
breaks its ties independently), so the set is every child vector with
v[s] >= max over moves of (the least s may get from that move).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .draw_endgame import BIT, mask_pips, mask_placements
from .fives_endgame import count, moves, round5
from .line_endgame import round_points, scores_after

Vector = tuple[float, ...]
Outcomes = frozenset[Vector]
TIE = 1e-9  # values closer than this are equally good: counted as a tie, so as a choice


def reachable(mover: int, children: list[Outcomes]) -> Outcomes:
    """The vectors best play may reach where `mover` chooses among these children."""
    floor = max(min(v[mover] for v in child) for child in children)
    return frozenset(v for child in children for v in child if v[mover] >= floor - TIE)


def interval(outcomes: Outcomes, seat: int) -> tuple[float, float]:
    """[worst, best] of `seat`'s value over what best play may reach."""
    return min(v[seat] for v in outcomes), max(v[seat] for v in outcomes)


class ManyEnding:
    """One position's solver: the variant, its options, the match totals so far (All Fives:
    with this round's play points in them), the yardstick and the boneyard's order."""

    def __init__(self, variant: str, options: dict[str, Any], scores: list[int],
                 yardstick: Callable[[list[int]], list[float]], stock: tuple[tuple[int, int], ...] = ()) -> None:
        assert variant in ("draw", "block", "kozel", "allfives"), variant
        self.variant, self.options, self.scores, self.yardstick = variant, options, list(scores), yardstick
        self.n = len(scores)
        self.stock = () if variant == "block" else stock
        self.reserve = int(options.get("boneyard_reserve", 0))
        self.memo: dict[tuple[Any, ...], Outcomes] = {}

    # -- the round's end --------------------------------------------------------------

    def _value(self, after: list[int]) -> Outcomes:
        return frozenset({tuple(self.yardstick(after))})

    def _ended(self, hands: tuple[int, ...], points: tuple[int, ...], winner: int | None, domino: bool) -> Outcomes:
        after = [self.scores[i] + points[i] for i in range(self.n)]
        if winner is None:
            return self._value(after)
        others = [i for i in range(self.n) if i != winner]
        if self.variant == "allfives":
            after[winner] += round5(sum(mask_pips(hands[i]) for i in others))
        elif self.variant == "kozel":
            for loser in others:  # each records its own K(i) under the threshold (KOZEL-8/9)
                after = scores_after("kozel", self.options, after, (winner, loser),
                                     (winner, hands[winner], hands[loser], domino))
        else:
            won = sum(round_points("draw", self.options, (winner, hands[winner], hands[i], True)) for i in others)
            own = mask_pips(hands[winner])
            after[winner] += won if domino or self.options.get("blocked_points") == "loser_pips" else won - own
        return self._value(after)

    def _blocked(self, hands: tuple[int, ...], points: tuple[int, ...]) -> Outcomes:
        totals = [mask_pips(h) for h in hands]
        low = min(totals)
        winner = totals.index(low) if totals.count(low) == 1 else None
        return self._ended(hands, points, winner, False)

    def round_over(self, hands: tuple[int, ...], went_out: int | None) -> Outcomes:
        """The round's end with these hands left: `went_out` placed its last tile, or
        (None) nobody can place any more."""
        zero = tuple(0 for _ in hands)
        return self._blocked(hands, zero) if went_out is None else self._ended(hands, zero, went_out, True)

    # -- play -------------------------------------------------------------------------

    def _options(self, board: Any, tiles: int) -> Iterator[tuple[str, int, Any]]:
        """Each placement of `tiles` (bits): its words, the tile's bit, the board after."""
        if self.variant == "allfives":
            yield from moves(board, tiles)
            return
        left, right = board
        for bit, words, new_left, new_right in mask_placements(tiles, left, right):
            yield words, bit, (min(new_left, new_right), max(new_left, new_right))

    def _each(self, hands: tuple[int, ...], board: Any, to_act: int, tiles: int, points: tuple[int, ...],
              drawn: int) -> Iterator[tuple[str, Outcomes]]:
        for words, bit, after_board in self._options(board, tiles):
            after = list(hands)
            after[to_act] ^= bit
            rest = tuple(after)
            got = points
            if self.variant == "allfives":
                now = count(after_board)
                scored = now if now > 0 and now % 5 == 0 else 0
                got = tuple(p + scored if i == to_act else p for i, p in enumerate(points))
                if scored and self.options.get("fives_win_mid_round") == "on" and \
                        self.scores[to_act] + got[to_act] >= int(self.options["target_score"]):
                    yield words, frozenset({tuple(1.0 if i == to_act else 0.0 for i in range(self.n))})
                    continue
            if not rest[to_act]:
                yield words, self._ended(rest, got, to_act, True)
            else:
                yield words, self.solve(rest, after_board, (to_act + 1) % self.n, 0, got, drawn)

    def solve(self, hands: tuple[int, ...], board: Any, to_act: int, passes: int, points: tuple[int, ...],
              drawn: int = 0) -> Outcomes:
        """`board`: the line's (low end, high end), or All Fives' layout; `passes`: seats that
        passed in a row just before; `drawn`: the boneyard's tiles drawn already."""
        key = (hands, board, to_act, passes, points, drawn)
        known = self.memo.get(key)
        if known is not None:
            return known
        mover = hands[to_act]
        fits = [bit for _w, bit, _b in self._options(board, mover)]
        if not fits and drawn < len(self.stock) - self.reserve:
            bit = BIT[self.stock[drawn]]  # COM-5: draw; a tile that fits is placed at once
            after = tuple(h | bit if i == to_act else h for i, h in enumerate(hands))
            if any(True for _ in self._options(board, bit)):
                value = reachable(to_act, [o for _w, o in self._each(after, board, to_act, bit, points, drawn + 1)])
            else:
                value = self.solve(after, board, to_act, passes, points, drawn + 1)
        elif not fits:
            if passes == self.n - 1:  # everyone else passed and this seat cannot place: blocked
                value = self._blocked(hands, points)
            else:
                value = self.solve(hands, board, (to_act + 1) % self.n, passes + 1, points, drawn)
        else:
            value = reachable(to_act, [o for _w, o in self._each(hands, board, to_act, mover, points, drawn)])
        self.memo[key] = value
        return value

    def move_outcomes(self, hands: tuple[int, ...], board: Any, to_act: int) -> dict[str, Outcomes]:
        """Each legal placement of `to_act` (as "a-b end") with what best play may reach after it."""
        return dict(self._each(hands, board, to_act, hands[to_act], tuple(0 for _ in hands), 0))

