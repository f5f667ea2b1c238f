"""Shared helpers for the bot tests: seeded random positions of every variant."""
from __future__ import annotations

import random
from collections.abc import Iterator

from dominoes_tui.engine import PLAYING, Match, PlayerView, make_config, view_for

TABLES = [
    ("draw", 2), ("draw", 3), ("draw", 4),
    ("block", 2), ("block", 3), ("block", 4),
    ("allfives", 2), ("allfives", 3), ("allfives", 4),
    ("partner", 4),
    ("kozel", 2), ("kozel", 3), ("kozel", 4),
    ("duel", 2),
]


def positions(variant: str, players: int, count: int, seed: int = 0) -> Iterator[tuple[Match, PlayerView]]:
    """`count` positions where a seat must move, from random play (the match goes on after each)."""
    rng = random.Random(seed)
    config = make_config(variant, players)
    made = 0
    while made < count:
        match = Match(config, random.Random(rng.randrange(2**31)))
        while not match.is_over and made < count:
            match.begin_round()
            while match.phase == PLAYING and made < count:
                view = view_for(match, match.to_act)
                yield match, view
                made += 1
                match.apply(rng.choice(view.legal))
