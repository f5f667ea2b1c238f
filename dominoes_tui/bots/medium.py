"""The `medium` level: a heuristic player in the manner of a sharp club player.

It scores every legal move and plays the best one:

- dump heavy tiles early (pips left in hand are what a loser pays);
- play doubles while their number is still live (a double only fits its own number);
- track every pass and draw (knowledge.py) and leave ends the next opponent cannot
  answer; keep a spread of numbers so it can answer whatever is left open itself;
- variant terms: All Fives takes the play that scores most and avoids leaving the next
  player an easy count; Partner helps the partner (keeps the partner's numbers open,
  blocks the numbers the opponents lack); Kozel sheds 0-0 and 6-6 before either is left
  alone in hand and weighs pips more as its total nears the limit; Block (and every
  variant) counts the unseen tiles, dead ones included, to judge what can still come.

It reads only the view, uses no randomness, and is cheap (well under a millisecond).
"""
from __future__ import annotations

import random

from ..engine import Layout, Move, PlayerView, Tile
from ..engine.board import fives_points
from ..engine.position import layout_from_view
from .knowledge import Knowledge, chance_to_answer, holding_odds

DOUBLE_BLANK, DOUBLE_SIX = Tile(0, 0), Tile(6, 6)


def _after(layout: Layout, move: Move) -> Layout:
    after = layout.copy()
    after.place(move.tile, move.end)
    return after


def _numbers(hand: list[Tile] | tuple[Tile, ...]) -> set[int]:
    return {v for t in hand for v in (t.low, t.high)}


class MediumBot:
    level = "medium"

    def __init__(self, rng: random.Random | None = None, name: str = "Medium") -> None:
        self.rng = rng or random.Random(0)
        self.name = name

    def close(self) -> None:
        pass

    def choose(self, view: PlayerView) -> Move:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view)
        best, top = legal[0], scores[legal[0]]
        for move in legal[1:]:  # the first of equal scores wins: deterministic
            if scores[move] > top + 1e-9:
                best, top = move, scores[move]
        return best

    # -- scoring ------------------------------------------------------------------

    def scores(self, view: PlayerView) -> dict[Move, float]:
        know = Knowledge.from_view(view)
        if not view.layout.line:
            return {m: self._lead_score(view, know, m) for m in view.legal}
        odds = holding_odds(view, know)
        layout = layout_from_view(view)
        ctx = _Context(view, know, odds, layout)
        return {m: ctx.score(m) for m in view.legal}

    def _lead_score(self, view: PlayerView, know: Knowledge, move: Move) -> float:
        t = move.tile
        rest = [x for x in view.hand if x != t]
        suit = sum(1 for x in rest if x.has(t.low) or x.has(t.high))
        score = t.pips + 3.0 * suit + (4.0 if t.is_double else 0.0)
        score += 0.8 * len(_numbers(rest))
        if view.rules.counts_fives:
            score += 3.0 * fives_points(t.pips)  # a lone lead counts both halves, a spinner lead 2s
        if view.rules.penalties and t in (DOUBLE_BLANK, DOUBLE_SIX):
            score += 8.0
        return score


class _Context:
    """Everything the move scores share, computed once per decision."""

    def __init__(self, view: PlayerView, know: Knowledge, odds: dict[int, dict[Tile, float]], layout: Layout) -> None:
        self.view, self.know, self.odds, self.layout = view, know, odds, layout
        n, seat = view.players, view.seat
        self.rules = view.rules
        self.next_seat = (seat + 1) % n
        self.partner = (seat + 2) % 4 if view.teams else None
        if view.teams:
            self.opponents = [(seat + 1) % 4, (seat + 3) % 4]
        else:
            self.opponents = [s for s in range(n) if s != seat]
        self.can_draw = view.drawable > 0
        self.unseen_count = {v: know.unseen_with(v) for v in range(7)}
        # weight of pips: Kozel penalties hurt more as the total nears the limit
        self.pip_weight = 1.0
        if self.rules.counts_fives:
            self.pip_weight = 0.4
        elif self.rules.penalties:
            mine = view.scores[seat]
            self.pip_weight = 1.0 + (1.0 if mine > 0 else 0.0) + max(0.0, (mine - (view.target - 35)) / 20.0)

    def score(self, move: Move) -> float:
        view = self.view
        t = move.tile
        hand = view.hand
        rest = [x for x in hand if x != t]
        after = _after(self.layout, move)
        ends = [v for _, v in after.open_ends()]
        end_set = set(ends)
        score = self.pip_weight * t.pips

        # a double fits only its own number: play it while that number is live
        if t.is_double:
            live = self.unseen_count[t.low]
            score += 3.0 + (2.0 if live <= 2 else 0.0)

        # keep a spread of numbers, and be able to answer the ends left open
        rest_numbers = _numbers(rest)
        score += 0.8 * len(rest_numbers)
        answer = sum(1 for x in rest if x.low in end_set or x.high in end_set)
        score += 1.2 * min(answer, 3) + (1.5 if end_set & rest_numbers else -2.0 if rest else 0.0)

        # make the next opponent unable to answer
        nxt = self.next_seat
        if nxt != self.partner:
            p = chance_to_answer(self.odds[nxt], end_set)
            score -= (9.0 if not self.can_draw else 6.0) * p
        for opp in self.opponents:
            if opp == nxt:
                continue
            score -= 2.0 * chance_to_answer(self.odds[opp], end_set)

        # a number whose unseen tiles are all gone can be held only by me: control
        for v in end_set:
            if self.unseen_count[v] == 0 and any(x.has(v) for x in rest):
                score += 1.5

        if self.rules.counts_fives:
            score += self._fives(after, rest)
        elif self.rules.teams:
            score += self._partner(move, end_set, rest)
        elif self.rules.penalties:
            score += self._kozel(t, rest)

        score += self._block_outcome(end_set, rest, t)
        return score

    # -- variant terms --------------------------------------------------------------
    def _fives(self, after: Layout, rest: list[Tile]) -> float:
        score = 2.5 * fives_points(after.count())
        if not rest:
            return score
        # what the next player can expect to score in reply
        odds = self.odds[self.next_seat]
        replies: list[tuple[int, float]] = []
        ends = after.open_ends()
        for tile, p in odds.items():
            best = 0
            for name, value in ends:
                if tile.low == value or tile.high == value:
                    c = fives_points(_after(after, Move(tile, name)).count())
                    if c > best:
                        best = c
            if best:
                replies.append((best, p))
        replies.sort(reverse=True)
        expected, miss = 0.0, 1.0
        for pts, p in replies:
            expected += pts * p * miss
            miss *= 1.0 - p
        score -= 1.6 * expected
        # and my own follow-up: a tile of mine that would score on the new ends
        mine = 0
        for tile in rest:
            for name, value in ends:
                if tile.low == value or tile.high == value:
                    c = fives_points(_after(after, Move(tile, name)).count())
                    if c > mine:
                        mine = c
        score += 0.4 * mine
        return score

    def _partner(self, move: Move, end_set: set[int], rest: list[Tile]) -> float:
        partner = self.partner
        assert partner is not None
        know, score = self.know, 0.0
        # do not cover an end showing a number the partner has shown it holds
        if move.end is not None:
            covered = self.layout.end_value(move.end)
            if covered is not None and covered in know.shown[partner] and covered not in know.lacks[partner]:
                if covered not in end_set:
                    score -= 3.0
        # leave the partner something to play
        p = chance_to_answer(self.odds[partner], end_set)
        score += 3.0 * p
        for v in end_set:
            if v in know.shown[partner] and v not in know.lacks[partner]:
                score += 1.5
            if all(v in know.lacks[o] for o in self.opponents):
                score += 2.5
        if self.view.hand_sizes[partner] <= 2:
            score += 4.0 * p
        return score

    def _kozel(self, t: Tile, rest: list[Tile]) -> float:
        score = 0.0
        if t in (DOUBLE_BLANK, DOUBLE_SIX):
            score += 6.0 + (6.0 if len(rest) <= 3 else 0.0)
        if len(rest) == 1 and rest[0] in (DOUBLE_BLANK, DOUBLE_SIX):
            score -= 12.0
        return score

    def _block_outcome(self, end_set: set[int], rest: list[Tile], t: Tile) -> float:
        """A play that leaves no tile anywhere able to follow blocks the round: good
        when my hand is the lightest, bad otherwise."""
        if not rest or self.view.drawable > 0:
            return 0.0
        if any(self.unseen_count[v] for v in end_set) or any(x.has(v) for x in rest for v in end_set):
            return 0.0
        mine = sum(x.pips for x in rest)
        unseen = self.know.unseen
        avg = sum(x.pips for x in unseen) / len(unseen) if unseen else 0.0
        view = self.view
        if view.teams:
            partner = self.partner
            mine += avg * view.hand_sizes[partner]  # type: ignore[index]
            theirs = [avg * sum(view.hand_sizes[o] for o in self.opponents)]
        else:
            theirs = [avg * view.hand_sizes[o] for o in self.opponents]
        if self.rules.counts_fives:
            return 8.0 if mine < min(theirs) else -8.0
        return 15.0 if mine < min(theirs) - 3 else -15.0

