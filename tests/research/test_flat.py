"""The flat sampler (bench/flat.py), the research yardstick the search study plays hard
against: only legal moves, reproducible with a cap of deals, blind to the hidden tiles,
and spending its budget; seated by the studies' specs, never by the program's."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.flat import FlatBot
from bench.levels import make_bot
from dominoes_tui.bots.registry import BotSpecError
from tests.bots.helpers import TABLES, positions, re_dealt


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_flat_plays_only_legal_moves(variant: str, players: int) -> None:
    bot = FlatBot(random.Random(7), think_ms=None, max_samples=3)  # a small, untimed cap: fast and reproducible
    seen = 0
    for _match, view in positions(variant, players, 250, seed=players * 31 + len(variant)):
        move = bot.choose(view)
        assert move in view.legal, f"flat chose {move} in {variant} {players}p; legal: {view.legal}"
        seen += 1
    assert seen == 250


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), table=st.sampled_from(TABLES), depth=st.integers(0, 60))
def test_flat_with_a_cap_is_legal_and_deterministic_anywhere(seed: int, table: tuple[str, int], depth: int) -> None:
    variant, players = table
    view = None
    for _m, v in positions(variant, players, depth + 1, seed=seed):
        view = v
    assert view is not None
    a = FlatBot(random.Random(seed), think_ms=None, max_samples=8).choose(view)
    b = FlatBot(random.Random(seed), think_ms=None, max_samples=8).choose(view)
    assert a in view.legal and a == b, "the flat sampler with a fixed sample cap is reproducible"


def test_flat_with_a_time_budget_still_answers_legally() -> None:
    bot = FlatBot(random.Random(1), think_ms=5)
    for _m, view in positions("allfives", 2, 40, seed=3):
        assert bot.choose(view) in view.legal


def test_flat_with_a_clock_spends_its_budget_and_without_one_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A timed flat sampler thinks until its budget (the clockless cap of 400 deals once
    stopped most 200 ms decisions at a third of that); a clockless one stops at the cap,
    so seeded runs stay reproducible. A fake clock, 10 µs a reading, keeps this
    independent of the machine's speed and load."""
    now = [0.0]

    def tick() -> float:
        now[0] += 1e-5
        return now[0]

    monkeypatch.setattr("bench.flat.time.perf_counter", tick)
    view = next(v for _m, v in positions("partner", 4, 60, seed=5) if len(v.hand) >= 5 and len(v.legal) >= 2)
    timed = FlatBot(random.Random(1), think_ms=200)
    timed.choose(view)
    assert timed.last_samples > 400
    clockless = FlatBot(random.Random(1), think_ms=None)
    clockless.choose(view)
    assert clockless.last_samples == 400


@pytest.mark.parametrize("variant,players", [("draw", 2), ("allfives", 3), ("partner", 4), ("block", 2), ("kozel", 3)])
def test_flat_moves_do_not_depend_on_the_hidden_tiles(variant: str, players: int) -> None:
    """Deal the hidden tiles differently (consistently with everything public): the seat's
    view is the same, and the flat sampler, seeded alike, plays the same move."""
    for view, twin in re_dealt(variant, players, 60, seed=11):
        a = FlatBot(random.Random(4), think_ms=None, max_samples=6).choose(view)
        b = FlatBot(random.Random(4), think_ms=None, max_samples=6).choose(twin)
        assert a == b


def test_the_studies_seat_flat_by_its_spec_and_every_level_as_the_program_does() -> None:
    flat = make_bot("flat:75", random.Random(0))
    assert isinstance(flat, FlatBot) and flat.think_ms == 75 and flat.level == "flat"
    assert make_bot("flat", random.Random(0)).think_ms == 200
    assert make_bot("flat:0", random.Random(0)).think_ms is None  # no clock: the cap alone
    assert make_bot("medium", random.Random(0)).level == "medium"
    with pytest.raises(BotSpecError, match="flat:MS"):
        make_bot("flat:fast", random.Random(0))
    with pytest.raises(BotSpecError):
        make_bot("flatter", random.Random(0))
