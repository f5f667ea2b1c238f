"""The match runner (bots/runner.py): one loop for every bot-only match, with a step a
caller can wrap (time each decision, record views, stop), and the legal-only path."""
from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.runner import StopMatch, asking, play_match, play_matches, stoppable
from dominoes_tui.engine import PLAYING, Match, Move, PlayerView, Seat, dumps, make_config, view_for
from dominoes_tui.engine.seeds import derive_seeds, seeded


class LegalOnly:
    """Reads only the legal moves; its `choose` must never be called by the runner."""

    level = "easy"
    legal_only = True

    def __init__(self, name: str) -> None:
        self.name, self.rng, self.handed = name, random.Random(name), 0

    def choose(self, view: PlayerView) -> Move:
        raise AssertionError("a legal-only bot was built a view")

    def choose_legal(self, legal: Sequence[Move]) -> Move:
        self.handed += 1
        return self.rng.choice(legal)

    def close(self) -> None:
        pass


class Viewer:
    level = "medium"

    def __init__(self, name: str) -> None:
        self.name, self.rng, self.views = name, random.Random(name), []
        self.notes = [f"{name} was here"]

    def choose(self, view: PlayerView) -> Move:
        self.views.append(view)
        return self.rng.choice(view.legal)

    def close(self) -> None:
        pass


def test_a_legal_only_bot_is_handed_the_legal_moves_and_the_others_a_view() -> None:
    quick, viewer = LegalOnly("q"), Viewer("v")
    run = play_match(make_config("draw", 2), [quick, viewer], 3)
    assert run.match.is_over and not run.stopped
    assert quick.handed > 0 and viewer.views
    assert all(v.seat == 1 and v.my_turn for v in viewer.views)
    assert run.notes == ["v was here"]
    assert run.seconds > 0


def test_a_step_sees_every_move_and_can_record_views() -> None:
    bots = [make_bot("medium", seeded(9, s)) for s in range(3)]
    plain = play_match(make_config("draw", 3), [make_bot("medium", seeded(9, s)) for s in range(3)], 9)
    ask, seen = asking(bots), []

    def recording(match: Match, seat: int) -> Move:
        seen.append(view_for(match, seat))
        return ask(match, seat)

    run = play_match(make_config("draw", 3), bots, 9, recording)
    plays = sum(1 for e in run.match.events if e["event"] == "play")
    assert len(seen) >= plays and all(v.my_turn for v in seen)  # every decision seen, each at its seat's turn
    assert dumps(run.match.events) == dumps(plain.match.events)  # watching changes nothing


def test_a_step_can_end_the_match_early() -> None:
    calls = []

    def three_moves(match: Match, seat: int) -> Move:
        if len(calls) == 3:
            raise StopMatch
        calls.append(seat)
        return match.legal_moves()[0]

    run = play_match(make_config("draw", 2), [LegalOnly("a"), LegalOnly("b")], 1, three_moves)
    assert run.stopped and not run.match.is_over and len(calls) == 3


def test_a_stop_asked_for_ends_the_match_at_its_next_move() -> None:
    asked = []
    bots = [Viewer("a"), Viewer("b")]
    step = stoppable(asking(bots), lambda: bool(asked), look_every=0.0)

    def ask_after_five(match: Match, seat: int) -> Move:
        if sum(len(b.views) for b in bots) == 5:
            asked.append(True)  # Ctrl-C, as the run sees it
        return step(match, seat)

    run = play_match(make_config("draw", 2), bots, 1, ask_after_five)
    assert run.stopped and sum(len(b.views) for b in bots) == 5


def test_runs_of_matches_use_the_run_seeds_and_close_their_bots() -> None:
    closed = []

    def make(match_seed: int) -> list[LegalOnly]:
        bots = [LegalOnly(f"{match_seed}/{s}") for s in range(2)]
        for b in bots:
            b.close = lambda b=b: closed.append(b.name)  # type: ignore[method-assign]
        return bots

    runs = play_matches(make_config("draw", 2), make, 3, 42)
    assert [r.match.seed for r in runs] == derive_seeds(42, 3)
    assert len(closed) == 6


@pytest.mark.parametrize("variant,players", [("draw", 2), ("allfives", 3), ("partner", 4), ("kozel", 2)])
def test_the_runner_plays_as_the_loop_it_replaced(variant: str, players: int) -> None:
    """The loop every caller used to write, kept here as the reference the runner is held to."""
    config = make_config(variant, players)
    specs = ["medium", "easy", "heaviest", "random"][:players]
    run = play_match(config, [make_bot(s, seeded(5, i), s) for i, s in enumerate(specs)], 5)
    bots = [make_bot(s, seeded(5, i), s) for i, s in enumerate(specs)]
    match = Match(config, random.Random(5), [Seat(b.name, "bot", b.level) for b in bots], 5)
    while not match.is_over:
        match.begin_round()
        while match.phase == PLAYING:
            match.apply(bots[match.to_act].choose(view_for(match, match.to_act)), match.to_act)
    assert dumps(run.match.events) == dumps(match.events)
