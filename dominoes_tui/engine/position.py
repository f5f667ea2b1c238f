"""A playable match rebuilt from one seat's view plus a guess at the hidden tiles.

Sampling bots deal the unseen tiles to the other hands and the boneyard many times and
play each guess out; this builds such a guess as a real Match, so the guess is played
by exactly the same rules as the table.
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from .game import PLAYING, Match, Seat
from .knowledge import replay_history
from .layout import Layout
from .tiles import Tile
from .variants import make_config
from .view import PlayerView


def layout_from_view(view: PlayerView) -> Layout:
    lv = view.layout
    layout = Layout(spinner_allowed=view.rules.spinner)
    layout.line = deque(lv.line)
    if lv.spinner_index is not None:
        layout.spinner = lv.line[lv.spinner_index].tile
        layout.west = lv.spinner_index
        layout.east = len(lv.line) - 1 - lv.spinner_index
    layout.up, layout.down = list(lv.up), list(lv.down)
    return layout


def position_from_view(
    view: PlayerView,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    rng: random.Random | None = None,
) -> Match:
    """A Match in the middle of the view's round, with `hands` (the view's own hand at
    its seat) and `boneyard` (top first) as the guess of what is hidden."""
    if view.phase != PLAYING:
        raise ValueError("a position can only be rebuilt while a round is played")
    config = make_config(view.variant, view.players, options=dict(view.options))
    match = Match(config, rng or random.Random(0), [Seat(n) for n in view.names])
    match.scores = list(view.scores)
    match.round_no = view.round
    match.hands = [list(h) for h in hands]
    match.boneyard = list(boneyard)
    match.layout = layout_from_view(view)
    match.leader = view.leader
    match.lead_tile = view.legal[0].tile if not view.layout.line and len(view.legal) == 1 and view.my_turn else None
    match.to_act = view.to_act if view.to_act is not None else view.seat
    match.knowledge = replay_history(view.players, view.history, view.rules.spinner)[1]
    match.round_start_index = len(match.events) - 1
    placers = [e["seat"] for e in view.history if e["event"] == "play"]
    match.last_placer = placers[-1] if placers else None
    passes = 0
    for event in reversed(view.history):
        if event["event"] != "pass":
            break
        passes += 1
    match._round.passes = passes
    match.phase = PLAYING
    return match
