"""One match: rounds, turns, forced draws and passes, scoring (COM-1 … COM-10).

The state changes only through `apply(move)` (and `begin_round()` between rounds, which
deals). Draws and passes are made by the engine itself exactly when the rules force
them (COM-5, COM-6), so the seat to act always has at least one legal move.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from .bits import CODE, INDEX, LEAD, NAME, PLACED, PLACED_CODE, TILES, tile_hands
from .board import Board
from .errors import IllegalMove, Phrase
from .events import DRAW as _DRAW
from .events import PLAY as _PLAY
from .events import ROUND_START as _ROUND_START
from .events import START as _START
from .events import materialize
from .knowledge import LackTracker
from .layout import Layout
from .moves import Move
from .parts import Position, hands_of, lacks_of
from .phases import MATCH_OVER, NEW, PLAYING, ROUND_OVER
from .records import Deal, RoundRecord, Seat
from .round import Round
from .round_end import RoundEnd, new_round
from .says import (
    DEAL_BETWEEN,
    END_NOT_OPEN,
    LEAD_TAKES_NO_END,
    LEAD_WITH,
    MATCH_IS_OVER,
    MUST_PLAY,
    NEEDS_END,
    NO_MATCH,
    NO_ROUND,
    NOT_HELD,
    NOT_SEATS_TURN,
    WRONG_LEADER,
    end_phrase,
)
from .scoring import NOT_OVER
from .shuffle import shuffled_set
from .tiles import Tile
from .variants import TableConfig

TILE_OF_NAME = {name: TILES[i] for i, name in enumerate(NAME)}


@cache
def _default_seats(n: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"Seat {i}") for i in range(n))


class Match(RoundEnd):
    """A match between seats. Its rounds are played on the integer core (round.py), which
    applies the rules of a round; Match keeps the log, what the seats have shown they lack,
    the rounds' records and the match's score, and shows Tiles, Moves and the Layout."""

    def __init__(
        self,
        config: TableConfig,
        rng: random.Random,
        seats: Sequence[Seat] | None = None,
        seed: int | str | None = None,
    ) -> None:
        self.config = config
        self.rng = rng
        self.n = config.players
        self.seats = list(seats) if seats else list(_default_seats(self.n))
        if len(self.seats) != self.n:
            raise ValueError(f"{len(self.seats)} seats given for {self.n} players")
        self.seed = seed
        self.sides = 2 if config.teams else self.n
        size = config.hand_size
        self._deal_slices = tuple(slice(i * size, (i + 1) * size) for i in range(self.n))
        self._spinner = config.rules.spinner
        self._plaza = config.rules.leads_six_six(config)
        self._scores = [0] * self.sides
        self.round_no = 0
        self.phase = NEW
        # The log's events: those made so far, and the newest kept in a compact form until
        # someone reads `events` (a bench or a bot-only match may never look).
        self._events: list[dict[str, Any]] = []
        self._raw: list[Any] = [(_START,)]
        self.records: list[RoundRecord] = []
        self.verdict = NOT_OVER
        self._next_leader: int | None = None
        # the round in progress: its draws and passes are logged straight into _raw
        self._round = self._new_round([[] for _seat in range(self.n)], [], 0, -1)
        self._layout: Layout | None = None  # made when first asked for, from the plays logged
        self._layout_upto = 0  # events up to here are placed on it
        self.leader = 0
        self.round_start_index = 0
        self.knowledge = LackTracker(self.n)
        self._legal: list[Move] | None = None
        # What view.py works out once and reuses turn after turn (public histories, the
        # scoresheet's rows): a declared slot, since the compiled core has no __dict__.
        self.view_cache: dict[str, Any] = {}

    @classmethod
    def from_position(cls, position: Position, rng: random.Random | None = None,
                      seats: Sequence[Seat] | None = None, seed: int | str | None = None) -> Match:
        """A match in the middle of a round at `position` (parts.py, checked when it was
        made). The seat to act then draws or passes as the rules force, as after a play;
        the match's log begins there (match_start and what happens next: it does not
        replay), and `rng` deals the rounds after this one."""
        p, n = position, position.config.players
        match = cls(position.config, rng or random.Random(0), seats, seed)
        match.round_no, match.leader = p.round, p.leader
        played = list(p.play_points) if p.play_points is not None else [0] * n
        match._scores = list(p.scores) if p.scores is not None else [0] * match.sides
        base = list(match._scores)
        for seat, points in enumerate(played):
            if points:  # All Fives: a seat is a side
                base[seat] -= points
        lead = -1 if p.lead_tile is None else INDEX[p.lead_tile]
        r = match._round = new_round(p.config, hands_of(p), [INDEX[t] for t in reversed(p.boneyard)],
                                     p.table.board.copy(), p.seat_to_act, base, lead, match._raw)
        r.play_points, r.last_placer, r.passes = played, p.last_placer, p.passes
        match._layout, match._layout_upto = p.table.copy(), len(match.events)
        match.knowledge.lacks, match.knowledge.pending = lacks_of(p)
        match.phase = PLAYING
        if not r.board.empty:
            match._advance(p.seat_to_act)
        return match

    # -- public reading ----------------------------------------------------------
    @property
    def events(self) -> list[dict[str, Any]]:
        """Every event of the match so far, as docs/GAMELOG.md writes them."""
        if self._raw:
            self._flush_events()
        return self._events

    def _flush_events(self) -> None:
        raw = self._raw  # the round's journal too: emptied, never replaced
        self._events.extend(materialize(raw, self._match_start_event))
        raw.clear()

    def _new_round(self, hands: list[list[int]], stock: list[int], to_act: int, lead: int) -> Round:
        return new_round(self.config, hands, stock, Board(self._spinner), to_act, list(self._scores), lead, self._raw)

    @property
    def scores(self) -> list[int]:
        """Each side's total so far, play points of the round in progress included."""
        return self._scores

    # The round's state, read through Match (views, tools, tests); a position is set up
    # whole by from_position, never a part at a time
    @property
    def to_act(self) -> int:
        return self._round.to_act

    @property
    def last_placer(self) -> int | None:
        return self._round.last_placer

    @property
    def passes(self) -> int:
        """Passes in a row since the last placement (a whole lap blocks the round, COM-7)."""
        return self._round.passes

    @property
    def play_points(self) -> list[int]:
        """All Fives points each seat scored in play this round (FIVES-7)."""
        return self._round.play_points

    @property
    def hands(self) -> list[list[Tile]]:
        """Every hand as Tiles, in the order held (a fresh copy)."""
        return tile_hands(self._round.hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(TILES[t] for t in self._round.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._round.hands))

    @property
    def layout(self) -> Layout:
        """The tiles as they lie, brought up to date with this round's plays on asking."""
        layout = self._layout
        if layout is None:
            layout = self._layout = Layout(self._spinner)
        events = self.events
        if self._layout_upto < len(events):
            for event in events[self._layout_upto:]:
                if event["event"] == "play":
                    layout.place(TILE_OF_NAME[event["tile"]], event["end"])
            self._layout_upto = len(events)
        return layout

    @property
    def boneyard(self) -> list[Tile]:
        """Top first, as the log lists it."""
        return [TILES[t] for t in reversed(self._round.stock)]

    @property
    def boneyard_size(self) -> int:
        return len(self._round.stock)

    @property
    def drawable(self) -> int:
        return self._round.drawable()

    @property
    def lead_tile(self) -> Tile | None:
        lead = self._round.lead
        return TILES[lead] if lead >= 0 else None

    @property
    def lacks(self) -> list[set[int]]:
        """Numbers each seat has shown it cannot hold (public knowledge, COM-6)."""
        return self.knowledge.lacks

    @property
    def is_over(self) -> bool:
        return self.phase is MATCH_OVER

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.config.teams else seat

    def legal_moves(self) -> list[Move]:
        """The moves open to the seat to act (empty between rounds): hand order first,
        then end order (COM-3); on an empty layout every tile, or the one named (COM-8)."""
        legal = self._legal  # reset by every change of the position
        if legal is not None:
            return legal
        if self.phase is not PLAYING:  # Phase members are singletons: compiled, a pointer compare (== is a rich compare)
            return []
        r = self._round
        if r.board.empty:
            legal = [LEAD[code >> 2] for code in r.legal()]
        else:
            legal = [PLACED[code] for code in r.legal()]
        self._legal = legal
        return legal

    def round_events(self) -> list[dict[str, Any]]:
        """This round's events after round_start (what the table has seen happen)."""
        return self.events[self.round_start_index + 1 :]

    # -- changing the state ------------------------------------------------------
    def begin_round(self, deal: Deal | None = None) -> None:
        """Shuffle and deal the next round (COM-1); a `deal` from a log replaces the shuffle."""
        if self.phase not in (NEW, ROUND_OVER):
            raise IllegalMove(DEAL_BETWEEN)
        tiles = shuffled_set(self.rng)  # always drawn, so a replayed log leaves the RNG where play left it
        n = self.n
        hands = list(map(tiles.__getitem__, self._deal_slices))
        boneyard = tiles[n * self.config.hand_size :]
        if deal is not None:
            hands = [[INDEX[t] for t in h] for h in deal.hands]
            boneyard = [INDEX[t] for t in deal.boneyard]
        self.round_no += 1
        lead_tile: Tile | None
        if self.round_no == 1 and self._plaza:  # PARTNER-3: 6-6 (index 27) is always dealt
            leader, lead_tile = next(i for i, h in enumerate(hands) if 27 in h), TILES[27]
        elif self.round_no == 1:
            leader, lead_tile = self.config.rules.first_round_lead(self.config, [[TILES[t] for t in h] for h in hands],
                                                                   self.rng)
        else:
            leader, lead_tile = self._next_leader, None  # type: ignore[assignment]
        if deal is not None and deal.leader is not None and deal.leader != leader:
            if lead_tile is not None or self.round_no > 1:
                raise IllegalMove(WRONG_LEADER, seat=deal.leader, round=self.round_no, leader=leader)
            leader = deal.leader  # a lot: the log's record of it stands
        self._round = self._new_round(hands, boneyard[::-1], leader, -1 if lead_tile is None else INDEX[lead_tile])
        self._layout = None
        self.leader = leader
        self.knowledge = LackTracker(n)
        self._legal = None
        self.phase = PLAYING
        self.round_start_index = self._layout_upto = len(self._events) + len(self._raw)
        self._raw.append((_ROUND_START, self.round_no, [h[:] for h in hands], boneyard, leader))

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Play `move` for the seat to act. An illegal move raises IllegalMove and changes nothing."""
        if self.phase is not PLAYING:
            raise IllegalMove(NO_ROUND if self.phase != MATCH_OVER else MATCH_IS_OVER)
        r = self._round
        mover = r.to_act
        if seat is not None and seat != mover:
            raise IllegalMove(NOT_SEATS_TURN, mover=mover, seat=seat)
        code = PLACED_CODE.get(id(move))  # one of the shared Moves legal_moves() hands out
        if code is None or r.board.empty:  # a lead, or a Move made elsewhere
            code = self._legal_code(move)
        elif not r.is_legal(code >> 2, code & 3):
            raise IllegalMove(self._why_illegal(move))
        self._raw.append((_PLAY, mover, move))
        if self.knowledge.pending:
            self.knowledge.played(mover)
        scored = r.place(code >> 2, code & 3)
        self._legal = None
        if scored and self._score_in_play(mover, scored):
            return
        if r.over:
            self._end_round()
            return
        seat = mover + 1
        if seat == self.n:
            seat = 0
        if r.masks[seat] & r.board.ends:  # the next seat can play: the usual case
            r.to_act = seat
            return
        self._advance(seat)

    def _legal_code(self, move: Move) -> int:
        """The code (bits.py) of `move` if it is legal now; else IllegalMove says why."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for m in legal:  # by identity first: comparing Moves compares Tiles, slowly
            if m is move:
                return CODE[id(m)]
        try:
            return CODE[id(legal[legal.index(move)])]  # an equal Move made elsewhere
        except ValueError:
            raise IllegalMove(self._why_illegal(move)) from None

    def pass_turn(self) -> None:
        """A request to pass or draw: always refused, because the engine passes and
        draws by itself exactly when the rules force it (COM-4, COM-5, COM-6)."""
        if self.phase is not PLAYING:
            raise IllegalMove(NO_ROUND)
        fits = ", ".join(sorted({str(m.tile) for m in self.legal_moves()}))
        raise IllegalMove(MUST_PLAY, seat=self.to_act, fits=fits)

    # -- internals -------------------------------------------------------------
    def _why_illegal(self, move: Move) -> Phrase:
        seat = self.to_act
        tile = str(move.tile)
        if move.tile not in self.hand(seat):
            return Phrase(NOT_HELD, seat=seat, tile=tile)
        if self._round.board.empty:
            if move.end is not None:
                return Phrase(LEAD_TAKES_NO_END, tile=tile)
            return Phrase(LEAD_WITH, tile=str(self.lead_tile))
        if move.end is None:
            return Phrase(NEEDS_END, tile=tile)
        value = self.layout.end_value(move.end)
        if value is None:
            return Phrase(END_NOT_OPEN, end=end_phrase(move.end))
        return Phrase(NO_MATCH, tile=tile, end=end_phrase(move.end), value=value)

    def _advance(self, seat: int) -> None:
        """Hand the turn on, drawing and passing for every seat that must (COM-5, COM-6),
        and note what each draw and pass shows of the seat's hand."""
        r, raw = self._round, self._raw
        start = len(raw)
        r.advance(seat)
        if len(raw) > start:
            ends = r.board.values()
            knowledge = self.knowledge
            for i in range(start, len(raw)):
                record = raw[i]
                if record[0] == _DRAW:
                    knowledge.drew(record[1], ends)
                else:
                    knowledge.passed(record[1], ends)
        if r.over:  # a whole lap of passes: nobody can play (COM-7 b)
            self._end_round()
