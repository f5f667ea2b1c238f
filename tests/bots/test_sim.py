"""The hard level's playouts, on the engine's round core, agree with the engine's Match
and its public Layout on every rule they use."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.bots import sim
from dominoes_tui.engine import ALL_TILES, END_NAMES, PLAYING, Match, Move, make_config, view_for
from dominoes_tui.engine.bits import END_INDEX, INDEX
from dominoes_tui.engine.position import position_from_view

from .helpers import TABLES


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_board_follows_the_engine_layout(variant: str, players: int) -> None:
    """The core's board (a few integers) and the public Layout (every tile as it lies)
    show the same open ends and, in All Fives, the same count (FIVES-6)."""
    config = make_config(variant, players)
    rng = random.Random(players)
    fives = variant == "allfives"
    for m in range(6):
        match = Match(config, random.Random(m))
        match.begin_round()
        board = sim.board_of(view_for(match, 0))
        while match.phase == PLAYING:
            move = rng.choice(match.legal_moves())
            board.place(INDEX[move.tile], END_INDEX[move.end])
            match.apply(move)
            ends = match.layout.open_ends()
            assert [board.val[p] for p in board.points()] == [v for _, v in ends]
            if fives:
                assert board.count() == match.layout.count()
            rebuilt = sim.board_of(view_for(match, 0))
            assert [rebuilt.val[p] for p in rebuilt.points()] == [v for _, v in ends]
            if fives:
                assert rebuilt.count() == match.layout.count()


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_playouts_obey_the_engine(variant: str, players: int) -> None:
    """Play a round out with the greedy playout and the real hidden tiles, then replay its
    placements through the engine: every one is legal, the draws and passes come out
    the same, and so do the end, the hands and the points."""
    config = make_config(variant, players)
    rng = random.Random(17)
    checked = 0
    for m in range(12):
        match = Match(config, random.Random(100 + m))
        match.begin_round()
        for _ in range(rng.randrange(1, 7)):  # the hard bot places its own move before any playout
            if match.phase != PLAYING:
                break
            match.apply(rng.choice(match.legal_moves()))
        if match.phase != PLAYING:
            continue
        view = view_for(match, match.to_act)
        rules = sim.Rules(view)
        state = rules.start([[INDEX[t] for t in h] for h in match.hands], [INDEX[t] for t in match.boneyard[::-1]],
                            sim.board_of(view), match.to_act)
        trace: list[tuple[int, int, int]] = []
        sim.playout(state, trace=trace)
        twin = position_from_view(view, [list(h) for h in match.hands], match.boneyard)
        before = list(twin.scores)
        for seat, t, p in trace:
            assert twin.to_act == seat
            end = None if twin.layout.is_empty else END_NAMES[p]
            move = Move(ALL_TILES[t], end)
            assert move in twin.legal_moves()
            twin.apply(move)
        assert twin.phase != PLAYING
        record = twin.records[-1]
        assert record.went_out == state.went_out
        assert record.blocker == state.blocker
        assert [sorted(h) for h in record.hands] == [sorted(sim.tiles_of(h)) for h in state.hands]
        gains = sim.side_values(rules, state)
        engine_gains = [float(a - b) for a, b in zip(twin.scores, before)]
        if variant == "kozel":
            engine_gains = [-g for g in engine_gains]
        if record.result == "won_in_play":
            continue
        assert gains == engine_gains
        checked += 1
    assert checked


def test_count_after_matches_placing() -> None:
    """FIVES-6: the count a placement would make, worked out without placing it."""
    config = make_config("allfives", 2)
    rng = random.Random(5)
    checked = 0
    for m in range(30):
        match = Match(config, random.Random(m))
        match.begin_round()
        while match.phase == PLAYING:
            board = sim.board_of(view_for(match, 0))
            for move in match.legal_moves():
                t, p = INDEX[move.tile], END_INDEX[move.end]
                after = board.copy()
                after.place(t, p)
                assert board.count_after(t, p) == after.count()
                checked += 1
            match.apply(rng.choice(match.legal_moves()))
    assert checked > 500
