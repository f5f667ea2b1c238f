"""What one seat may see (docs/DESIGN.md: hidden information stays hidden by construction).

A PlayerView is built by copying only public facts and the seat's own hand out of a
Match; it keeps no reference to the match, so no other hand or boneyard tile can be
reached from it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .ends import END_NAMES, End, Placed
from .events import Event, freeze
from .game import Match, RoundRecord
from .moves import Move
from .phases import PLAYING, Phase
from .records import RoundResult
from .rules import Variant, find_variant
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class LayoutView:
    """The tiles on the table, as they lie."""

    line: tuple[Placed, ...]
    spinner_index: int | None
    up: tuple[Placed, ...]
    down: tuple[Placed, ...]
    ends: tuple[tuple[End, int], ...]  # open ends with their values
    count: int  # FIVES-6 count (meaningful in All Fives)

    def tiles(self) -> list[Tile]:
        return [p.tile for p in (*self.line, *self.up, *self.down)]

    def end_value(self, end: str) -> int | None:
        """The value showing at `end` (an End, or its word), None where it is not open."""
        for name, value in self.ends:
            if name == end:
                return value
        return None


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One finished round on the scoresheet: no hands, only what it gave."""

    round: int
    result: RoundResult
    winner: int | None
    points: int | tuple[int, ...]
    play_points: tuple[int, ...]
    scores: tuple[int, ...]
    capicu: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    variant: str
    players: int
    teams: tuple[tuple[int, ...], ...] | None
    options: Mapping[str, Any]
    target: int
    names: tuple[str, ...]
    round: int
    phase: Phase
    leader: int
    to_act: int | None
    hand: tuple[Tile, ...]
    layout: LayoutView
    hand_sizes: tuple[int, ...]
    boneyard: int
    drawable: int
    scores: tuple[int, ...]
    legal: tuple[Move, ...]  # empty unless it is this seat's turn
    history: tuple[Event, ...]  # this round's public events, oldest first, read-only (events.freeze)
    lacks: tuple[frozenset[int], ...]  # numbers each seat has shown it cannot hold now
    scoresheet: tuple[ScoreRow, ...] = field(default=())

    @property
    def rules(self) -> Variant:
        """The variant played, with its rules and words."""
        return find_variant(self.variant)

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def ends(self) -> dict[End, int | None]:
        """Every end name with its value, None where closed (the bot protocol's form)."""
        open_ends = dict(self.layout.ends)
        return {name: open_ends.get(name) for name in END_NAMES}


NOBODY = -1  # the seat of a view from outside the table: a spectator's, the projector board's


def _public_history(match: Match, seat: int) -> tuple[Event, ...]:
    """This round's events as `seat` saw them (NOBODY: as anyone may see them): others'
    draws face down. Each event is frozen once (a read-only copy, events.freeze) and
    shared by every seat's view; each seat's tuple is kept and extended as the round
    goes (views are built every turn)."""
    if not match.round_no:
        return ()
    events = match.events
    start = match.round_start_index + 1
    cache = match.view_cache
    frozen_entry = cache.get("frozen_round")
    if frozen_entry is None or frozen_entry[0] != start or start + len(frozen_entry[1]) > len(events):
        frozen_entry = cache["frozen_round"] = (start, list[Event]())
    frozen = frozen_entry[1]
    frozen.extend(map(freeze, events[start + len(frozen):]))
    histories = cache.setdefault("public_histories", {})
    entry = histories.get(seat)
    if entry is None or entry[0] != start or entry[1] > len(frozen):
        entry = histories[seat] = [start, 0, []]
    seen = entry[2]
    for e in frozen[entry[1]:]:
        seen.append(_face_down(e["seat"]) if e["event"] == "draw" and e["seat"] != seat else e)
    entry[1] = len(frozen)
    return tuple(seen)


_FACE_DOWN = tuple(freeze({"event": "draw", "seat": seat, "tile": None}) for seat in range(4))


def _face_down(seat: int) -> Event:
    """Another seat's draw as this one saw it: who drew, not what."""
    return _FACE_DOWN[seat] if 0 <= seat < len(_FACE_DOWN) else freeze({"event": "draw", "seat": seat, "tile": None})


def _score_row(record: RoundRecord) -> ScoreRow:
    points = record.outcome.points
    return ScoreRow(
        record.round,
        record.result,
        record.outcome.winner,
        tuple(points) if isinstance(points, list) else points,
        tuple(record.play_points),
        tuple(record.scores),
        record.outcome.capicu,
    )


def view_for(match: Match, seat: int) -> PlayerView:
    """What `seat` may see: the public facts, its own hand, its legal moves on its turn."""
    legal = tuple(match.legal_moves()) if match.phase == PLAYING and match.to_act == seat else ()
    return _view(match, seat, match.hand(seat), legal)


def public_view(match: Match) -> PlayerView:
    """What anyone may see (a spectator, the projector board): seat NOBODY, no hand, no
    legal moves, every draw face down. Made from public facts alone: it never reads a
    hand or the boneyard's tiles, so it cannot leak one."""
    return _view(match, NOBODY, (), ())


def _view(match: Match, seat: int, hand: tuple[Tile, ...], legal: tuple[Move, ...]) -> PlayerView:
    layout = match.layout
    const = _constants(match)
    return PlayerView(
        seat=seat,
        variant=const[0],
        players=match.n,
        teams=const[1],
        options=match.config.options,
        target=const[2],
        names=const[3],
        round=match.round_no,
        phase=match.phase,
        leader=match.leader,
        to_act=match.to_act if match.phase == PLAYING else None,
        hand=hand,
        layout=LayoutView(
            tuple(layout.line), layout.spinner_index, tuple(layout.up), tuple(layout.down),
            tuple(layout.open_ends()), layout.count(),
        ),
        hand_sizes=match.hand_sizes(),
        boneyard=match.boneyard_size,
        drawable=match.drawable,
        scores=tuple(match.scores),
        legal=legal,
        history=_public_history(match, seat),
        lacks=tuple(map(frozenset, match.lacks)),
        scoresheet=_scoresheet(match),
    )


def _constants(match: Match) -> tuple:
    # What never changes during a match, worked out once rather than every turn.
    const = match.view_cache.get("constants")
    if const is None:
        config = match.config
        const = (config.variant, config.teams, config.target, tuple(s.name for s in match.seats))
        match.view_cache["constants"] = const
    return const


def _scoresheet(match: Match) -> tuple[ScoreRow, ...]:
    # Rows only change when a round ends; views are built every turn, so keep them.
    cached = match.view_cache.get("scoresheet_rows")
    if cached is None or len(cached) != len(match.records):
        cached = tuple(_score_row(r) for r in match.records)
        match.view_cache["scoresheet_rows"] = cached
    return cached
