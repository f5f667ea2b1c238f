"""The hard level's playout simulator agrees with the engine on every rule it uses."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.bots import sim
from dominoes_tui.engine import PLAYING, Match, Move, make_config, view_for
from dominoes_tui.engine.position import position_from_view

from .helpers import TABLES


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_board_follows_the_engine_layout(variant: str, players: int) -> None:
    config = make_config(variant, players)
    rng = random.Random(players)
    fives = variant == "allfives"
    for m in range(6):
        match = Match(config, random.Random(m))
        match.begin_round()
        board = sim.Board.from_layout(view_for(match, 0).layout)
        while match.phase == PLAYING:
            move = rng.choice(match.legal_moves())
            sim.place(board, sim.INDEX[move.tile], 0 if move.end is None else sim.END_INDEX[move.end], fives)
            match.apply(move)
            ends = match.layout.open_ends()
            points = sim.open_points(board, fives)
            assert [board.val[p] for p in points] == [v for _, v in ends]
            if fives:
                assert sim.count(board) == match.layout.count()
            rebuilt = sim.Board.from_layout(view_for(match, 0).layout)
            assert [rebuilt.val[p] for p in sim.open_points(rebuilt, fives)] == [v for _, v in ends]
            if fives:
                assert sim.count(rebuilt) == match.layout.count()


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_playouts_obey_the_engine(variant: str, players: int) -> None:
    """Play a round out in the simulator with the real hidden tiles, then replay its
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
        hands = [[sim.INDEX[t] for t in h] for h in match.hands]
        stock = [sim.INDEX[t] for t in match.boneyard[::-1]]  # top last
        board = sim.Board.from_layout(view.layout)
        points = [0] * players
        trace: list[tuple[int, int, int]] = []
        last = next((e["seat"] for e in reversed(view.history) if e["event"] == "play"), None)
        went_out, blocker, capicu = sim.playout(rules, hands, stock, board, match.to_act, last, 0, points, trace)
        twin = position_from_view(view, [list(h) for h in match.hands], match.boneyard)
        before = list(twin.scores)
        for seat, t, p in trace:
            assert twin.to_act == seat
            end = None if twin.layout.is_empty else sim.END_INDEX_NAMES[p]
            move = Move(sim.ALL_TILES[t], end)
            assert move in twin.legal_moves()
            twin.apply(move)
        assert twin.phase != PLAYING
        record = twin.records[-1]
        assert record.went_out == went_out
        assert record.blocker == blocker
        assert [sorted(h) for h in record.hands] == [sorted(sim.tiles_of(h)) for h in hands]
        gains = sim.side_values(rules, hands, went_out, blocker, capicu, points)
        engine_gains = [float(a - b) for a, b in zip(twin.scores, before)]
        if variant == "kozel":
            engine_gains = [-g for g in engine_gains]
        if record.result == "won_in_play":
            continue
        assert gains == engine_gains
        checked += 1
    assert checked


def test_count_after_matches_placing() -> None:
    config = make_config("allfives", 2)
    rng = random.Random(5)
    checked = 0
    for m in range(30):
        match = Match(config, random.Random(m))
        match.begin_round()
        while match.phase == PLAYING:
            board = sim.Board.from_layout(view_for(match, 0).layout)
            for move in match.legal_moves():
                t, p = sim.INDEX[move.tile], 0 if move.end is None else sim.END_INDEX[move.end]
                after = board.copy()
                sim.place(after, t, p, True)
                assert sim.count_after(board, t, p) == sim.count(after)
                checked += 1
            match.apply(rng.choice(match.legal_moves()))
    assert checked > 500
