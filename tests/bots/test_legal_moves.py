"""Every level only ever returns a legal move, in thousands of positions of every variant."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.flat import FlatBot

from .helpers import TABLES, positions


def _bots(seed: int):
    return {
        "easy": make_bot("easy", random.Random(seed)),
        "random": make_bot("random", random.Random(seed)),
        "heaviest": make_bot("heaviest", random.Random(seed)),
        "medium": make_bot("medium", random.Random(seed)),
        # a small, untimed sample cap keeps this fast and reproducible
        "hard": FlatBot(random.Random(seed), think_ms=None, max_samples=3),
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
    for i, (_m, v) in enumerate(positions(variant, players, depth + 1, seed=seed)):
        view = v
    assert view is not None
    for level in ("easy", "heaviest", "medium"):
        a = make_bot(level, random.Random(seed)).choose(view)
        b = make_bot(level, random.Random(seed)).choose(view)
        assert a in view.legal and a == b
    a = FlatBot(random.Random(seed), think_ms=None, max_samples=8).choose(view)
    b = FlatBot(random.Random(seed), think_ms=None, max_samples=8).choose(view)
    assert a in view.legal and a == b, "the hard level with a fixed sample cap is reproducible"


def test_hard_with_a_time_budget_still_answers_legally() -> None:
    bot = FlatBot(random.Random(1), think_ms=5)
    for _m, view in positions("allfives", 2, 40, seed=3):
        assert bot.choose(view) in view.legal


def test_hard_with_a_clock_spends_its_budget_and_without_one_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A timed hard bot thinks until its budget (the clockless cap of 400 deals once
    stopped most 200 ms decisions at a third of that); a clockless one stops at the cap,
    so seeded tournaments stay reproducible. A fake clock, 10 µs a reading, keeps this
    independent of the machine's speed and load."""
    now = [0.0]

    def tick() -> float:
        now[0] += 1e-5
        return now[0]

    monkeypatch.setattr("dominoes_tui.bots.flat.time.perf_counter", tick)
    view = next(v for _m, v in positions("partner", 4, 60, seed=5) if len(v.hand) >= 5 and len(v.legal) >= 2)
    timed = FlatBot(random.Random(1), think_ms=200)
    timed.choose(view)
    assert timed.last_samples > 400
    clockless = FlatBot(random.Random(1), think_ms=None)
    clockless.choose(view)
    assert clockless.last_samples == 400
