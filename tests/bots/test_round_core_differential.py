"""The round core against the match: a position copied as the search copies it plays on,
scores and ends exactly as Match does, the match's end included (COM-5..COM-10, DRAW-8,
FIVES-7/9/11, PARTNER-6..9, KOZEL-7..10, DUEL-7..9, §4's options).

Over every variant and player count, with option sets drawn at random from docs/RULES.md
§4 (small targets, so matches end often, in play too), random matches are played on a
Match; once a round, at a random placement, the mover's position is rebuilt the way the
search rebuilds a guess (sim.Rules.start from the mover's view, with the true hands and
boneyard) and every later move of the round is made on both. After each move the two
must agree on whose turn it is, the hands, the boneyard and the open ends; at the round's
end the core's settlement (engine.round_end.settle) must give Match's scores and verdict.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from dominoes_tui.bots.sim import Rules, board_of, code_of
from dominoes_tui.engine import OPTIONS, PLAYING, Match, make_config, view_for
from dominoes_tui.engine.bits import INDEX
from dominoes_tui.engine.options import target_option
from dominoes_tui.engine.round_end import settle

from .helpers import TABLES

MATCHES = 12  # a table; each with its own option set


def random_options(variant: str, rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in OPTIONS[variant]:
        if spec.choices is not None:
            options[spec.name] = rng.choice(spec.choices)
        elif spec.name == target_option(variant):
            options[spec.name] = rng.randint(1, 80)  # short matches: every kind of ending, often
        else:
            low = spec.minimum or 0
            options[spec.name] = rng.randint(low, min(spec.maximum or low + 30, low + 30))
    return options


def _verdict(v: Any) -> tuple[bool, Any, Any]:
    return (v.over, v.winner, v.loser)


@pytest.mark.parametrize("variant,players", TABLES)
def test_a_copied_position_plays_scores_and_ends_as_the_match_does(variant: str, players: int) -> None:
    rng = random.Random(f"{variant}{players}")
    rounds = won_in_play = 0
    for number in range(MATCHES):
        options = random_options(variant, rng)
        if variant == "allfives" and number % 2:
            options.update(fives_win_mid_round="on", target_score=rng.randint(30, 80))  # half may be won in play
        config = make_config(variant, players, options=options)
        match = Match(config, random.Random(rng.randrange(2**31)))
        while not match.is_over and match.round_no < 30:
            match.begin_round()
            branch_at = rng.randrange(0, 12)
            state = None
            placed = 0
            while match.phase == PLAYING:
                view = view_for(match, match.to_act)
                if state is None and placed >= branch_at and view.layout.line:
                    state = Rules(view).start([[INDEX[t] for t in h] for h in match.hands],
                                              [INDEX[t] for t in reversed(match.boneyard)], board_of(view), view.seat)
                move = rng.choice(view.legal)
                match.apply(move)
                placed += 1
                if state is None:
                    continue
                assert not state.over and state.to_act == view.seat
                state.play(*code_of(move))
                assert state.over == (match.phase != PLAYING)
                assert [sorted(h) for h in state.hands] == [sorted(INDEX[t] for t in h) for h in match.hands]
                assert state.stock == [INDEX[t] for t in reversed(match.boneyard)]
                if not state.over:
                    assert state.to_act == match.to_act
                    assert state.board.values() == board_of(view_for(match, match.to_act)).values()
            if state is None:
                continue
            rounds += 1
            settled = settle(config, state)
            assert settled.scores == match.scores
            assert _verdict(settled.verdict) == _verdict(match.verdict)
            won_in_play += state.won_in_play is not None
    assert rounds >= MATCHES
    if variant == "allfives":
        assert won_in_play  # the option set drew `fives_win_mid_round = on` and a match was won in play
