"""One determinization of a round in progress, stepped move by move.

The search (pimc.py) plays its candidates on such a state: every hidden hand and the
boneyard are filled in by a guess (deals.py), so the state is a complete round that can
be played forward exactly as the engine would (forced draws COM-5, passes COM-6, blocks
COM-7, All Fives counts FIVES-6/7, capicú PARTNER-8). The board and the playout policy
are sim.py's, so the search and the hard level's playouts share one tested simulator.
"""
from __future__ import annotations

from ..sim import DBL, HI, LO, Board, Rules, _pick, count, open_points, place

Key = tuple[int, int, int]  # (seat, tile index, point): an edge of the search tree


class RoundState:
    __slots__ = ("rules", "hands", "stock", "board", "to_act", "passes", "last_placer",
                 "play_points", "went_out", "blocker", "capicu", "over")

    def __init__(self, rules: Rules, hands: list[list[int]], stock: list[int], board: Board,
                 to_act: int, last_placer: int | None, passes: int = 0) -> None:
        self.rules = rules
        self.hands = hands
        self.stock = stock  # top last
        self.board = board
        self.to_act = to_act
        self.passes = passes
        self.last_placer = last_placer
        self.play_points = [0] * rules.n
        self.went_out: int | None = None
        self.blocker: int | None = None
        self.capicu = False
        self.over = False

    def copy(self) -> RoundState:
        twin = RoundState(self.rules, [h[:] for h in self.hands], self.stock[:], self.board.copy(), self.to_act,
                          self.last_placer, self.passes)
        twin.play_points = self.play_points[:]
        twin.went_out, twin.blocker, twin.capicu, twin.over = self.went_out, self.blocker, self.capicu, self.over
        return twin

    def apply_key(self, key: Key) -> None:
        """Make the move `key` (a lead too: `place` takes any point on an empty board)."""
        self.play(key[1], key[2])

    def moves(self) -> list[Key]:
        """The placements open to the seat to act, one per distinct result: two ends
        showing the same number (and looking alike) give one move, not two."""
        seat, b, fives = self.to_act, self.board, self.rules.fives
        points = open_points(b, fives)
        if fives and b.spin >= 0:
            seen: set[tuple] = set()
            distinct = []
            for p in points:
                sig = (p >= 2, b.val[p], b.dbl[p], b.cnt[p] > 0)
                if sig not in seen:
                    seen.add(sig)
                    distinct.append(p)
            points = distinct
        elif len(points) == 2 and b.val[0] == b.val[1]:
            points = [0]
        lo, hi, val = LO, HI, b.val
        out: list[Key] = []
        for t in self.hands[seat]:
            for p in points:
                v = val[p]
                if lo[t] == v or hi[t] == v:
                    out.append((seat, t, p))
        return out

    def play(self, t: int, p: int) -> None:
        """Place tile `t` at point `p` for the seat to act, then hand the turn on."""
        rules, b, seat = self.rules, self.board, self.to_act
        hand = self.hands[seat]
        if len(hand) == 1 and rules.capicu_bonus and not b.empty and not DBL[t]:
            ends = {b.val[q] for q in open_points(b, rules.fives)}
            self.capicu = len(ends) == 2 and ends == {LO[t], HI[t]}
        place(b, t, p, rules.fives)
        hand.remove(t)
        self.passes, self.last_placer = 0, seat
        if rules.fives:
            c = count(b)
            if c and c % 5 == 0:
                self.play_points[seat] += c
        if not hand:
            self.over, self.went_out = True, seat
            return
        self.advance((seat + 1) % rules.n)

    def advance(self, seat: int) -> None:
        """Draw and pass for every seat that must (COM-5, COM-6) until one can play."""
        rules, b, n = self.rules, self.board, self.rules.n
        lo, hi = LO, HI
        while True:
            ends = {b.val[q] for q in open_points(b, rules.fives)}
            hand = self.hands[seat]
            for t in hand:
                if lo[t] in ends or hi[t] in ends:
                    self.to_act = seat
                    return
            if rules.draws and len(self.stock) > rules.reserve:
                hand.append(self.stock.pop())
                continue
            self.passes += 1
            if self.passes >= n:
                self.over, self.blocker = True, self.last_placer
                return
            seat = (seat + 1) % n

    def greedy(self) -> Key | None:
        """The playout policy's own choice here (the search tries it first)."""
        choice = _pick(self.hands[self.to_act], self.board, open_points(self.board, self.rules.fives),
                           self.rules.fives)
        return None if choice is None else (self.to_act, choice[0], choice[1])
