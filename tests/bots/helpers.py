"""Shared helpers for the bot tests: seeded random positions of every variant."""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from dominoes_tui.bots.easy import EasyBot
from dominoes_tui.bots.runner import Step, StopMatch, asking, play_match
from dominoes_tui.bots.search.deals import DealSampler
from dominoes_tui.bots.sim import tiles_of
from dominoes_tui.engine import PLAYING, Match, Move, PlayerView, make_config, view_for
from dominoes_tui.engine.position import position_from_view

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


def re_dealt(variant: str, players: int, count: int, seed: int) -> Iterator[tuple[PlayerView, PlayerView]]:
    """Every fourth of `count` positions with its twin: the same seat's view in a world
    whose hidden tiles were dealt again, consistently with everything public (one of the
    search's guesses). The twin's view must equal the view, and some re-deals must differ
    from the real deal, or the check proves nothing."""
    checked = differed = 0
    for n, (match, view) in enumerate(positions(variant, players, count, seed=seed)):
        if n % 4:
            continue
        others, stock = DealSampler(view, random.Random(n)).deal()
        hands = [list(view.hand) if s == view.seat else tiles_of(others[s]) for s in range(players)]
        differed += hands != [match.hands[s] for s in range(players)]
        twin = view_for(position_from_view(view, hands, tiles_of(stock[::-1])), view.seat)
        # a rebuilt position keeps no history or names; those are public anyway
        twin = replace(twin, history=view.history, names=view.names, scoresheet=view.scoresheet)
        assert twin == view, "another deal of the hidden tiles gives the very same view"
        yield view, twin
        checked += 1
    assert checked and differed, "some re-deals must differ from the real deal"


def known_positions(deals: int = 40) -> Iterator[tuple[Match, PlayerView]]:
    """2-player Draw turns with the boneyard empty and a choice, the other hand every tile
    not seen: the match (its true hands) and the mover's view, over `deals` seeded deals
    played at random."""
    rng = random.Random(3)
    for seed in range(deals):
        match = Match(make_config("draw", 2), random.Random(seed))
        match.begin_round()
        while match.phase == PLAYING:
            view = view_for(match, match.to_act)
            if view.boneyard == 0 and len(view.legal) > 1 and view.layout.line:
                yield match, view
            match.apply(rng.choice(view.legal))


def first_rounds(variant: str, players: int, seed: int, rounds: int = 1) -> Match:
    """A match of easy bots stopped once `rounds` rounds are played."""
    bots = [EasyBot(random.Random(seed * 10 + s), f"easy {s}") for s in range(players)]
    ask = asking(bots)

    def step(match: Match, seat: int) -> Move:
        if match.round_no > rounds:
            raise StopMatch
        return ask(match, seat)

    step_: Step = step
    return play_match(make_config(variant, players), bots, seed, step_).match
