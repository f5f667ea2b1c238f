"""The search's playout: sim.py's greedy player, made to look at the next hand.

In a guess every hand is filled in, so a playout may as well use it: a seat that can
leave ends the next seat cannot follow (a forced pass or draw for an opponent) takes that
chance unless a much heavier tile is waiting, and avoids shutting out its partner. This
is the perfect-information step of a determinized search (like the exact endings of
endgame.py), played greedily rather than searched, so it is cheap enough for the middle
of a round; averaged over many guesses it judges a move by the blocks it sets up.
"""
from __future__ import annotations

from ...engine.bits import BIT, NUMBER
from ..sim import DBL, HI, LO, PIPS, Board, Rules, count, count_after, open_points, place

BLOCK_BONUS = 6.0  # about a six-pip tile: a pass is worth a heavy tile kept


def _mask(hand: list[int]) -> int:
    m = 0
    for t in hand:
        m |= BIT[t]
    return m


def _pick(hands: list[list[int]], s: int, b: Board, points: list[int], rules: Rules) -> tuple[int, int] | None:
    hand, fives, n = hands[s], rules.fives, rules.n
    nxt = (s + 1) % n
    foe = not rules.teams or nxt % 2 != s % 2
    nxt_mask = _mask(hands[nxt])
    held = _mask(hand)
    val = b.val
    best: tuple[int, int] | None = None
    best_score = -1e9
    for t in hand:
        lo, hi = LO[t], HI[t]
        rest = held ^ BIT[t]
        base = PIPS[t] + (3.0 if lo == hi else 0.0)
        for p in points:
            v = val[p]
            if lo != v and hi != v:
                continue
            new = hi if lo == v else lo
            score = base + (2.0 if rest & NUMBER[new] else 0.0)
            if fives:
                c = count_after(b, t, p)
                if c and c % 5 == 0:
                    score += 3.0 * c
            # the ends once placed: the new number, and every other open end
            ends = NUMBER[new]
            for q in points:
                if q != p:
                    ends |= NUMBER[val[q]]
            if not nxt_mask & ends:
                score += BLOCK_BONUS if foe else -BLOCK_BONUS
            if score > best_score:
                best_score, best = score, (t, p)
    return best


def sharp_playout(rules: Rules, hands: list[list[int]], stock: list[int], b: Board, to_act: int,
                  last_placer: int | None, passes: int, play_points: list[int]) -> tuple[int | None, int | None, bool]:
    """Play the round out in place, as sim.playout does. Returns (went_out, blocker, capicu)."""
    n, fives, draws, reserve = rules.n, rules.fives, rules.draws, rules.reserve
    s = to_act
    while True:
        hand = hands[s]
        if b.empty:
            points: list[int] = []
            choice: tuple[int, int] | None = (max(hand, key=lambda t: (PIPS[t], DBL[t])), 0)
        else:
            points = open_points(b, fives)
            choice = _pick(hands, s, b, points, rules)
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
