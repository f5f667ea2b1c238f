"""Exact play of a Partner hand with every tile known: who wins it, with best play by all.

The search (pimc.py) guesses the hidden hands; near the end of a hand, with few tiles
left, a guess is small enough to be played out perfectly instead of by the greedy
players, whose blunders in the last few moves decide many hands. This is the classic
"perfect-information Monte Carlo" step, and like it the answer is optimistic for every
seat (each plays as if it saw all hands); averaged over many guesses it is still a far
better guide than a fixed policy.

Partner only (PARTNER-2..6): seats alternate teams, so a pass hands the turn to the
other team, and a value for the side to act is the negation of the next seat's (negamax
over win = 1, tie = 0, loss = -1). A hand ends when a seat places its last tile (its team
wins) or when nobody can play (the team with fewer pips wins; equal pips tie: COM-9).
Hands are 28-bit masks; the two ends are kept as an unordered pair.
"""
from __future__ import annotations

from ...engine.bits import BIT, HI, LO, NUMBER, PIPS

# tiles in the order the solver tries them: heavy ones first (they are the ones a side
# most wants to be rid of, and trying the likely-best move first makes the pruning bite)
_ORDER = sorted(range(28), key=lambda t: (-PIPS[t], -(LO[t] == HI[t])))
_EXACT, _LOWER, _UPPER = 0, 1, 2


def pips_of(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total


class PartnerSolver:
    """Negamax with alpha-beta and a transposition table, kept across calls (positions
    recur between guesses and iterations of one decision)."""

    def __init__(self, max_nodes: int = 200_000) -> None:
        self.table: dict[tuple[int, int, int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    def value(self, hands: list[int], a: int, b: int, seat: int) -> int:
        """Best-play result for the team of `seat`, to act now with ends `a`, `b`
        (both ends the lead's numbers, or the open ends): 1 win, 0 tie, -1 loss."""
        if len(self.table) > self.max_nodes:
            self.table.clear()
        return self._search(hands[0], hands[1], hands[2], hands[3], min(a, b), max(a, b), seat, -1, 1)

    def _search(self, h0: int, h1: int, h2: int, h3: int, lo: int, hi: int, seat: int,
                alpha: int, beta: int) -> int:
        self.nodes += 1
        key = (h0, h1, h2, h3, lo, hi, seat)
        hit = self.table.get(key)
        if hit is not None:
            v, flag = hit
            if flag == _EXACT:
                return v
            if flag == _LOWER and v >= beta:
                return v
            if flag == _UPPER and v <= alpha:
                return v
        hands = [h0, h1, h2, h3]
        fits = NUMBER[lo] | NUMBER[hi]
        hand = hands[seat]
        playable = hand & fits
        if not playable:
            # a pass, or a block when nobody can play
            if not ((h0 | h1 | h2 | h3) & fits):
                mine = pips_of(hands[seat]) + pips_of(hands[(seat + 2) % 4])
                theirs = pips_of(hands[(seat + 1) % 4]) + pips_of(hands[(seat + 3) % 4])
                return 1 if mine < theirs else (-1 if mine > theirs else 0)
            return -self._search(h0, h1, h2, h3, lo, hi, (seat + 1) % 4, -beta, -alpha)
        if playable == hand and not (hand & (hand - 1)):
            return 1  # its last tile fits: the hand is won
        alpha0 = alpha
        best = -2
        nxt = (seat + 1) % 4
        for t in _ORDER:
            bit = BIT[t]
            if not playable & bit:
                continue
            hands[seat] = hand ^ bit
            x, y = LO[t], HI[t]
            # each end the tile fits; equal ends give one result
            for end, other in ((lo, hi), (hi, lo)):
                if x == end:
                    new = y
                elif y == end:
                    new = x
                else:
                    continue
                n_lo, n_hi = (new, other) if new <= other else (other, new)
                v = -self._search(hands[0], hands[1], hands[2], hands[3], n_lo, n_hi, nxt, -beta, -alpha)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
                if lo == hi:
                    break
            hands[seat] = hand
            if alpha >= beta:
                break
        flag = _UPPER if best <= alpha0 else (_LOWER if best >= beta else _EXACT)
        self.table[key] = (best, flag)
        return best
