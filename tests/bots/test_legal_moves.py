"""Every level only ever returns a legal move, in thousands of positions of every variant."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_tui.bots import make_bot

from .helpers import TABLES, positions


def _bots(seed: int):
    return {
        "easy": make_bot("easy", random.Random(seed)),
        "random": make_bot("random", random.Random(seed)),
        "heaviest": make_bot("heaviest", random.Random(seed)),
        "medium": make_bot("medium", random.Random(seed)),
    }


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_every_level_plays_only_legal_moves(variant: str, players: int) -> None:
    bots = _bots(7)
    seen = 0
    for _match, view in positions(variant, players, 250, seed=players * 31 + len(variant)):
        for level, bot in bots.items():
            move = bot.choose(view)
            assert move in view.legal, f"{level} chose {move} in {variant} {players}p; legal: {view.legal}"
        seen += 1
    assert seen == 250


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), table=st.sampled_from(TABLES), depth=st.integers(0, 60))
def test_levels_are_legal_and_deterministic_anywhere(seed: int, table: tuple[str, int], depth: int) -> None:
    variant, players = table
    view = None
    for _m, v in positions(variant, players, depth + 1, seed=seed):
        view = v
    assert view is not None
    for level in ("easy", "heaviest", "medium"):
        a = make_bot(level, random.Random(seed)).choose(view)
        b = make_bot(level, random.Random(seed)).choose(view)
        assert a in view.legal and a == b

