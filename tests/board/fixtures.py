"""A board message built the way the server builds it, from seeded tables and an evening
with results: deterministic, so it can be drawn in snapshots."""
from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from dominoes_tui.bots import make_bot
from dominoes_tui.engine import PLAYING, Match, Seat, make_config, view_for
from dominoes_tui.engine.position import position_of
from dominoes_tui.net.evening.board_feed import board
from dominoes_tui.net.evening.evening import Evening, EveningSettings
from dominoes_tui.net.tables.table import Slot, Table
from tests.engine.fixtures import with_scores

CODES = ["KXMP", "RTBW", "HNCY", "DFGL"]


def _table(code: str, names: list[str], seed: int, moves: int) -> Table:
    config = make_config("draw", len(names), 100)
    host = SimpleNamespace(tables_dir=None, default_level="random")
    t = Table(host, code, config, [Slot(n, "human", None, "tok") for n in names], seed, 0.0)  # type: ignore[arg-type]
    m = Match(config, random.Random(seed), [Seat(n, "human") for n in names], seed)
    bots = [make_bot("medium", random.Random(seed + i), n) for i, n in enumerate(names)]
    m.begin_round()
    dealt, played = position_of(m), []
    for _ in range(moves):
        if m.phase != PLAYING:
            break
        played.append(bots[m.to_act].choose(view_for(m, m.to_act)))
        m.apply(played[-1], m.to_act)
    # the same deal and moves, at a scoreline as after some rounds
    m = Match.from_position(replace(dealt, scores=[seed % 37 + 20 * i for i in range(len(names))]), m.rng, m.seats, seed)
    for move in played:
        m.apply(move)
    t.match = m
    return t


class FakeHost:
    def __init__(self, evening: Evening) -> None:
        self.evening = evening

    def public(self) -> dict[str, Any]:
        data = self.evening.public()
        data["round_deadline"] = None
        return data


LEADERS = [
    {"place": 1, "name": "Hal", "kind": "person", "rating": 1312, "provisional": False, "matches": 14, "wins": 9},
    {"place": 2, "name": "bot:hard", "kind": "bot", "rating": 1250, "provisional": False, "matches": 40, "wins": 22},
    {"place": 3, "name": "Dora", "kind": "person", "rating": 1190, "provisional": True, "matches": 3, "wins": 2},
]


def sample_board(
    feature: str | None = None, leaders: list[dict[str, Any]] | None = LEADERS, quick_match: bool = False,
) -> dict[str, Any]:
    people = ["Ana", "Ben", "Cy", "Dora", "Eli", "Fay", "Gus", "Hal"]
    evening = Evening.open(EveningSettings(variant="draw", format="swiss", rounds=3, target=100), "Ana", seed=4)
    for p in people:
        evening.register(p)
    plans = evening.start()
    for plan, code in zip(plans, CODES):
        evening.opened(plan, code)
    for plan, code in zip(plans, CODES):
        evening.finished(code, [100 + plan.table, 40 + 7 * plan.table])  # the last one pairs round 2
    rnd = evening.tournament.current
    assert rnd is not None and rnd.number == 2
    tables = {}
    for i, tb in enumerate(rnd.tables):
        code = CODES[i]
        evening.codes[tb.number] = code
        tables[code] = _table(code, list(tb.seats), 10 + i, 3 + 2 * i)
    if quick_match:  # a table beside the evening, its scores as close as can be
        quick = _table("QQQQ", ["Ira", "Jo"], 40, 2)
        quick.match = with_scores(quick.match, [0, 0])  # type: ignore[arg-type]
        tables["QQQQ"] = quick
    rows = None if leaders is None else [dict(r) for r in leaders]  # a test may change its copy
    return board(tables, FakeHost(evening), feature, lambda variant: rows)  # type: ignore[arg-type]
