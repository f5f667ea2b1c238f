"""A small, fast round simulator for the sampling bot (hard.py).

The engine's Match is the authority on the rules, but building one per guess and asking
it for views is far too slow for hundreds of playouts per move. This module plays the
rest of a round on plain integers: tiles are indices into ALL_TILES, hands are lists,
the layout is only what matters for play and scoring (the end values; in All Fives the
four arms of the spinner and whether their outer tiles are doubles). Forced drawing
(COM-5), passing (COM-6), blocks (COM-7), All Fives counts (FIVES-6/7) and capicú
(PARTNER-8) follow docs/RULES.md; the round's points are then scored by the engine's own
`score_round`. A test plays the same guesses through the engine and this module and
checks they agree.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import ALL_TILES, LayoutView, Move, PlayerView, Tile, make_config
from ..engine.bits import BIT, NUMBER
from ..engine.scoring import score_round

LO = [t.low for t in ALL_TILES]
HI = [t.high for t in ALL_TILES]
PIPS = [t.low + t.high for t in ALL_TILES]
DBL = [t.low == t.high for t in ALL_TILES]
INDEX = {t: i for i, t in enumerate(ALL_TILES)}
END_INDEX = {"left": 0, "right": 1, "up": 2, "down": 3}
END_INDEX_NAMES = ("left", "right", "up", "down")


@dataclass
class Board:
    """The layout as the simulator sees it.

    Without a spinner `val[0]`/`val[1]` are the left/right end values. With one
    (`spin` >= 0), the four arms W, E, N, S have a value, whether the outer tile is a
    double, and a tile count; an empty arm shows the spinner's number.
    """

    spin: int
    val: list[int]
    dbl: list[bool]
    cnt: list[int]
    empty: bool = False

    def copy(self) -> Board:
        return Board(self.spin, self.val[:], self.dbl[:], self.cnt[:], self.empty)

    @classmethod
    def from_layout(cls, lv: LayoutView) -> Board:
        if not lv.line:
            return cls(-1, [0, 0, 0, 0], [False] * 4, [0] * 4, True)
        line = lv.line
        if lv.spinner_index is None:
            return cls(-1, [line[0].first, line[-1].second, 0, 0], [False] * 4, [0] * 4)
        s = line[lv.spinner_index].tile.low
        west, east = lv.spinner_index, len(line) - 1 - lv.spinner_index
        val, dbl, cnt = [s, s, s, s], [False] * 4, [west, east, len(lv.up), len(lv.down)]
        if west:
            val[0], dbl[0] = line[0].first, line[0].is_double
        if east:
            val[1], dbl[1] = line[-1].second, line[-1].is_double
        for i, arm in ((2, lv.up), (3, lv.down)):
            if arm:
                val[i], dbl[i] = arm[-1].second, arm[-1].is_double
        return cls(s, val, dbl, cnt)


def open_points(b: Board, fives: bool) -> list[int]:
    if b.empty:
        return []
    if fives and b.spin >= 0 and b.cnt[0] and b.cnt[1]:
        return [0, 1, 2, 3]
    return [0, 1]


def count(b: Board) -> int:
    """FIVES-6."""
    if b.empty:
        return 0
    if b.spin < 0:
        return b.val[0] + b.val[1]
    total = 0
    for i in range(4):
        if b.cnt[i]:
            total += 2 * b.val[i] if b.dbl[i] else b.val[i]
    if not b.cnt[0] or not b.cnt[1]:
        total += 2 * b.spin
    return total


def count_after(b: Board, t: int, point: int) -> int:
    """The All Fives count once tile `t` is placed at `point` (the board is unchanged)."""
    lo, hi = LO[t], HI[t]
    if b.empty:
        return lo + hi  # a lone lead counts both halves; a spinner lead 2s
    v = b.val[point]
    other = hi if lo == v else lo
    if b.spin < 0:
        if lo == hi:  # becomes the spinner; its own side is still empty
            return b.val[1 - point] + 2 * lo
        return other + b.val[1 - point]
    total = 0
    val, dbl, cnt = b.val, b.dbl, b.cnt
    for i in range(4):
        if i == point:
            total += 2 * other if lo == hi else other
        elif cnt[i]:
            total += 2 * val[i] if dbl[i] else val[i]
    if (point != 0 and not cnt[0]) or (point != 1 and not cnt[1]):
        total += 2 * b.spin
    return total


def place(b: Board, t: int, point: int, fives: bool) -> None:
    """Attach tile `t` at point 0..3 (any point for the lead)."""
    lo, hi = LO[t], HI[t]
    if b.empty:
        b.empty = False
        if fives and lo == hi:
            b.spin, b.val, b.cnt = lo, [lo, lo, lo, lo], [0, 0, 0, 0]
        else:
            b.val[0], b.val[1] = lo, hi
        return
    v = b.val[point]
    other = hi if lo == v else lo
    if b.spin < 0:
        if fives and lo == hi:  # the first double becomes the spinner (FIVES-5 b)
            b.spin = lo
            line_arm = 1 - point
            b.cnt[line_arm], b.cnt[point] = 1, 0
            b.val[point], b.val[2], b.val[3] = lo, lo, lo
        else:
            b.val[point] = other
        return
    b.val[point], b.dbl[point] = other, lo == hi
    b.cnt[point] += 1


class Rules:
    """What one decision's playouts need to know of the table, computed once."""

    def __init__(self, view: PlayerView) -> None:
        self.config = make_config(view.variant, view.players, options=dict(view.options))
        self.variant = view.variant
        self.n = view.players
        self.fives = view.variant == "allfives"
        self.draws = self.config.rules.draws
        self.reserve = int(self.config.option("boneyard_reserve") or 0)
        self.teams = view.teams is not None
        self.scores = list(view.scores)
        self.capicu_bonus = bool(self.config.option("capicu_bonus")) if self.teams else False
        self.sides = 2 if self.teams else self.n


def _pick(hand: list[int], b: Board, points: list[int], fives: bool, next_hand: int = -1,
          block_bonus: float = 0.0) -> tuple[int, int] | None:
    """The playout policy: a quick greedy player (scores first in All Fives, then heavy
    tiles and doubles, keeping a number it can follow with). Bitmasks answer "can it
    follow?" at once: the mask of the rest of the hand against the tiles of a number.
    Given the next seat's hand as a mask (`next_hand`, a guess's), a move that leaves it
    nothing to follow gains `block_bonus` (negative to spare a partner)."""
    best: tuple[int, int] | None = None
    best_score = -1e9
    held = 0
    for t in hand:
        held |= BIT[t]
    val = b.val
    for t in hand:
        lo, hi = LO[t], HI[t]
        rest = held ^ BIT[t]
        base = PIPS[t] + (3.0 if lo == hi else 0.0)
        for p in points:
            v = val[p]
            if lo != v and hi != v:
                continue
            new = NUMBER[hi if lo == v else lo]
            score = base + (2.0 if rest & new else 0.0)
            if fives:
                c = count_after(b, t, p)
                if c and c % 5 == 0:
                    score += 3.0 * c
            if next_hand >= 0:
                ends = new  # the ends once placed: the new number and every other open end
                for q in points:
                    if q != p:
                        ends |= NUMBER[val[q]]
                if not next_hand & ends:
                    score += block_bonus
            if score > best_score:
                best_score, best = score, (t, p)
    return best


# (hands, seat to act, board, open points) -> (tile, point), or None when nothing fits
Picker = Callable[[list[list[int]], int, Board, list[int]], "tuple[int, int] | None"]


def playout(
    rules: Rules,
    hands: list[list[int]],
    stock: list[int],
    b: Board,
    to_act: int,
    last_placer: int | None,
    passes: int,
    play_points: list[int],
    trace: list[tuple[int, int, int]] | None = None,
    pick: Picker | None = None,
) -> tuple[int | None, int | None, bool]:
    """Play the round out in place. Returns (went_out, blocker, capicu).
    `trace`, if given, receives every placement as (seat, tile index, point); `pick`, if
    given, chooses instead of the greedy player (it sees every hand: the search's guesses)."""
    n, fives, draws, reserve = rules.n, rules.fives, rules.draws, rules.reserve
    s = to_act
    while True:
        hand = hands[s]
        if b.empty:
            points: list[int] = []
            choice: tuple[int, int] | None = (max(hand, key=lambda t: (PIPS[t], DBL[t])), 0)
        else:
            points = open_points(b, fives)
            choice = _pick(hand, b, points, fives) if pick is None else pick(hands, s, b, points)
        if choice is None:
            if draws and len(stock) > reserve:
                hand.append(stock.pop())
                continue
            passes += 1
            if passes >= n:
                return None, last_placer, False
            s = (s + 1) % n
            continue
        t, p = choice
        capicu = False
        if len(hand) == 1 and rules.capicu_bonus and not b.empty and not DBL[t]:
            ends = {b.val[q] for q in points}
            capicu = len(ends) == 2 and ends == {LO[t], HI[t]}
        if trace is not None:
            trace.append((s, t, p))
        place(b, t, p, fives)
        hand.remove(t)
        passes, last_placer = 0, s
        if fives:
            c = count(b)
            if c and c % 5 == 0:
                play_points[s] += c
        if not hand:
            return s, None, capicu
        s = (s + 1) % n


def side_values(rules: Rules, hands: list[list[int]], went_out: int | None, blocker: int | None,
                capicu: bool, play_points: list[int]) -> list[float]:
    """Points each side gained this round (All Fives play points included);
    in Kozel the penalties, negated."""
    tiles = [[ALL_TILES[i] for i in h] for h in hands]
    outcome = score_round(rules.config, tiles, went_out, blocker, rules.scores, capicu)
    if rules.variant == "kozel":
        return [-float(d) for d in outcome.deltas]
    gains = [float(d) for d in outcome.deltas]
    if rules.fives:
        for seat, pts in enumerate(play_points):
            gains[seat] += pts
    return gains


def apply_root(rules: Rules, b: Board, hand: list[int], move: Move) -> tuple[bool, int]:
    """Apply the bot's own candidate move; returns (capicu, points scored in play)."""
    t = INDEX[move.tile]
    point = 0 if move.end is None else END_INDEX[move.end]
    capicu = False
    if len(hand) == 1 and rules.capicu_bonus and not b.empty and not DBL[t]:
        ends = {b.val[q] for q in open_points(b, rules.fives)}
        capicu = len(ends) == 2 and ends == {LO[t], HI[t]}
    place(b, t, point, rules.fives)
    hand.remove(t)
    scored = 0
    if rules.fives:
        c = count(b)
        if c and c % 5 == 0:
            scored = c
    return capicu, scored


def signature(rules: Rules, b: Board, move: Move) -> tuple:
    """Moves with equal signatures leave equal positions (mirror-image ends)."""
    nb = b.copy()
    place(nb, INDEX[move.tile], 0 if move.end is None else END_INDEX[move.end], rules.fives)
    if nb.spin < 0:
        return (move.tile, -1, tuple(sorted(nb.val[:2])))
    we = tuple(sorted((nb.val[i], nb.dbl[i], nb.cnt[i] > 0) for i in (0, 1)))
    ns = tuple(sorted((nb.val[i], nb.dbl[i], nb.cnt[i] > 0) for i in (2, 3)))
    return (move.tile, nb.spin, we, ns)


def tiles_of(indices: Sequence[int]) -> list[Tile]:
    return [ALL_TILES[i] for i in indices]
