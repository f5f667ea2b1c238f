"""Forecasts that know more than the mover, to bound what reading the mover's view better
could win (`python -m bench analysis --calibration --records FILE --oracle N`).

For a judged move the search is run as the analysis runs it, but on the real hidden
tiles: `hand` knows every other hand as it is and guesses only the boneyard's order (N
orders, each judged as a guess), the most any inference about the other hands could
reach; `deal` knows the boneyard's order too and plays the one true deal out as a guess
would be (the play-out policy, then the exact ending). Where the first is little better
than the search, better inference cannot win much; where the second is worse than the
truth of the round, what the search lacks is not the deal but how the round is really
played.
"""
from __future__ import annotations

from typing import Any

from dominoes_tui.bots.analysis.analyse import Decision, Lines
from dominoes_tui.bots.analysis.judge import SOLVE_MS
from dominoes_tui.bots.search.pimc import Search
from dominoes_tui.engine import Deal, Move
from dominoes_tui.engine.bits import INDEX
from dominoes_tui.engine.gamelog import replay
from dominoes_tui.engine.seeds import seeded
from dominoes_tui.engine.tiles import parse_tiles

Hidden = tuple[dict[int, list[int]], list[int]]  # the other hands, the boneyard (top last)


def hidden_at(lines: Lines, plies: set[int]) -> dict[int, Hidden]:
    """The real hidden tiles before each placement in `plies` (the match replayed)."""
    match = replay(lines[:1])
    found: dict[int, Hidden] = {}
    ply = 0
    for _number, event in lines[1:]:
        if event["event"] == "round_start":
            match.begin_round(Deal([parse_tiles(h) for h in event["hands"]], parse_tiles(event["boneyard"]),
                                   event["leader"]))
        elif event["event"] == "play":
            mover = event["seat"]
            if ply in plies:
                others = {s: [INDEX[t] for t in hand] for s, hand in enumerate(match.hands) if s != mover}
                found[ply] = (others, [INDEX[t] for t in reversed(match.boneyard)])
            match.apply(Move.from_json(event), mover)
            ply += 1
    return found


def knowing(decision: Decision, hidden: Hidden, seed: int, orders: int) -> dict[str, Any]:
    """The played move's chance with the other hands known (`p_hand`, over `orders`
    guessed boneyard orders) and with the whole deal known (`p_deal`)."""
    others, stock = hidden
    search = Search(decision.view, seeded(seed, "oracle", decision.ply), SOLVE_MS)
    played = search.candidate(decision.played)
    deal = search.judge(others, list(stock))
    assert deal is not None  # no cancel given
    rng = seeded(seed, "orders", decision.ply)
    for _ in range(orders):
        order = list(stock)
        rng.shuffle(order)
        values = search.judge(others, order)
        assert values is not None
        search.record(1.0, values)
    return {"p_hand": search.averages()[played], "p_deal": deal[played]}


