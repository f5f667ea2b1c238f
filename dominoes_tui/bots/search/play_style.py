"""How a player picks among the tiles it could place: the model behind the expert's
inference (inference.py), which weighs each guess at the hidden hands by how likely it
makes the plays the other seats were seen to make.

Two styles. `GREEDY` is the rule of thumb every level plays by: heavy tiles and doubles
first, keep a number you can follow, and in All Fives the points a play scores. For a
line (no spinner) there is also a *fitted* style: a conditional logit over features of a
placement, its weights fitted to the choices of the hard bot, a player that searches
(bench/play_style_fit.py collects them and refits). Searching players do more than
shed weight: in Block they make both ends show the same number and play onto numbers
that are nearly all out, to block. Fitted to 2,070 hard decisions of Block 2p, it named
the move hard chose 69% of the time on held-out decisions, the greedy rule 54%; to 2,234
of Kozel 3p, 65% against 51%.

A style is used where it was measured to make the expert stronger (`style_for`); the
others keep the greedy rule.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...engine.bits import BIT, HI, LO, NUMBER, PIPS, fits
from ...engine.board import Board, fives_points
from ...engine.rules import find_variant

FEATURES = ("pips", "double", "follow", "can_follow", "dead", "same")


@dataclass(frozen=True)
class LineStyle:
    """Weights of the features (FEATURES order) of a placement on a line."""

    weights: tuple[float, ...]


# Greedy: a softmax this soft over the rule of thumb's score (nobody plays it every time)
GREEDY_TEMPERATURE = 3.0


def style_for(variant: str, players: int) -> LineStyle | None:
    """The fitted style for a table, or None for the greedy rule: only where it was
    measured to make the expert stronger (a variant's `line_style`, fitted by
    bench/play_style_fit.py --variant V --players N --deals D --seed 11, hard at 200 ms)."""
    weights = find_variant(variant).line_style.get(players)
    return LineStyle(weights) if weights is not None else None


def line_features(hand_mask: int, placed: int, b: Board, t: int, point: int) -> tuple[float, ...]:
    """Tile `t` placed at `point` of a line (any point on an empty one), from a hand
    `hand_mask`, with the tiles `placed` already on the table."""
    lo, hi = LO[t], HI[t]
    rest = hand_mask ^ BIT[t]
    same = 0.0
    if b.empty:
        numbers = NUMBER[lo] | NUMBER[hi]
    else:
        v = b.val[point]
        new, other = (hi if lo == v else lo), b.val[1 - point]
        numbers = NUMBER[new] | NUMBER[other]
        same = 1.0 if new == other else 0.0
    follow = (rest & numbers).bit_count()  # own tiles that will fit an end after it
    dead = ((placed | BIT[t]) & numbers).bit_count()  # tiles of the ends' numbers now out
    return (PIPS[t] / 6, 1.0 if lo == hi else 0.0, follow / 3, 1.0 if follow else 0.0, dead / 3, same)


def line_score(style: LineStyle, hand_mask: int, placed: int, b: Board, t: int, point: int) -> float:
    return sum(w * f for w, f in zip(style.weights, line_features(hand_mask, placed, b, t, point)))


def greedy_score(hand_mask: int, b: Board, points: tuple[int, ...], t: int, fives: bool) -> float | None:
    """The rule of thumb's score of tile `t` (its best point), None if it fits nowhere."""
    lo, hi = LO[t], HI[t]
    if b.empty:
        return PIPS[t] + (3.0 if lo == hi else 0.0)
    rest = hand_mask ^ BIT[t]
    best = None
    for p in points:
        v = b.val[p]
        if not fits(t, v):
            continue
        score = PIPS[t] + (3.0 if lo == hi else 0.0) + (2.0 if rest & NUMBER[hi if lo == v else lo] else 0.0)
        if fives:
            score += 3.0 * fives_points(b.count_after(t, p))
        if best is None or score > best:
            best = score
    return best


def softmax_share(scores: list[float], chosen: int) -> float:
    """The chosen option's probability under a softmax over `scores` (1 with one option)."""
    if len(scores) <= 1:
        return 1.0
    top = max(scores)
    total = sum(math.exp(s - top) for s in scores)
    return math.exp(scores[chosen] - top) / total
