"""The starter set's answers checked by exact solvers written for the tests from
docs/RULES.md alone (tests/oracle/), not by the search that admitted them.

Every puzzle whose hidden tiles are determined is solved from its log: two players
with nothing left to draw (the other hand is every tile not seen: Draw, Block, Duel,
Kozel, tests/oracle/line_endgame.py; All Fives with its spinner and count,
tests/oracle/fives_endgame.py), or Partner where the passes leave one way to deal the
three hidden hands (tests/oracle/partner_endgame.py). Each answer must reach the
best result and every other move must be worse. A sample of the puzzles admitted as
best in every deal is solved deal by deal (two-player Block: the other hand is any set
of the unseen tiles holding no number it passed on; Partner: likewise for three hands):
each answer is best in every deal, and every other move is worse in one at least.

With three or more players each for themselves (Draw, Block, Kozel, All Fives) best
play is each seat's for itself, and the rules leave open how a seat chooses among moves
equally good for it, so the oracle (tests/oracle/maxn_endgame.py) takes every such
choice into account: each of the mover's moves gets an interval [worst, best] of the
mover's value, and the puzzle holds when every answer's worst is above every other
move's best. Its round scoring for three and four is checked against the logs' rounds.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import random

import pytest

from dominoes_tui.bots.search.pimc import Search
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.engine import make_config, view_for
from dominoes_tui.engine.gamelog import replay
from dominoes_tui.training.store import STARTER, read_puzzles

from ..oracle.draw_endgame import BIT, SET, tile_from
from ..oracle.fives_endgame import FivesEnding, layout_of
from ..oracle.line_endgame import LineEnding
from ..oracle.maxn_endgame import ManyEnding, interval, reachable
from ..oracle.partner_endgame import PartnerEnding, deals
from .oracle_positions import Position, position_of

COVERED = ("draw", "block", "duel", "kozel", "partner", "allfives")  # the variants the oracles solve
SAMPLE = 40  # per-deal puzzles checked at most, spread over the set (today every one: 29 of them, a few seconds)
MOST_DEALS = 300

Hidden = dict[int, set[tuple[int, int]]]


def starter() -> list:
    return read_puzzles(STARTER)


def _mask(tiles: set[tuple[int, int]]) -> int:
    return sum(BIT[t] for t in tiles)


def _drawable(puzzle, pos: Position) -> int:
    if puzzle.variant in ("block", "partner"):
        return 0
    return max(0, pos.boneyard - int(puzzle.options.get("boneyard_reserve", 0)))


def _unseen(pos: Position, seat: int) -> list[tuple[int, int]]:
    return sorted(set(SET) - pos.hands[seat] - pos.table)


def _others(puzzle) -> list[int]:
    return [s for s in range(puzzle.players) if s != puzzle.seat]


def hidden_deals(puzzle, pos: Position, most: int = MOST_DEALS) -> list[Hidden]:
    """Every way the hidden hands may be, by what the mover has seen (two players, or Partner)."""
    sizes = {s: len(pos.hands[s]) for s in _others(puzzle)}
    return deals(_unseen(pos, puzzle.seat), sizes, {s: pos.lacks[s] for s in sizes}, most)


def determined(puzzle, pos: Position) -> bool:
    """Nothing hidden that the mover cannot work out: nothing to draw, one deal fits."""
    if puzzle.variant not in COVERED or _drawable(puzzle, pos):
        return False
    if puzzle.players == 2:
        return len(_unseen(pos, puzzle.seat)) == len(pos.hands[1 - puzzle.seat])
    return len(hidden_deals(puzzle, pos, 1)) == 1


def values(puzzle, pos: Position, hidden: Hidden) -> dict[str, float]:
    """Each legal move's value to the mover's side with these hidden hands, best play after it."""
    seat, config = puzzle.seat, make_config(puzzle.variant, puzzle.players, options=dict(puzzle.options))
    side = seat % 2 if puzzle.variant == "partner" else seat
    yardstick = MatchValue(config, pos.scores)
    masks = [_mask(hidden.get(s, pos.hands[s])) if s != seat else _mask(pos.hands[seat]) for s in range(puzzle.players)]
    assert pos.left is not None and pos.right is not None
    if puzzle.variant == "partner":
        partner = PartnerEnding(dict(puzzle.options), pos.scores, side, lambda after: yardstick.of_scores(after)[side])
        return partner.move_values((masks[0], masks[1], masks[2], masks[3]), pos.left, pos.right, seat)
    stock = tuple(pos.stock) if puzzle.variant != "block" else ()
    if puzzle.variant == "allfives":
        fives = FivesEnding(dict(puzzle.options), pos.scores, seat, lambda after: yardstick.of_scores(after)[seat], stock)
        return fives.move_values((masks[0], masks[1]), layout_of(pos.plays), seat)
    line = LineEnding(puzzle.variant, dict(puzzle.options), pos.scores, seat,
                      lambda after: yardstick.of_scores(after)[seat], stock)
    return line.move_values((masks[0], masks[1]), pos.left, pos.right, seat)


def intervals(puzzle, pos: Position, hidden: Hidden) -> dict[str, tuple[float, float]]:
    """Three or more each for themselves: each legal move's [worst, best] value to the mover
    over every way the other seats may choose among moves equally good for them."""
    seat, config = puzzle.seat, make_config(puzzle.variant, puzzle.players, options=dict(puzzle.options))
    yardstick = MatchValue(config, pos.scores)
    masks = tuple(_mask(hidden.get(s, pos.hands[s])) if s != seat else _mask(pos.hands[seat])
                  for s in range(puzzle.players))
    assert pos.left is not None and pos.right is not None
    board = layout_of(pos.plays) if puzzle.variant == "allfives" else (pos.left, pos.right)
    many = ManyEnding(puzzle.variant, dict(puzzle.options), pos.scores, yardstick.of_scores, tuple(pos.stock))
    return {move: interval(found, seat) for move, found in many.move_outcomes(masks, board, seat).items()}


def solved_by_the_search(puzzle) -> bool:
    """Whether the program's own search called the position determined (by what the passes
    and draws tell, which the tests' replay does not work out): such a puzzle is checked
    too, the oracle solving it with the hands the log holds (the one deal that fits)."""
    match = replay(list(enumerate(puzzle.log, start=1)))
    return Search(view_for(match, puzzle.seat), random.Random(0)).determined


def two_sided(puzzle) -> bool:
    """Two players, or Partner's two teams: there best play is one side's against the
    other's. With three or more each for themselves the rules leave open how a seat
    chooses between moves equally good for it (the search's max-n takes the first it
    tried), so those are checked by intervals over every such choice (`intervals`)."""
    return puzzle.players == 2 or puzzle.variant == "partner"


def _determined_puzzles() -> list:
    out = []
    for puzzle in starter():
        if puzzle.variant not in COVERED:
            continue
        pos = position_of(list(puzzle.log), puzzle.players)
        if pos.left is not None and (determined(puzzle, pos) or solved_by_the_search(puzzle)):
            out.append((puzzle, pos))
    return out


@pytest.fixture(scope="module")
def determined_puzzles() -> list:
    return _determined_puzzles()


def test_the_starter_set_holds_determined_puzzles_of_several_variants(determined_puzzles: list) -> None:
    found = determined_puzzles
    assert len({p.variant for p, _pos in found}) >= 5 and any(p.variant == "allfives" for p, _pos in found)
    # three or more each for themselves are checked too, in each variant that has them
    assert {p.variant for p, _pos in found if not two_sided(p)} == {"draw", "kozel", "allfives"}


def wrong(puzzle, pos: Position, hidden: Hidden) -> str | None:
    """What is wrong with the puzzle's answer when the hidden hands are `hidden`: an answer
    short of the best, or another move as good; None when the answer stands."""
    if not two_sided(puzzle):
        return wrong_for_many(puzzle, pos, hidden)
    found = values(puzzle, pos, hidden)
    best = max(found.values())
    for move in puzzle.answer:
        if move not in found:
            return f"{puzzle.id}: {move} is not a legal move ({sorted(found)})"
        if found[move] < best - 1e-9:
            return f"{puzzle.id}: {move} reaches {found[move]:.4f}, the best reaches {best:.4f}"
    others = [v for m, v in found.items() if m not in puzzle.answer]
    if not others or max(others) >= best - 1e-9:
        return f"{puzzle.id}: the runner-up is not worse than the answer ({found})"
    return None


def wrong_for_many(puzzle, pos: Position, hidden: Hidden) -> str | None:
    """Three or more each for themselves: every answer's worst must be above every other
    move's best, however the other seats break their ties."""
    found = intervals(puzzle, pos, hidden)
    missing = [move for move in puzzle.answer if move not in found]
    if missing:
        return f"{puzzle.id}: {missing} not legal moves ({sorted(found)})"
    others = [found[m][1] for m in found if m not in puzzle.answer]
    worst = min(found[m][0] for m in puzzle.answer)
    if not others or max(others) >= worst - 1e-9:
        return f"{puzzle.id}: the answer's worst {worst:.4f} is not above every other move's best ({found})"
    return None


def _hands_of(puzzle, pos: Position) -> Hidden:
    return {s: pos.hands[s] for s in _others(puzzle)}


def test_every_determined_puzzle_reaches_the_best_result_and_the_runner_up_is_worse(determined_puzzles: list) -> None:
    problems = [wrong(puzzle, pos, _hands_of(puzzle, pos)) for puzzle, pos in determined_puzzles]
    assert [p for p in problems if p] == []


def _worst_move(puzzle, pos: Position, hidden: Hidden) -> str:
    if two_sided(puzzle):
        found = values(puzzle, pos, hidden)
        return min(found, key=lambda m: found[m])
    spans = intervals(puzzle, pos, hidden)
    return min(spans, key=lambda m: spans[m][1])


def test_a_forged_answer_is_caught_in_every_variant_the_oracles_solve(determined_puzzles: list) -> None:
    # the check can fail: each variant's (and player count's) first determined puzzle, its
    # answer replaced by the worst legal move, by one of two equally best moves alone where
    # there are two, and by the answer together with the runner-up
    caught: set[tuple[str, bool]] = set()
    for puzzle, pos in determined_puzzles:
        if (puzzle.variant, two_sided(puzzle)) in caught:
            continue
        hidden = _hands_of(puzzle, pos)
        assert wrong(dataclasses.replace(puzzle, answer=(_worst_move(puzzle, pos, hidden),)), pos, hidden), puzzle.id
        assert wrong(dataclasses.replace(puzzle, answer=puzzle.answer + (_worst_move(puzzle, pos, hidden),)),
                     pos, hidden), puzzle.id
        if len(puzzle.answer) > 1:
            assert wrong(dataclasses.replace(puzzle, answer=puzzle.answer[:1]), pos, hidden), puzzle.id
        caught.add((puzzle.variant, two_sided(puzzle)))
    assert caught == {("draw", True), ("duel", True), ("kozel", True), ("partner", True), ("allfives", True),
                      ("draw", False), ("kozel", False), ("allfives", False)}


def test_the_oracle_for_many_agrees_with_the_two_sided_ones_on_two_players(determined_puzzles: list) -> None:
    # with two players the max-n oracle must find what the two-sided oracles find (the
    # two values add to one, so each seat's best is the other's worst): no tie, same value
    checked: list[str] = []
    for puzzle, pos in determined_puzzles:
        if puzzle.players != 2 or puzzle.variant not in ("draw", "kozel", "allfives") or pos.stock or \
                checked.count(puzzle.variant) == 4:  # a few of each keep it quick
            continue
        hidden = _hands_of(puzzle, pos)
        found, spans = values(puzzle, pos, hidden), intervals(puzzle, pos, hidden)
        assert set(found) == set(spans), puzzle.id
        for move, value in found.items():
            assert spans[move] == (pytest.approx(value, abs=1e-9), pytest.approx(value, abs=1e-9)), (puzzle.id, move)
        checked.append(puzzle.variant)
    assert set(checked) == {"draw", "kozel", "allfives"}


def test_the_oracle_for_many_scores_each_round_as_the_logs_do() -> None:
    # DRAW-8, BLOCK-6, KOZEL-7/8/9, FIVES-9 with three or four players: every finished round in the
    # starter set's logs, scored by the oracle from the hands left, gives the logged totals
    checked: set[tuple[str, str]] = set()
    for puzzle in starter():
        if puzzle.players < 3 or puzzle.variant not in ("draw", "block", "kozel", "allfives"):
            continue
        for i, event in enumerate(puzzle.log):
            if event["event"] != "round_end":
                continue
            before = position_of(list(puzzle.log[:i]), puzzle.players)
            hands = tuple(_mask({tile_from(t) for t in hand}) for hand in event["hands"])
            many = ManyEnding(puzzle.variant, dict(puzzle.options), before.scores, lambda after: [float(x) for x in after])
            went_out = hands.index(0) if event["result"] == "domino" else None
            assert many.round_over(hands, went_out) == {tuple(float(x) for x in event["scores"])}, (puzzle.id, event)
            checked.add((puzzle.variant, event["result"]))
    assert {v for v, _r in checked} == {"draw", "block", "kozel", "allfives"} and {r for _v, r in checked} > {"domino"}


def test_where_a_seat_has_equally_good_moves_every_choice_counts() -> None:
    # seat 1 is indifferent between two moves that leave seat 0 at 0.2 or 0.8: both stay
    # possible; a move worse for seat 1 is never chosen, whatever it would give seat 0
    tie = reachable(1, [frozenset({(0.2, 0.5, 0.3)}), frozenset({(0.8, 0.5, 0.0)}), frozenset({(1.0, 0.1, 0.0)})])
    assert interval(tie, 0) == (0.2, 0.8)
    # a child itself open (seat 2 broke a tie below it) counts by the least it may give the chooser
    open_child = frozenset({(0.9, 0.6, 0.1), (0.1, 0.3, 0.1)})
    assert interval(reachable(1, [open_child, frozenset({(0.5, 0.4, 0.1)})]), 0) == (0.5, 0.9)


def _per_deal_sample() -> list:
    out = []
    for puzzle in starter():
        if not puzzle.solved or puzzle.variant not in ("block", "partner") or (puzzle.variant, puzzle.players) not in (
                ("block", 2), ("partner", 4)):
            continue
        pos = position_of(list(puzzle.log), puzzle.players)
        if pos.left is not None and not determined(puzzle, pos):
            out.append((puzzle, pos))
    return out[::max(1, math.ceil(len(out) / SAMPLE))]


def test_a_sample_of_the_per_deal_puzzles_is_best_in_every_deal() -> None:
    for puzzle, pos in _per_deal_sample():
        every = hidden_deals(puzzle, pos)
        assert 1 < len(every) <= MOST_DEALS, puzzle.id
        worse: set[str] = set()
        for hidden in itertools.islice(every, MOST_DEALS):
            found = values(puzzle, pos, hidden)
            best = max(found.values())
            for move in puzzle.answer:
                assert found[move] == pytest.approx(best, abs=1e-9), (puzzle.id, move, hidden)
            worse |= {m for m, v in found.items() if v < best - 1e-9}
        assert set(found) - set(puzzle.answer) <= worse, puzzle.id
