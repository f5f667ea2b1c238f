"""The starter set's answers checked by exact solvers written for the tests from
docs/RULES.md alone (tests/oracle/line_endgame.py), not by the search that admitted them.

Every puzzle whose hidden tiles are determined (two players with nothing left to draw:
the other hand is every tile not seen) is solved from its log: each answer reaches the
best result and every other move is worse. A sample of the puzzles admitted as best in
every deal (two-player Block: the other hand is any set of the unseen tiles that holds
no number it has passed on) is solved deal by deal: each answer is best in every one,
and every other move is worse in one at least.
"""
from __future__ import annotations

import itertools

import pytest

from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.engine import make_config
from dominoes_tui.training.store import STARTER, read_puzzles

from ..oracle.draw_endgame import BIT, SET
from ..oracle.line_endgame import LineEnding
from .oracle_positions import Position, position_of

COVERED = ("draw", "block", "duel", "kozel")  # the line variants the oracle solves
SAMPLE = 12  # per-deal puzzles checked
MOST_DEALS = 2_000


def starter() -> list:
    return read_puzzles(STARTER)


def _mask(tiles: set[tuple[int, int]]) -> int:
    return sum(BIT[t] for t in tiles)


def _drawable(puzzle, pos: Position) -> int:
    if puzzle.variant == "block":
        return 0
    return max(0, pos.boneyard - int(puzzle.options.get("boneyard_reserve", 0)))


def _values(puzzle, pos: Position, other: set[tuple[int, int]]) -> dict[str, float]:
    seat = puzzle.seat
    yardstick = MatchValue(make_config(puzzle.variant, 2, options=dict(puzzle.options)), pos.scores)
    solver = LineEnding(puzzle.variant, dict(puzzle.options), pos.scores, seat, lambda after: yardstick.of_scores(after)[seat])
    hands = [0, 0]
    hands[seat], hands[1 - seat] = _mask(pos.hands[seat]), _mask(other)
    return solver.move_values((hands[0], hands[1]), pos.left, pos.right, seat)


def _unseen(pos: Position, seat: int) -> set[tuple[int, int]]:
    return set(SET) - pos.hands[seat] - pos.table


def determined(puzzle, pos: Position) -> bool:
    """Nothing hidden but the other hand: two players, nothing to draw, every unseen tile theirs."""
    return (puzzle.players == 2 and _drawable(puzzle, pos) == 0
            and len(_unseen(pos, puzzle.seat)) == len(pos.hands[1 - puzzle.seat]))


def test_the_starter_set_holds_determined_puzzles_the_oracle_covers() -> None:
    found = [p for p in starter() if determined(p, position_of(list(p.log), p.players))]
    assert found
    assert {p.variant for p in found} <= set(COVERED)


@pytest.mark.parametrize("variant", COVERED)
def test_every_determined_puzzle_reaches_the_best_result_and_the_runner_up_is_worse(variant: str) -> None:
    checked = 0
    for puzzle in starter():
        if puzzle.variant != variant:
            continue
        pos = position_of(list(puzzle.log), puzzle.players)
        if not determined(puzzle, pos):
            continue
        values = _values(puzzle, pos, pos.hands[1 - puzzle.seat])
        best = max(values.values())
        for move in puzzle.answer:
            assert values[move] == pytest.approx(best, abs=1e-9), (puzzle.id, move, values)
        others = [v for m, v in values.items() if m not in puzzle.answer]
        assert others and max(others) < best - 1e-9, (puzzle.id, values)
        checked += 1
    if variant in ("draw", "kozel", "duel"):
        assert checked, f"no determined {variant} puzzle in the starter set"


def test_a_sample_of_the_per_deal_puzzles_is_best_in_every_deal() -> None:
    sample = []
    for puzzle in starter():
        if puzzle.variant != "block" or puzzle.players != 2 or not puzzle.solved:
            continue
        pos = position_of(list(puzzle.log), 2)
        if not determined(puzzle, pos):
            sample.append((puzzle, pos))
    for puzzle, pos in sample[:SAMPLE]:
        seat = puzzle.seat
        size = len(pos.hands[1 - seat])
        lacks = pos.lacks[1 - seat]
        pool = sorted(t for t in _unseen(pos, seat) if not (set(t) & lacks))
        deals = list(itertools.islice(itertools.combinations(pool, size), MOST_DEALS + 1))
        assert 0 < len(deals) <= MOST_DEALS, puzzle.id
        worse: set[str] = set()
        for other in deals:
            values = _values(puzzle, pos, set(other))
            best = max(values.values())
            for move in puzzle.answer:
                assert values[move] == pytest.approx(best, abs=1e-9), (puzzle.id, move, other)
            worse |= {m for m, v in values.items() if v < best - 1e-9}
        assert set(values) - set(puzzle.answer) <= worse, puzzle.id
