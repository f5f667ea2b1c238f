"""Swiss pairing as a minimum-cost perfect matching (networkx's blossom algorithm).

Every possible pair, and every entrant with the bye when the count is odd, gets a cost
built of four levels, each worth more than all lower ones together can add up to:
0. a second bye to someone who has had one;
1. a repeat: a pair that has met before;
2. the squared difference of the two scores (for the bye: the distance from the lowest score);
3. the distance between the two in the order (score, then rating), so that with
   everything else equal neighbours meet (1-2, 3-4, ...) and the bye goes to the lowest.
The cheapest perfect matching therefore gives byes to different people while it can,
then repeats as few pairs as it can, and among those keeps scores as close as they can be.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from .history import History, pair

BYE = "\0bye"  # never a valid name: names are cleaned of control characters


def pair_swiss(order: Sequence[str], points: Mapping[str, Fraction], hist: History
               ) -> tuple[list[tuple[str, str]], str | None]:
    """Pairs (best first) and the one with the bye, for entrants listed best first."""
    n = len(order)
    if n < 2:
        return [], (order[0] if order else None)
    rank = {e: i for i, e in enumerate(order)}
    scale = math.lcm(*(points[e].denominator for e in order))
    score = {e: int(points[e] * scale) for e in order}
    low = min(score.values())
    spread = max(score.values()) - low
    level2 = n * n + 1  # more than any matching's sum of rank distances
    level1 = (n // 2 + 1) * (spread * spread * level2 + n) + 1  # more than any matching's lower levels
    most = max(hist.opponents.values(), default=0)
    level0 = (n // 2 + 1) * ((most + 1) * level1) + 1  # more than any matching's repeats and lower levels
    costs: dict[tuple[str, str], int] = {}
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            costs[a, b] = hist.opponents[pair(a, b)] * level1 + (score[a] - score[b]) ** 2 * level2 + (rank[b] - rank[a])
        if n % 2:
            costs[a, BYE] = hist.byes[a] * level0 + (score[a] - low) ** 2 * level2 + (n - 1 - rank[a])
    top = max(costs.values()) + 1
    # networkx costs a tenth of a second to import: only a pairing pays it, not every
    # client and game session that imports the tournament model
    import networkx as nx

    graph = nx.Graph()
    graph.add_weighted_edges_from((a, b, top - c) for (a, b), c in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[str, str]] = []
    bye = None
    for a, b in matching:
        if BYE in (a, b):
            bye = b if a == BYE else a
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda p: rank[p[0]])
    return pairs, bye
