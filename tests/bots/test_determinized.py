"""The expert's determinized search: exact endings, the sharper playout, and inference."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from dominoes_tui.bots import sim
from dominoes_tui.bots.search.exact import ExactSolver
from dominoes_tui.bots.search.inference import PlayModel
from dominoes_tui.bots.search.play_style import style_for
from dominoes_tui.bots.search.rollout import _pick
from dominoes_tui.bots.search.state import apply_key, greedy, moves
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.engine import ALL_TILES, PLAYING, Match, make_config, view_for
from dominoes_tui.engine.board import Board
from dominoes_tui.engine.round import Round

TILE = {str(t): i for i, t in enumerate(ALL_TILES)}  # "3-6" -> tile index


def _minimax(state: Round, value: MatchValue, side: int) -> float:
    """Plain minimax over the round core's own legal placements (mirror images not
    merged), no pruning, no move ordering: the solver's reference."""
    if state.over:
        return value.of_state(state)[side]
    results = []
    for code in state.legal():
        child = state.copy()
        child.play(code >> 2, code & 3)
        results.append(_minimax(child, value, side))
    mine = (state.to_act % 2 if value.teams else state.to_act) == side
    return max(results) if mine else min(results)


def _endings(variant: str, players: int, left: int, count: int, seed: int):
    """Rounds played at random until at most `left` tiles are in play: (state, value, side)."""
    rng = random.Random(seed)
    config = make_config(variant, players)
    made = 0
    while made < count:
        match = Match(config, random.Random(rng.randrange(2**31)), seed=None)
        match.begin_round()
        while match.phase == PLAYING:
            in_play = sum(len(h) for h in match.hands) + match.drawable
            view = view_for(match, match.to_act)
            if in_play <= left and view.layout.line:
                rules = sim.Rules(view)
                state = rules.start([[sim.INDEX[t] for t in h] for h in match.hands],
                                    [sim.INDEX[t] for t in reversed(match.boneyard)], sim.board_of(view), match.to_act)
                side = match.to_act % 2 if view.teams else match.to_act
                yield state, MatchValue(rules.config, view.scores), side
                made += 1
                break
            match.apply(rng.choice(view.legal))


def _maxn(state: Round, value: MatchValue) -> list[float]:
    """Plain max-n: every seat takes the move best for itself, the first of equals in the
    solver's order (the greedy move first)."""
    if state.over:
        return value.of_state(state)
    keys = moves(state)
    first = greedy(state)
    if first in keys:
        keys.remove(first)
        keys.insert(0, first)
    best: list[float] = []
    for key in keys:
        child = state.copy()
        apply_key(child, key)
        v = _maxn(child, value)
        if not best or v[state.to_act] > best[state.to_act]:
            best = v
    return best


@pytest.mark.parametrize("variant,players", [("draw", 3), ("kozel", 3), ("block", 3)])
def test_three_player_endings_are_max_n_and_never_below_the_paranoid_value(variant: str, players: int) -> None:
    """With three players each seat plays for itself: the solver gives plain max-n's value,
    and the searcher never expects less than if the other two played against it."""
    checked = 0
    for state, value, side in _endings(variant, players, 7, 25, seed=players * 13 + len(variant)):
        solver = ExactSolver(value, side, max_nodes=1_000_000)
        got = solver.solve(state.copy())
        assert got == pytest.approx(_maxn(state.copy(), value)[side])
        assert got >= _minimax(state.copy(), value, side) - 1e-12
        checked += 1
    assert checked == 25


@pytest.mark.parametrize("variant,players", [("block", 2), ("draw", 2), ("allfives", 2), ("kozel", 2),
                                             ("partner", 4), ("duel", 2)])
def test_exact_endings_agree_with_plain_minimax(variant: str, players: int) -> None:
    """COM-3..9, FIVES-6/7, KOZEL, PARTNER-8: with two sides alpha-beta over the match
    value gives what unpruned minimax gives."""
    checked = 0
    for state, value, side in _endings(variant, players, 7, 25, seed=players * 11 + len(variant)):
        solver = ExactSolver(value, side, max_nodes=1_000_000)
        assert solver.solve(state.copy()) == pytest.approx(_minimax(state.copy(), value, side))
        checked += 1
    assert checked == 25


def test_an_ending_too_big_for_the_node_budget_is_given_up() -> None:
    state, value, side = next(_endings("block", 2, 14, 1, seed=3))
    assert ExactSolver(value, side, max_nodes=5).solve(state) is None


def _history(*plays: tuple[int, str, str | None]) -> tuple[dict, ...]:
    return tuple({"event": "play", "seat": s, "tile": t, "end": e} for s, t, e in plays)


def test_a_guess_that_explains_a_light_play_weighs_more_than_one_that_does_not() -> None:
    """Seat 1 answered the 3-3 lead with 1-3. A guess in which it also held 3-6 (heavier,
    and it fits) makes that choice unlikely; one in which 1-3 was its only 3 makes it sure."""
    view = SimpleNamespace(seat=0, players=2, history=_history((0, "3-3", None), (1, "1-3", "left")))
    model = PlayModel(view, fives=False)  # type: ignore[arg-type]
    with_heavy = model.weight({1: [TILE["3-6"], TILE["0-0"], TILE["1-1"]]})
    without = model.weight({1: [TILE["0-0"], TILE["1-1"], TILE["2-2"]]})
    assert with_heavy < 0.5 < without == pytest.approx(1.0)


def test_a_block_guess_where_the_seat_declined_to_make_both_ends_alike_weighs_less() -> None:
    """Block: after 3-3, 3-5 and 3-1 the ends show 5 and 1, and seat 1 played 5-6. Had it
    held 1-5, that tile would have made both ends show the same number, the block good
    players set up. The greedy rule sees a heavier tile played and finds the guess likely;
    the style fitted to a searching player finds it unlikely."""
    history = _history((0, "3-3", None), (1, "3-5", "left"), (0, "1-3", "right"), (1, "5-6", "left"))
    view = SimpleNamespace(seat=0, players=2, history=history)
    with_block = {1: [TILE["1-5"], TILE["0-0"]]}
    without = {1: [TILE["0-2"], TILE["0-0"]]}
    fitted = PlayModel(view, fives=False, style=style_for("block", 2))  # type: ignore[arg-type]
    greedy = PlayModel(view, fives=False)  # type: ignore[arg-type]
    assert fitted.weight(with_block) < 0.2 * fitted.weight(without)
    assert greedy.weight(with_block) > 0.5 * greedy.weight(without)
    assert style_for("draw", 2) is None and style_for("partner", 4) is None, "fitted where measured only"


def test_choices_before_a_seat_drew_and_our_own_tell_nothing() -> None:
    history = _history((0, "3-3", None), (1, "1-3", "left")) + ({"event": "draw", "seat": 1, "tile": None},)
    model = PlayModel(SimpleNamespace(seat=0, players=2, history=history), fives=False)  # type: ignore[arg-type]
    assert model.weight({1: [TILE["3-6"], TILE["0-0"]]}) == 1.0
    own = PlayModel(SimpleNamespace(seat=1, players=2, history=history[:2]), fives=False)  # type: ignore[arg-type]
    assert [c.seat for c in own.choices] == [0], "its own play is not guessed at; the lead of seat 0 is"


def test_the_playout_sets_a_block_for_the_next_seat_when_it_can() -> None:
    """Ends 2 | 4. Seat 0 holds 2-5 and 3-4, equally heavy; the opponent holds 1-4 and 0-4.
    After 2-5 it follows the 4; after 3-4 (ends 2 | 3) it must pass: the playout sees it."""
    match = Match(make_config("block", 2), random.Random(1))
    match.begin_round()
    rules = sim.Rules(view_for(match, match.to_act))
    board = Board()
    board.place(TILE["2-4"], 0)
    state = rules.start([[TILE["2-5"], TILE["3-4"]], [TILE["1-4"], TILE["0-4"]]], [], board, 0)
    assert _pick(state, rules) == (TILE["3-4"], 1)
    assert sim.greedy(state) == (TILE["2-5"], 0), "the plain greedy player cannot see it"


def test_a_lead_too_slow_to_solve_lowers_the_threshold_after_its_first_guess() -> None:
    """A Block lead has every tile in play: solving each guess exactly at a second a move
    left the lead judged on about nine guesses. The pace is judged after every guess, so
    a guess that leaves too few in the time lowers the threshold at once."""
    from dominoes_tui.bots.search.pimc import Search

    match = Match(make_config("block", 2), random.Random(5))
    match.begin_round()
    view = view_for(match, match.to_act)
    search = Search(view, random.Random(1), think_ms=1000.0)
    first = search.solve_at
    ticks = iter(i * 0.05 for i in range(1000))  # every guess takes 50 ms: 20 in a second
    search.run(deadline=1.0, max_iterations=1, cancel=None, clock=lambda: next(ticks))
    assert search.iterations == 1
    assert search.solve_at == first - 1
