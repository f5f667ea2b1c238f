"""The search levels (expert, and its engine under hard's budget): legal, honest, anytime."""
from __future__ import annotations

import itertools
import random
import threading

import pytest

from dominoes_tui.bots import make_bot, sim, stop_thinking
from dominoes_tui.bots.knowledge import Knowledge
from dominoes_tui.bots.search import SearchBot
from dominoes_tui.bots.search.deals import DealSampler
from dominoes_tui.bots.search.expert import CLOCKLESS_GUESSES
from dominoes_tui.bots.search.state import moves as search_moves
from dominoes_tui.bots.search.value import MatchValue
from dominoes_tui.engine import ALL_TILES, END_NAMES, PLAYING, Match, make_config, view_for
from dominoes_tui.engine.bits import HI, LO

from .helpers import TABLES, known_positions, positions, re_dealt


def _capped(seed: int, iterations: int = 40) -> SearchBot:
    return SearchBot(random.Random(seed), think_ms=None, max_iterations=iterations)


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_the_search_plays_only_legal_moves(variant: str, players: int) -> None:
    bot = _capped(7, 8)  # every guess runs the same code: a few reach each path (playout, exact ending)
    for _match, view in positions(variant, players, 30, seed=players * 13 + len(variant)):
        move = bot.choose(view)
        assert move in view.legal, f"expert chose {move} in {variant} {players}p; legal: {view.legal}"


@pytest.mark.parametrize("variant,players", [("draw", 2), ("allfives", 3), ("partner", 4), ("block", 2),
                                             ("kozel", 3), ("duel", 2)])
def test_re_dealing_the_hidden_tiles_never_changes_its_move(variant: str, players: int) -> None:
    for view, twin in re_dealt(variant, players, 48, seed=17):
        assert _capped(5, 20).choose(view) == _capped(5, 20).choose(twin)  # equal views: any count of guesses must agree


def test_guessed_deals_respect_sizes_and_every_shown_lack() -> None:
    for variant, players in TABLES:
        for _match, view in positions(variant, players, 30, seed=3):
            sampler = DealSampler(view, random.Random(1))
            for _ in range(5):
                hands, stock = sampler.deal()
                dealt = [t for h in hands.values() for t in h] + stock
                assert sorted(dealt) == sorted(sim.INDEX[t] for t in Knowledge.from_view(view).unseen)
                for seat, hand in hands.items():
                    assert len(hand) == view.hand_sizes[seat]
                    assert not any(LO[t] in view.lacks[seat] or HI[t] in view.lacks[seat] for t in hand)


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_the_search_state_plays_a_round_as_the_engine_does(variant: str, players: int) -> None:
    """COM-3..7, FIVES-6/7: the same seeded choices through the engine and a search's
    copy of the round core give the same placements, the same end and the same points
    scored in play, and the search's distinct moves are all legal."""
    rng = random.Random(players * 7 + len(variant))
    config = make_config(variant, players)
    for _ in range(12):
        match = Match(config, random.Random(rng.randrange(2**31)))
        match.begin_round()
        view = view_for(match, match.to_act)
        first = rng.choice(view.legal)
        rules = sim.Rules(view)
        state = rules.start([[sim.INDEX[t] for t in h] for h in match.hands],
                            [sim.INDEX[t] for t in reversed(match.boneyard)], sim.board_of(view), match.to_act)
        match.apply(first)
        state.play(sim.INDEX[first.tile], 0)
        while match.phase == PLAYING:
            assert not state.over and state.to_act == match.to_act
            moves = search_moves(state)
            engine_moves = match.legal_moves()
            assert {(m.tile, m.end) for m in engine_moves} >= {
                (ALL_TILES[t], END_NAMES[p]) for _, t, p in moves}
            _, t, p = moves[rng.randrange(len(moves))]
            match.apply(next(m for m in engine_moves if m.tile == ALL_TILES[t] and m.end == END_NAMES[p]))
            state.play(t, p)
        assert state.over
        record = match.records[-1]
        assert (state.went_out, state.blocker) == (record.went_out, record.blocker)
        assert state.play_points == record.play_points
        assert sorted(map(sorted, state.hands)) == sorted(sorted(sim.INDEX[t] for t in h) for h in record.hands)


def test_a_time_budget_is_kept_by_the_clock() -> None:
    """The search reads the clock between iterations and stops at the budget; with a clock
    that advances 1 ms a reading, a 50 ms budget allows about 50 iterations, not more."""
    ticks = itertools.count()
    bot = SearchBot(random.Random(1), think_ms=50, clock=lambda: next(ticks) / 1000.0)
    for _m, view in positions("partner", 4, 8, seed=2):
        bot.choose(view)
        assert bot.last_iterations <= 50


def test_no_iteration_is_begun_that_the_longest_so_far_says_would_run_over() -> None:
    """A busy machine: every iteration takes 30 ms by the clock; a 100 ms budget must not
    be overrun by starting a third one at 90 ms."""
    readings: list[float] = []

    def clock() -> float:
        readings.append(len(readings) * 0.030)
        return readings[-1]

    bot = SearchBot(random.Random(1), think_ms=100, clock=clock)
    for _m, view in positions("partner", 4, 4, seed=2):
        readings.clear()
        bot.choose(view)
        if bot.last_iterations:
            assert readings[-1] <= 0.100


def test_a_real_budget_ends_the_search_in_time() -> None:
    bot = make_bot("expert:40", random.Random(1))
    done = threading.Event()
    for _m, view in positions("allfives", 2, 6, seed=4):
        thinker = threading.Thread(target=lambda v=view: (bot.choose(v), done.set()))
        thinker.start()
        thinker.join(timeout=30)  # generous: the machine may be busy; the budget is 40 ms
        assert not thinker.is_alive()


def test_cancel_ends_the_thinking_at_once_with_a_legal_move() -> None:
    bot = make_bot("expert:600000", random.Random(1))  # ten minutes: only cancel can end it
    view = next(v for _m, v in positions("partner", 4, 40, seed=9) if len({m.tile for m in v.legal}) > 2)
    answer: list = []
    thinker = threading.Thread(target=lambda: answer.append(bot.choose(view)))
    thinker.start()
    while not bot.thinking and thinker.is_alive():  # a cancel only stops a decision under way
        threading.Event().wait(0.01)
    stop_thinking(bot)
    thinker.join(timeout=30)
    assert not thinker.is_alive() and answer[0] in view.legal


def test_levels_and_budgets_from_their_specs() -> None:
    expert = make_bot("expert", random.Random(0))
    assert isinstance(expert, SearchBot) and expert.think_ms == 1000 and expert.level == "expert"
    assert make_bot("expert:250", random.Random(0)).think_ms == 250
    unclocked = make_bot("expert:0", random.Random(0))  # tournaments: the same moves for a seed
    assert unclocked.think_ms is None and unclocked.max_iterations == CLOCKLESS_GUESSES


def _value(variant: str, players: int, scores: list[int], **options: object) -> MatchValue:
    match = Match(make_config(variant, players, options=options or None), random.Random(1))
    match.begin_round()
    return MatchValue(sim.Rules(view_for(match, 0)).config, scores)


def test_a_round_that_wins_the_match_is_worth_everything() -> None:
    value = _value("draw", 2, [95, 60])
    assert value.of_scores([101, 60]) == [1.0, 0.0]
    assert value.of_scores([95, 101]) == [0.0, 1.0]
    # not over: the side ahead is more likely to win, the closer to the target the surer
    early, late = _value("draw", 2, [0, 0]).of_scores([20, 0]), value.of_scores([99, 80])
    assert 0.5 < early[0] < late[0] < 1.0 and early[0] + early[1] == pytest.approx(1.0)


def test_kozel_values_the_lower_total() -> None:
    value = _value("kozel", 2, [50, 50])
    ahead = value.of_scores([50, 90])
    assert ahead[0] > 0.5 > ahead[1]
    over = value.of_scores([60, 120])
    assert over == [1.0, 0.0], "reaching the limit loses the match (KOZEL-10)"


@pytest.mark.parametrize("variant,players", [("draw", 3), ("draw", 4), ("allfives", 3), ("kozel", 4)])
def test_with_more_than_two_sides_the_values_are_chances_that_add_up_to_one(variant: str, players: int) -> None:
    value = _value(variant, players, [0] * players)
    for after in ([10, 5, 0, 0][:players], [40, 20, 30, 0][:players], [0] * players):
        chances = value.of_scores(after)
        assert sum(chances) == pytest.approx(1.0) and all(0.0 <= c <= 1.0 for c in chances)
    if variant == "kozel":  # penalties: the lowest total is ahead
        assert value.of_scores([10, 5, 0, 0])[3] > value.of_scores([10, 5, 0, 0])[0]
    else:
        assert value.of_scores([40, 20, 30, 0][:players])[0] == max(value.of_scores([40, 20, 30, 0][:players]))


def test_the_value_models_constants_are_the_fitted_ones_and_can_be_tried_otherwise() -> None:
    fitted = _value("draw", 2, [0, 0])
    assert (fitted.pace, fitted.spread) == fitted.config.rules.value_model[2]
    wide = MatchValue(fitted.config, [0, 0], (20.0, 80.0)).of_scores([30, 0])[0]
    narrow = MatchValue(fitted.config, [0, 0], (20.0, 10.0)).of_scores([30, 0])[0]
    assert 0.5 < wide < narrow < 1.0  # a narrower spread is surer of the same lead


def test_a_known_position_is_solved_by_the_search_levels() -> None:
    """Two players, the boneyard empty: the other hand is every tile not seen, so hard
    plays the move an exact solve names (whatever the guesses would have said)."""
    from dominoes_tui.bots.search.exact import ExactSolver
    from dominoes_tui.bots.search.pimc import Search
    from dominoes_tui.bots.search.state import apply_key

    found = 0
    for match, view in known_positions():
        search = Search(view, random.Random(0), None)
        if search.determined and len(search.keys) > 1:
            others, stock = search.sampler.deal()
            assert [sorted(others[s]) for s in others] == [
                sorted(sim.INDEX[t] for t in match.hand(s)) for s in others]  # the one deal is the true one
            truth = []
            for key in search.keys:
                state = sim.Rules(view).start([[sim.INDEX[t] for t in h] for h in match.hands], [],
                                              sim.board_of(view), view.seat)
                apply_key(state, key)
                solver = ExactSolver(search.value, search.side, 10**7)
                truth.append(search.value.of_state(state)[search.side] if state.over else solver.solve(state))
            bot = make_bot("hard:0", random.Random(1))
            chosen = bot.choose(view)
            assert truth[search.candidate(chosen)] == pytest.approx(max(truth))
            found += 1
    assert found >= 10
