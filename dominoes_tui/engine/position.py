"""Positions read from a match or rebuilt from one seat's view plus a guess at the hidden tiles.

Sampling bots deal the unseen tiles to the other hands and the boneyard many times and
play each guess out; `position_from_view` builds such a guess as a real Match (through
Match.from_position, checked), so the guess is played by exactly the same rules as the
table. `position_of` is a match's position as its parts, every hidden tile included.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from .game import PLAYING, Match, Seat
from .knowledge import replay_history
from .layout import Layout
from .parts import Position
from .tiles import Tile
from .variants import make_config
from .view import PlayerView


def layout_from_view(view: PlayerView) -> Layout:
    return Layout.of(view.layout, view.rules.spinner)


def position_of(match: Match) -> Position:
    """The position of `match`'s round in play: every hand, the boneyard, the layout, the
    stakes, the turn and what each seat has shown it lacks."""
    if match.phase != PLAYING:
        raise ValueError("a position is one of a round in play")
    return Position(
        config=match.config, hands=match.hands, boneyard=match.boneyard, layout=match.layout,
        scores=match.scores, play_points=match.play_points, round=match.round_no, leader=match.leader,
        to_act=match.to_act, lead_tile=match.lead_tile, last_placer=match.last_placer, passes=match.passes,
        lacks=match.lacks, pending=match.knowledge.pending,
    )


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
    knowledge = replay_history(view.players, view.history, view.rules.spinner)[1]
    placers = [e["seat"] for e in view.history if e["event"] == "play"]
    passes = 0
    for event in reversed(view.history):
        if event["event"] != "pass":
            break
        passes += 1
    lead = view.legal[0].tile if not view.layout.line and len(view.legal) == 1 and view.my_turn else None
    position = Position(
        config=config, hands=hands, boneyard=boneyard, layout=view.layout, scores=view.scores, round=view.round,
        leader=view.leader, to_act=view.to_act if view.to_act is not None else view.seat, lead_tile=lead,
        last_placer=placers[-1] if placers else None, passes=passes, lacks=knowledge.lacks, pending=knowledge.pending,
    )
    return Match.from_position(position, rng or random.Random(0), [Seat(n) for n in view.names])
