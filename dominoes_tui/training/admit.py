"""When a position is a puzzle: one move (or a few equally good ones) surely best.

Three ways in, as the puzzle's answer must be sure (lichess admits a puzzle only where
its engine finds one clearly winning move):

- **exact**: every hidden tile follows from what is public (bots/search/exact.py
  solves the position to the round's end with best play by all); the answer reaches the
  best value and every other move is worse by at least MIN_GAP.
- **every deal**: the hidden tiles are not determined but few deals fit what the mover
  knows (training/deals.py lists them, at most MOST_DEALS); each is solved exactly, the
  answer is best in every one of them, and every other move is worse in one at least and
  by MIN_GAP on average over the deals.
- **estimated**: the analysis's own judgement (bots/analysis/judge.py) on two
  independent streams of guesses names the same best move, each time ahead of the
  second by ESTIMATE_GAP at least and by ERRORS times that difference's margin.

Values are the mover's chance of winning the match (bots/search/value.py), so a move
that wins a round but not the match is not called best for its points alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..bots.analysis import judge
from ..bots.search.pimc import Search, candidate_key
from ..bots.search.state import Key
from ..engine import Move, PlayerView
from ..engine.seeds import seeded
from .deals import TooMany, every_deal

MIN_GAP = 0.05  # a proved answer is ahead of the next move by this much win chance: an inaccuracy's worth
MOST_DEALS = 500  # deals solved one by one at most; more, and the position is estimated instead
DEALS_IN_PLAY = 14  # tiles in play at most for solving every deal (each deal is a whole solve)
ESTIMATE_GAP = 0.15  # an estimated answer's lead over the second move, in win chance
ERRORS = 5.0  # ... and that lead over the estimate's margin
GUESSES = 400  # guesses of each of the two estimates (the analysis's default)
EXACT, DEALS, ESTIMATE = "exact", "deals", "estimate"


@dataclass(frozen=True)
class Admission:
    answer: tuple[Move, ...]  # every legal move that is best (mirror images both listed)
    how: str                  # EXACT, DEALS or ESTIMATE
    best: float               # the answer's value (its mean over the deals, its estimate)
    second: float             # the best of the other moves'

    @property
    def solved(self) -> bool:
        return self.how != ESTIMATE


def admit(view: PlayerView, seed: int, guesses: int = GUESSES) -> Admission | None:
    """The puzzle's answer at `view` (its seat to move), or None where no move is surely
    and clearly best. `seed` chooses the estimate's two streams of guesses."""
    search = Search(view, seeded(seed, "puzzle", "deal"))
    if len(search.keys) < 2:
        return None
    if search.determined:
        known = search.solve_known()
        return None if known is None else _proved(view, search, [known], EXACT)
    if search.in_play <= DEALS_IN_PLAY:
        try:
            deals = every_deal(view, MOST_DEALS)
        except TooMany:
            deals = None
        if deals:
            values = search.solve_deals(deals)
            return None if values is None else _proved(view, search, values, DEALS)
    return _estimated(view, search, seed, guesses)


def _proved(view: PlayerView, search: Search, rows: list[list[float]], how: str) -> Admission | None:
    """The candidates best in every row (deal), if every other one is worse in some row and
    by MIN_GAP on average."""
    n = len(search.keys)
    best_everywhere = [i for i in range(n) if all(row[i] >= max(row) - 1e-12 for row in rows)]
    if not best_everywhere:
        return None
    mean = [sum(row[i] for row in rows) / len(rows) for i in range(n)]
    others = [i for i in range(n) if i not in best_everywhere]
    if not others:
        return None  # every move is as good: nothing to find
    top = mean[best_everywhere[0]]
    second = max(mean[i] for i in others)
    if top - second < MIN_GAP:
        return None
    return Admission(_moves(view, search, {search.keys[i] for i in best_everywhere}), how, top, second)


def _estimated(view: PlayerView, search: Search, seed: int, guesses: int) -> Admission | None:
    best: Move | None = None
    lows: list[float] = []
    for stream in (1, 2):
        j = judge(view, seeded(seed, "puzzle", "estimate", stream), guesses=guesses)
        if len(j.moves) < 2:
            return None
        gap = j.chances[0] - j.chances[1]
        if gap < ESTIMATE_GAP or gap < ERRORS * j.error[1]:
            return None
        if best is not None and search.candidate(j.moves[0]) != search.candidate(best):
            return None
        best = j.moves[0]
        lows.append(j.chances[0])
        lows.append(j.chances[1])
    assert best is not None
    chosen = {candidate_key(view.seat, search.board, best)}
    return Admission(_moves(view, search, chosen), ESTIMATE, min(lows[0], lows[2]), max(lows[1], lows[3]))


def _moves(view: PlayerView, search: Search, keys: set[Key]) -> tuple[Move, ...]:
    return tuple(m for m in view.legal if candidate_key(view.seat, search.board, m) in keys)
