"""A Hypothesis state machine over the engine, for every variant and player count: each
step plays one of `legal_moves()` (its index drawn by Hypothesis), offers an illegal move,
or deals the next round, and every invariant in invariants.py is checked after every
step. Seeds alone cannot shrink; drawn move indices can, so a failure is reported as the
short sequence of moves that breaks a rule."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from dominoes_tui.engine import (
    ALL_TILES,
    END_NAMES,
    MATCH_OVER,
    PLAYING,
    ROUND_OVER,
    IllegalMove,
    Match,
    Move,
    dumps,
    make_config,
)
from dominoes_tui.engine.options import target_option

from .invariants import (
    OPTION_SETS,
    TABLES,
    check_accounted,
    check_forced_actions,
    check_illegal_changes_nothing,
    check_lacks_sound,
    check_replays,
    check_scores,
    check_scores_grew,
    check_someone_can_move,
    check_views_hide,
    snapshot,
)

# A short match (the smallest target each variant offers, near enough) reaches round ends
# and the match's end within the steps of one run.
SHORT_TARGET = {"draw": 10, "block": 10, "allfives": 10, "partner": 50, "kozel": 10, "duel": 50}
# 14 tables x 12 runs x up to 60 steps: about 10 s on one core.
RUNS = settings(max_examples=12, stateful_step_count=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


class MatchMachine(RuleBasedStateMachine):
    variant = "draw"
    players = 2

    @initialize(option_set=st.integers(0, 1), short=st.booleans(), seed=st.integers(0, 2**32 - 1))
    def deal(self, option_set: int, short: bool, seed: int) -> None:
        options = dict(OPTION_SETS[self.variant][option_set])
        if short:
            options[target_option(self.variant)] = SHORT_TARGET[self.variant]
        self.match = Match(make_config(self.variant, self.players, options=options), random.Random(seed), seed=seed)
        self.match.begin_round()
        self.scores_before = list(self.match.scores)
        self.replayed: tuple[str, tuple] | None = None  # the log and state last proved to replay

    @precondition(lambda self: self.match.phase == PLAYING)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        m = self.match
        legal = m.legal_moves()
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="index into legal_moves()")]
        hands_before = [list(h) for h in m.hands]
        hands_before[m.to_act].remove(move.tile)
        first_new = len(m.events) + 1  # after the play event itself
        self.scores_before = list(m.scores)
        m.apply(move)
        check_forced_actions(hands_before, m, first_new)

    @precondition(lambda self: self.match.phase == PLAYING)
    @rule(tile=st.sampled_from(ALL_TILES), end=st.sampled_from((None, *END_NAMES)))
    def offer_an_illegal_move(self, tile: object, end: str | None) -> None:
        move = Move(tile, end)  # type: ignore[arg-type]
        self.scores_before = list(self.match.scores)
        if move not in self.match.legal_moves():
            check_illegal_changes_nothing(self.match, move)

    @precondition(lambda self: self.match.phase == ROUND_OVER)
    @rule()
    def next_round(self) -> None:
        self.scores_before = list(self.match.scores)
        self.match.begin_round()

    @precondition(lambda self: self.match.phase == MATCH_OVER)
    @rule(tile=st.sampled_from(ALL_TILES), end=st.sampled_from((None, *END_NAMES)))
    def an_ended_match_takes_no_more(self, tile: object, end: str | None) -> None:
        self.scores_before = list(self.match.scores)
        check_illegal_changes_nothing(self.match, Move(tile, end))  # type: ignore[arg-type]
        with pytest.raises(IllegalMove):
            self.match.begin_round()

    @invariant()
    def the_28_tiles_are_all_somewhere_once(self) -> None:
        check_accounted(self.match)

    @invariant()
    def the_seat_to_act_can_move(self) -> None:
        check_someone_can_move(self.match)

    @invariant()
    def scores_only_grow_and_add_up(self) -> None:
        check_scores_grew(self.scores_before, self.match)
        check_scores(self.match)

    @invariant()
    def what_is_inferred_is_true(self) -> None:
        check_lacks_sound(self.match)

    @invariant()
    def views_hold_no_hidden_tile(self) -> None:
        check_views_hide(self.match)

    @invariant()
    def the_log_rebuilds_this_state(self) -> None:
        # A replay is decided by the log alone: after a step that left the log and the
        # state as they were (an illegal move refused), it would prove the same again.
        seen = (dumps(self.match.events), snapshot(self.match))
        if seen != self.replayed:
            check_replays(self.match)
            self.replayed = seen

    @invariant()
    def an_ended_match_says_so_last(self) -> None:
        m = self.match
        assert (m.phase == MATCH_OVER) == bool(m.events and m.events[-1]["event"] == "match_end")


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_step_of_every_table_keeps_the_rules(variant: str, players: int) -> None:
    machine = type(f"MatchMachine_{variant}_{players}", (MatchMachine,), {"variant": variant, "players": players})
    run_state_machine_as_test(machine, settings=RUNS)
