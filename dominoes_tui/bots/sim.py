"""The hard levels' playouts: a greedy playout policy, played on the engine's round core.

The rules of the round (forced draws COM-5, passes COM-6, blocks COM-7, All Fives counts
FIVES-6/7, capicú PARTNER-8) are the engine's own (engine/round.py, engine/board.py):
this module only chooses. `_pick` is a quick greedy player, `playout` plays a round out
with it (or with another picker that sees every hand), and the round's points are
scored by the engine's own scorer (the variant's `score`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Move, PlayerView, Tile, hand_pips, make_config
from ..engine.bits import BIT, DOUBLE, END_INDEX, HI, INDEX, LO, NUMBER, PIPS, TILES
from ..engine.board import Board, fives_points
from ..engine.round import Round
from ..engine.round_end import new_round


class Rules:
    """What one decision's playouts need to know of the table, computed once."""

    def __init__(self, view: PlayerView) -> None:
        self.config = make_config(view.variant, view.players, options=dict(view.options))
        self.variant = view.variant
        self.n = view.players
        self.fives = self.config.rules.counts_fives
        self.teams = view.teams is not None
        self.scores = list(view.scores)
        self.sides = 2 if self.teams else self.n

    def start(self, hands: list[list[int]], stock: list[int], board: Board, to_act: int) -> Round:
        """A round in play with these hands and boneyard (top last), for a search's guess:
        the engine's round, with this table's rules and the view's scores at stake."""
        return new_round(self.config, hands, stock, board, to_act, list(self.scores))


def board_of(view: PlayerView) -> Board:
    """The view's layout as the round core's board."""
    return Board.from_layout(view.layout, view.rules.spinner)


def code_of(move: Move) -> tuple[int, int]:
    """(tile index, point) of a Move."""
    return INDEX[move.tile], END_INDEX[move.end]


def _pick(hand: list[int], b: Board, points: tuple[int, ...], fives: bool, next_hand: int = -1,
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
    row = b.row()
    for t in hand:
        codes = row[t]
        if not codes:
            continue
        lo, hi = LO[t], HI[t]
        rest = held ^ BIT[t]
        base = PIPS[t] + (3.0 if lo == hi else 0.0)
        for code in codes:
            p = code & 3
            v = val[p]
            new = NUMBER[hi if lo == v else lo]
            score = base + (2.0 if rest & new else 0.0)
            if fives:
                score += 3.0 * fives_points(b.count_after(t, p))
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


def greedy(state: Round) -> tuple[int, int] | None:
    """The greedy player's choice for the seat to act."""
    b = state.board
    return _pick(state.hands[state.to_act], b, b.points(), b.fives)


# the round (every hand filled in) -> (tile, point) for the seat to act
Picker = Callable[[Round], "tuple[int, int] | None"]


def step(state: Round, pick: Picker | None = None) -> tuple[int, int]:
    """One placement for the seat to act (the round in play), by the greedy player or by
    `pick`; a lead is the heaviest tile, a double first among equals. Returns (tile, point)."""
    if state.board.empty:
        hand = state.hands[state.to_act]
        choice: tuple[int, int] | None = (max(hand, key=lambda t: (PIPS[t], DOUBLE[t])), 0)
    else:
        choice = greedy(state) if pick is None else pick(state)
    assert choice is not None  # the round hands the turn only to a seat that can play
    state.play(choice[0], choice[1])
    return choice


def playout(state: Round, pick: Picker | None = None, trace: list[tuple[int, int, int]] | None = None) -> None:
    """Play the round out in place, by the greedy player or by `pick` (which sees every
    hand: the search's guesses). `trace`, if given, receives every placement as (seat,
    tile index, point)."""
    while not state.over:
        seat = state.to_act
        t, p = step(state, pick)
        if trace is not None:
            trace.append((seat, t, p))


def side_values(rules: Rules, state: Round) -> list[float]:
    """Points each side gained this round (All Fives play points included);
    in Kozel the penalties, negated."""
    tiles = [[TILES[i] for i in h] for h in state.hands]
    config = rules.config
    outcome = config.rules.score(config, tiles, state.went_out, state.blocker, rules.scores, state.capicu,
                                 [hand_pips(h) for h in tiles])
    if config.rules.penalties:
        return [-float(d) for d in outcome.deltas]
    gains = [float(d) for d in outcome.deltas]
    if rules.fives:
        for seat, pts in enumerate(state.play_points):
            gains[seat] += pts
    return gains


def signature(b: Board, move: Move) -> tuple[object, ...]:
    """Moves with equal signatures leave equal positions (mirror-image ends)."""
    nb = b.copy()
    t, p = code_of(move)
    nb.place(t, p)
    if nb.spin < 0:
        return (move.tile, -1, tuple(sorted(nb.val[:2])))
    we = tuple(sorted((nb.val[i], nb.dbl[i], nb.cnt[i] > 0) for i in (0, 1)))
    ns = tuple(sorted((nb.val[i], nb.dbl[i], nb.cnt[i] > 0) for i in (2, 3)))
    return (move.tile, nb.spin, we, ns)


def tiles_of(indices: Sequence[int]) -> list[Tile]:
    return [TILES[i] for i in indices]
